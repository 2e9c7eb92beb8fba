/** `roadcam <kind> search|show` and `roadcam recordings create` (many cameras: record-cameras.ts). */
import { randomUUID } from 'node:crypto';
import type { GeoKind } from '../../engine/index.ts';
import { said } from '../../shared/i18n/translator.ts';
import { checkFlags, flag, intFlag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import {
  featureRows,
  FEATURE_COLUMNS,
  note,
  printJson,
  printLines,
  printNdjson,
  printTable,
  progress,
  tableView,
  type TableView,
} from '../output.ts';
import { searchFlagNames, searchParams, unitsFlag } from '../search-flags.ts';
import { createForCameras, recordAndDownload } from './record-cameras.ts';
import { CREATE_RECORDING_FLAGS } from './flags.ts';

export async function search(ctx: Context, kind: GeoKind): Promise<number> {
  const names = searchFlagNames(kind);
  checkFlags(ctx.argv, [...names, ...GLOBAL_FLAGS], `roadcam ${kind} search`);
  const params = searchParams(kind, ctx.argv, names);
  const units = unitsFlag(ctx.argv);
  return withEngine(ctx, async (engine) => {
    const view = tableView(units, await invoke(engine, 'settings.get', {}), ctx.env, ctx.words);
    if (ctx.argv.switches.has('all')) return searchEverything(ctx, engine, kind, params, view);
    const outcome = await invoke(engine, 'cli.search', { kind, params });
    if (outcome.fromCache) {
      note(ctx.io, ctx.words.t('cli.search.cached', { fetchedAt: outcome.fetchedAt }));
    }
    const { features, properties } = outcome.collection;
    const aggs = properties?.aggs ?? {};
    if (ctx.json) {
      printNdjson(ctx.io, features);
      if (params.aggs) printJson(ctx.io, { aggs });
      return 0;
    }
    printTable(ctx.io, FEATURE_COLUMNS[kind].headers, featureRows(kind, features as never, view));
    const from = properties.skip + (features.length > 0 ? 1 : 0);
    const page = { from, to: properties.skip + features.length, total: properties.total, kind };
    note(ctx.io, ctx.words.t('cli.search.page', page));
    for (const [name, buckets] of Object.entries(aggs)) {
      ctx.io.stdout.write(`\n`);
      printTable(
        ctx.io,
        [name, 'count'],
        buckets.map((b) => ({ [name]: String(b.key), count: String(b.doc_count) })),
      );
    }
    return 0;
  });
}

/** --all: every result past the 4,100 paging ceiling, by splitting the bounding box. */
async function searchEverything(
  ctx: Context,
  engine: Engine,
  kind: GeoKind,
  params: Record<string, unknown>,
  view: TableView,
): Promise<number> {
  const bar = progress(ctx.io);
  const operationId = `cli-${randomUUID()}`;
  const stop = engine.on('cli.progress', (p) => {
    if (p.operationId !== operationId) return;
    bar.update(ctx.words.t('cli.search.progress', { found: p.found, kind, requests: p.requests }));
  });
  const result = await invoke(engine, 'cli.searchAll', { kind, params, operationId }).finally(
    () => {
      stop();
      bar.done();
    },
  );
  const features = result.features as never[];
  if (ctx.json) printNdjson(ctx.io, features);
  else printTable(ctx.io, FEATURE_COLUMNS[kind].headers, featureRows(kind, features, view));
  const all = { count: result.features.length, kind, requests: result.requests };
  note(ctx.io, ctx.words.t('cli.search.all', all));
  if (result.incomplete.length > 0) {
    note(ctx.io, ctx.words.t('cli.search.incomplete', { count: result.incomplete.length }));
    return 1;
  }
  return 0;
}

export async function show(ctx: Context, kind: GeoKind, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, `roadcam ${kind} show`);
  if (!id) throw new UsageError(said('cli.needsWord', { command: `${kind} show`, what: 'id' }));
  return withEngine(ctx, async (engine) => {
    const feature = await invoke(engine, 'cli.show', { kind, id });
    if (ctx.json) printJson(ctx.io, feature);
    else {
      const rows = [
        ['id', feature.id],
        ['geometry', JSON.stringify(feature.geometry.coordinates)],
        ...Object.entries(feature.properties).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      ];
      printTable(
        ctx.io,
        ['field', 'value'],
        rows.map(([field, value]) => ({ field: field!, value: value! })),
      );
    }
    return 0;
  });
}

export async function createRecording(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...CREATE_RECORDING_FLAGS, ...GLOBAL_FLAGS], 'roadcam recordings create');
  const cameraId = flag(ctx.argv, 'camera_id');
  if (!cameraId) throw new UsageError(said('cli.recordings.needsCamera'));
  const body = {
    camera_id: cameraId,
    duration: intFlag(ctx.argv, 'duration', 1, 1800),
    start: flag(ctx.argv, 'start'),
    tags: flag(ctx.argv, 'tags'),
  };
  // Several cameras (A,B,C), or a download: one recording per camera (record-cameras.ts).
  const cameraIds = [
    ...new Set(
      cameraId
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  const many = { cameraIds, duration: body.duration, start: body.start, tags: body.tags };
  if (flag(ctx.argv, 'download') !== undefined) return recordAndDownload(ctx, many);
  if (flag(ctx.argv, 'format') !== undefined) {
    throw new UsageError(said('cli.recordings.formatNeedsDownload'));
  }
  if (cameraIds.length > 1) return createForCameras(ctx, many);
  return withEngine(ctx, async (engine) => {
    const created = await invoke(engine, 'cli.recordings.create', body);
    if (ctx.json) printJson(ctx.io, created);
    else printLines(ctx.io, [created.recording_id]);
    return 0;
  });
}
