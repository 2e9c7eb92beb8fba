/**
 * `roadcam dataset export`: a labelled dataset of observation previews (docs/datasets.md), the
 * Map's "Export as dataset" on the command line. The observations are chosen with the
 * observation search's own flags; the rest says how to label, balance, split and lay them out.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { DATASET_LAYOUTS, type DatasetResult } from '../../shared/ipc/datasets.ts';
import { said, type Translator } from '../../shared/i18n/translator.ts';
import { SENSOR_TYPES } from '../../shared/sensors.ts';
import { checkFlags, flag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, pathFlag, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { printJson, progress } from '../output.ts';
import { readingWords } from '../sensor-words.ts';
import { searchParams } from '../search-flags.ts';
import { typedObservationQuery } from './dataset-query.ts';
import { DATASET_FLAGS, DATASET_QUERY_FLAGS as QUERY_FLAGS } from './flags.ts';

export async function exportDatasetCommand(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...DATASET_FLAGS, ...GLOBAL_FLAGS], 'roadcam dataset export');
  const request = datasetRequestOf(ctx);
  return withEngine(ctx, async (engine) => {
    const line = progress(ctx.io);
    const stop = engine.on('datasets.progress', (p) => {
      if (p.exportId !== request.exportId) return;
      line.update(
        ctx.words.t('cli.dataset.progress', { phase: p.phase, done: p.done, total: p.total }),
      );
    });
    // Ctrl-C cancels: the export stops saying what it kept, and a rerun completes it.
    const cancel = () => void invoke(engine, 'datasets.cancel', { exportId: request.exportId });
    process.once('SIGINT', cancel);
    let result: DatasetResult;
    try {
      result = await invoke(engine, 'datasets.export', request);
    } finally {
      process.removeListener('SIGINT', cancel);
      stop();
      line.done();
    }
    if (ctx.json) printJson(ctx.io, result);
    else ctx.io.stdout.write(resultText(ctx.words, result));
    return result.failed > 0 ? 1 : 0;
  });
}

function datasetRequestOf(ctx: Context) {
  const out = pathFlag(ctx, 'out');
  if (!out) throw new UsageError(said('cli.dataset.needsOut'));
  const label = flag(ctx.argv, 'label');
  if (!label) {
    throw new UsageError(said('cli.dataset.needsLabel', { labels: SENSOR_TYPES.join(', ') }));
  }
  if (!(SENSOR_TYPES as readonly string[]).includes(label)) {
    throw new UsageError(
      said('cli.dataset.labelValue', { labels: SENSOR_TYPES.join(', '), label }),
    );
  }
  const layout = flag(ctx.argv, 'layout') ?? 'folders';
  if (!(DATASET_LAYOUTS as readonly string[]).includes(layout)) {
    throw new UsageError(said('cli.dataset.layoutValue', { layout }));
  }
  const params = searchParams('observations', ctx.argv, QUERY_FLAGS);
  return {
    query: typedObservationQuery(params),
    label: label as (typeof SENSOR_TYPES)[number],
    ...optionalNumber('perClass', ctx, 'per-class'),
    ...optionalNumber('seed', ctx, 'seed'),
    ...splitOf(flag(ctx.argv, 'split')),
    layout: layout as (typeof DATASET_LAYOUTS)[number],
    includeNoReport: ctx.argv.switches.has('include-no-report'),
    folder: resolve(out),
    exportId: randomUUID(),
  };
}

/** A whole number flag as typed; its range is the contract's to check (and word). */
function optionalNumber<K extends string>(key: K, ctx: Context, name: string) {
  const raw = flag(ctx.argv, name);
  if (raw === undefined) return {};
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(said('cli.notWholeNumber', { name, raw }));
  return { [key]: Number(raw) } as Record<K, number>;
}

/** --split 0.8,0.1,0.1: train, validation, test. */
function splitOf(raw: string | undefined): { split?: [number, number, number] } {
  if (raw === undefined) return {};
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => !/^\d*\.?\d+$/.test(p))) {
    throw new UsageError(said('cli.dataset.split', { raw }));
  }
  return { split: parts.map(Number) as [number, number, number] };
}

/** A class's line: its word in the user's language, its id (the folder) beside it. */
function classLine(words: Translator, r: DatasetResult, c: DatasetResult['classes'][number]) {
  return { class: readingWords(words, r.label, c.value), name: c.name, ...c.splits };
}

/**
 * The export's summary: class ids (the labels) and the folder stay as they are; the words around
 * them are the user's. A left-out line is what the engine said.
 */
function resultText(words: Translator, r: DatasetResult): string {
  const resumed = r.resumed ? 'yes' : 'no';
  const lines = [
    words.t('cli.dataset.files', { files: r.files, folder: r.folder, resumed }),
    ...r.classes.map((c) => `  ${words.t('cli.dataset.class', classLine(words, r, c))}`),
    `  ${words.t('cli.dataset.cameras', r.cameras)}`,
    ...r.leftOut.map((l) => `  ${words.t('cli.dataset.leftOut', { words: words.say(l.said) })}`),
    `  ${words.t('cli.dataset.described')}`,
  ];
  return `${lines.join('\n')}\n`;
}
