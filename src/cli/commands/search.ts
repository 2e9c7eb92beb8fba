/** `roadcam <kind> search|show` and `roadcam recordings create` (many cameras: record-cameras.ts). */
import type { GeoKind } from '../../engine/api/index.ts';
import { searchWithCache } from '../../engine/cache/index.ts';
import type { Core } from '../../engine/core.ts';
import { checkFlags, flag, intFlag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, withCore, type Context } from '../context.ts';
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

export async function search(ctx: Context, kind: GeoKind): Promise<number> {
  const names = searchFlagNames(kind);
  checkFlags(ctx.argv, [...names, ...GLOBAL_FLAGS], `roadcam ${kind} search`);
  const params = searchParams(kind, ctx.argv, names);
  const units = unitsFlag(ctx.argv);
  return withCore(ctx, async (core) => {
    const view = tableView(units, await core.api.invoke('settings.get', {}), ctx.env);
    if (ctx.argv.switches.has('all')) return searchEverything(ctx, core, kind, params, view);
    const outcome = await searchWithCache(core.client, core.cache.searches, kind, params as never);
    if (outcome.fromCache) {
      note(
        ctx.io,
        `The service could not be reached: showing results cached at ${outcome.fetchedAt}.`,
      );
    }
    const { features, properties } = outcome.collection;
    const aggs = properties?.aggs ?? {};
    if (ctx.json) {
      printNdjson(ctx.io, features);
      if (params.aggs) printJson(ctx.io, { aggs });
      return 0;
    }
    printTable(ctx.io, FEATURE_COLUMNS[kind].headers, featureRows(kind, features, view));
    const from = properties.skip + (features.length > 0 ? 1 : 0);
    note(ctx.io, `${from}-${properties.skip + features.length} of ${properties.total} ${kind}`);
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
  core: Core,
  kind: GeoKind,
  params: Record<string, unknown>,
  view: TableView,
): Promise<number> {
  const bar = progress(ctx.io);
  const result = await core.client.searchAll(kind, params as never, {
    onProgress: ({ found, requests }) => bar.update(`${found} ${kind} found, ${requests} requests`),
  });
  bar.done();
  core.cache.searches.putAll(kind, params, result.features);
  if (ctx.json) printNdjson(ctx.io, result.features);
  else printTable(ctx.io, FEATURE_COLUMNS[kind].headers, featureRows(kind, result.features, view));
  note(ctx.io, `${result.features.length} ${kind} in ${result.requests} requests`);
  if (result.incomplete.length > 0) {
    note(
      ctx.io,
      `Warning: ${result.incomplete.length} spot(s) hold more than the service can page through; some results there are missing. Narrow the search with more filters.`,
    );
    return 1;
  }
  return 0;
}

export async function show(ctx: Context, kind: GeoKind, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, `roadcam ${kind} show`);
  if (!id) throw new UsageError(`roadcam ${kind} show needs an id.`);
  return withCore(ctx, async (core) => {
    const feature = await core.client[kind].show(id);
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

export const CREATE_RECORDING_FLAGS = [
  'camera_id',
  'duration',
  'start',
  'tags',
  'download',
  'format',
];

export async function createRecording(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...CREATE_RECORDING_FLAGS, ...GLOBAL_FLAGS], 'roadcam recordings create');
  const cameraId = flag(ctx.argv, 'camera_id');
  if (!cameraId) throw new UsageError('roadcam recordings create needs --camera_id ID.');
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
    throw new UsageError('--format goes with --download DIR: the files to download.');
  }
  if (cameraIds.length > 1) return createForCameras(ctx, many);
  return withCore(ctx, async (core) => {
    const created = await core.client.recordings.create(body);
    if (ctx.json) printJson(ctx.io, created);
    else printLines(ctx.io, [created.recording_id]);
    return 0;
  });
}
