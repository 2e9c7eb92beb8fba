/**
 * `roadcam dataset export`: a labelled dataset of observation previews (docs/datasets.md), the
 * Map's "Export as dataset" on the command line. The observations are chosen with the
 * observation search's own flags; the rest says how to label, balance, split and lay them out.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { DATASET_LAYOUTS, type DatasetResult } from '../../shared/ipc/datasets.ts';
import { SENSOR_TYPES } from '../../shared/sensors.ts';
import { checkFlags, flag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { printJson, progress } from '../output.ts';
import { searchFlagNames, searchParams } from '../search-flags.ts';
import { typedObservationQuery } from './dataset-query.ts';
import type { Translator } from '../../shared/i18n/translator.ts';

const OWN_FLAGS = ['out', 'label', 'per-class', 'split', 'seed', 'layout'];
/** Paging, sorting and aggregations are the export's own business. */
const QUERY_FLAGS = searchFlagNames('observations').filter(
  (n) => !['limit', 'skip', 'sort', 'sort_dir', 'aggs', 'units'].includes(n),
);
export const DATASET_FLAGS = [...OWN_FLAGS, ...QUERY_FLAGS];

export async function exportDatasetCommand(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...DATASET_FLAGS, ...GLOBAL_FLAGS], 'roadcam dataset export');
  const request = datasetRequestOf(ctx);
  return withEngine(ctx, async (engine) => {
    const line = progress(ctx.io);
    const stop = engine.on('datasets.progress', (p) => {
      if (p.exportId === request.exportId) line.update(`${p.phase}: ${p.done} of ${p.total}`);
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
    else ctx.io.stdout.write(resultText(result, ctx.words));
    return result.failed > 0 ? 1 : 0;
  });
}

function datasetRequestOf(ctx: Context) {
  const out = flag(ctx.argv, 'out');
  if (!out) throw new UsageError('roadcam dataset export needs --out DIR: where the dataset goes.');
  const label = flag(ctx.argv, 'label');
  if (!label) {
    throw new UsageError(
      `roadcam dataset export needs --label: one of ${SENSOR_TYPES.join(', ')}.`,
    );
  }
  if (!(SENSOR_TYPES as readonly string[]).includes(label)) {
    throw new UsageError(`--label is one of ${SENSOR_TYPES.join(', ')}, not "${label}".`);
  }
  const layout = flag(ctx.argv, 'layout') ?? 'folders';
  if (!(DATASET_LAYOUTS as readonly string[]).includes(layout)) {
    throw new UsageError(`--layout is folders or flat, not "${layout}".`);
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
  if (!/^-?\d+$/.test(raw.trim()))
    throw new UsageError(`--${name} is a whole number, not "${raw}".`);
  return { [key]: Number(raw) } as Record<K, number>;
}

/** --split 0.8,0.1,0.1: train, validation, test. */
function splitOf(raw: string | undefined): { split?: [number, number, number] } {
  if (raw === undefined) return {};
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => !/^\d*\.?\d+$/.test(p))) {
    throw new UsageError(
      `--split is three ratios for train, validation and test that add up to 1 (0.8,0.1,0.1), not "${raw}".`,
    );
  }
  return { split: parts.map(Number) as [number, number, number] };
}

function resultText(r: DatasetResult, words: Translator): string {
  const lines = [
    `${r.files} images in ${r.folder} (${r.resumed ? 'completed an earlier run' : 'new'})`,
    ...r.classes.map(
      (c) =>
        `  ${c.name}: ${c.splits.train} train, ${c.splits.validation} validation, ${c.splits.test} test`,
    ),
    `  cameras: ${r.cameras.train} train, ${r.cameras.validation} validation, ${r.cameras.test} test`,
    ...r.leftOut.map((l) => `  left out: ${words.say(l.said)}`),
    '  manifest.csv, manifest.jsonl and README.md describe it.',
  ];
  return `${lines.join('\n')}\n`;
}
