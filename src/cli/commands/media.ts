/**
 * Files of the service: a camera's live image and archived images, an observation's preview,
 * the vector tiles, and the ten-minute snapshots (observations and alerts `_all`). Files go to
 * --out (or --save DIR); the path written is printed, so scripts can chain.
 */
import { resolve } from 'node:path';
import { snapshotMarkOf } from '../../engine/index.ts';
import { said } from '../../shared/i18n/translator.ts';
import { checkFlags, flag, intFlag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, pathFlag, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import { printJson, printLines, printNdjson, progress } from '../output.ts';
import { checkOut, outputChoice, saveBytes } from '../save.ts';
import { IMAGES_FLAGS, OUT_FLAGS, TILE_FLAGS } from './flags.ts';

function needOut(ctx: Context, command: string): string {
  const out = pathFlag(ctx, 'out');
  if (!out) throw new UsageError(said('cli.needsOut', { command }));
  return out;
}

/** What a command's word names, for the error when it is missing. */
type WordKind = 'camera' | 'observation' | 'time' | 'tile';

function needWord(word: string | undefined, command: string, what: WordKind): string {
  if (!word) throw new UsageError(said('cli.needsWord', { command, what }));
  return word;
}

function printSaved(ctx: Context, path: string, extra: object = {}): void {
  if (ctx.json) printJson(ctx.io, { path, ...extra });
  else ctx.io.stdout.write(`${path}\n`);
}

export async function cameraLive(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...OUT_FLAGS, ...GLOBAL_FLAGS], 'roadcam cameras live');
  const camera = needWord(id, 'cameras live', 'camera');
  return saveToOut(ctx, 'cameras live', { kind: 'live', cameraId: camera });
}

/** Lists a camera's archived image times; with --save DIR, saves each image too. */
export async function cameraImages(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...IMAGES_FLAGS, ...GLOBAL_FLAGS], 'roadcam cameras images');
  const camera = needWord(id, 'cameras images', 'camera');
  const time = flag(ctx.argv, 'time');
  const limit = intFlag(ctx.argv, 'limit', 1, 500);
  const folder = pathFlag(ctx, 'save');
  return withEngine(ctx, async (engine) => {
    const answer = await invoke(engine, 'cli.cameras.images', {
      id: camera,
      ...(time !== undefined ? { time } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    if (folder === undefined) {
      if (ctx.json) printNdjson(ctx.io, answer.times);
      else printLines(ctx.io, answer.times);
      const counted = { shown: answer.times.length, total: answer.total };
      ctx.io.stderr.write(`${ctx.words.t('cli.media.archived', counted)}\n`);
      return 0;
    }
    const line = progress(ctx.io);
    for (const [i, t] of answer.times.entries()) {
      line.update(ctx.words.t('cli.media.saving', { done: i, total: answer.times.length }));
      const path = await saveArchived(engine, camera, t, folder, outputChoice(ctx.argv).replace);
      if (ctx.json) printJson(ctx.io, { time: t, path });
      else ctx.io.stdout.write(`${path}\n`);
    }
    line.done();
    return 0;
  });
}

export async function observationPreview(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...OUT_FLAGS, ...GLOBAL_FLAGS], 'roadcam observations preview');
  const observation = needWord(id, 'observations preview', 'observation');
  return saveToOut(ctx, 'observations preview', { kind: 'preview', observationId: observation });
}

/** One file of the service (a live image, a preview) saved to --out; its path is printed. */
async function saveToOut(
  ctx: Context,
  command: string,
  source: { kind: 'live'; cameraId: string } | { kind: 'preview'; observationId: string },
): Promise<number> {
  const out = needOut(ctx, command);
  const choice = await checkOut(ctx.argv, out);
  return withEngine(ctx, async (engine) => {
    const saved = await invoke(engine, 'cli.media.save', {
      source,
      out: resolve(out),
      replace: choice.replace,
    });
    printSaved(ctx, saved.path, { contentType: saved.contentType });
    return 0;
  });
}

/**
 * A ten-minute snapshot, the time as ISO 8601 (rounded down to its ten-minute mark) or as the
 * service's own yyyyddmmThhmmZ: saved as one JSON file with --out, else printed as NDJSON,
 * one feature a line.
 */
export async function snapshot(
  ctx: Context,
  kind: 'observations' | 'alerts',
  time: string | undefined,
): Promise<number> {
  checkFlags(ctx.argv, [...OUT_FLAGS, ...GLOBAL_FLAGS], `roadcam ${kind} snapshot`);
  const mark = await snapshotMark(needWord(time, `${kind} snapshot`, 'time'));
  const out = pathFlag(ctx, 'out');
  const choice = out === undefined ? null : await checkOut(ctx.argv, out);
  return withEngine(ctx, async (engine) => {
    const collection = await invoke(engine, 'cli.snapshot', { kind, mark });
    if (out === undefined) {
      printNdjson(ctx.io, collection.features);
      const count = collection.features.length;
      ctx.io.stderr.write(`${ctx.words.t('cli.media.snapshot', { count, kind, mark })}\n`);
      return 0;
    }
    printSaved(ctx, await saveBytes(JSON.stringify(collection), out, choice!), {
      features: collection.features.length,
    });
    return 0;
  });
}

const MARK = /^\d{8}T\d{4}Z$/;

export async function snapshotMark(text: string): Promise<string> {
  if (MARK.test(text)) return text;
  const t = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(t)) {
    throw new UsageError(said('cli.notATime', { text }));
  }
  return snapshotMarkOf(new Date(t));
}

/** A vector tile (z/x/y) saved as it comes (MVT). */
export async function tile(
  ctx: Context,
  kind: 'cameras' | 'observations',
  zxy: string | undefined,
): Promise<number> {
  checkFlags(
    ctx.argv,
    [...(kind === 'observations' ? TILE_FLAGS : OUT_FLAGS), ...GLOBAL_FLAGS],
    `roadcam ${kind} tile`,
  );
  const [z, x, y] = tileAddress(needWord(zxy, `${kind} tile`, 'tile'));
  const out = needOut(ctx, `${kind} tile`);
  const choice = await checkOut(ctx.argv, out);
  const sortDir = flag(ctx.argv, 'sort_dir');
  if (sortDir !== undefined && sortDir !== 'asc' && sortDir !== 'desc') {
    throw new UsageError(said('cli.sortDir', { value: sortDir }));
  }
  return withEngine(ctx, async (engine) => {
    const saved = await invoke(engine, 'cli.tile.save', {
      kind,
      z,
      x,
      y,
      ...(sortDir ? { sortDir } : {}),
      out: resolve(out),
      replace: choice.replace,
    });
    printSaved(ctx, saved.path, { bytes: saved.bytes });
    return 0;
  });
}

/** One archived image into `folder`, named by camera and time (the extension by its type). */
async function saveArchived(
  engine: Engine,
  camera: string,
  time: string,
  folder: string,
  replace: boolean,
): Promise<string> {
  // The time's colons are not allowed in Windows file names.
  const stem = `${camera}_${time.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
  const source = { kind: 'archived' as const, cameraId: camera, time };
  const saved = await invoke(engine, 'cli.media.save', {
    source,
    out: resolve(folder, stem),
    replace,
    extensionByType: true,
  });
  return saved.path;
}

export function tileAddress(text: string): [number, number, number] {
  const m = /^(\d{1,2})\/(\d{1,9})\/(\d{1,9})$/.exec(text);
  const [z, x, y] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [NaN, NaN, NaN];
  if (!m || z > 24 || x >= 2 ** z || y >= 2 ** z) {
    throw new UsageError(said('cli.notATile', { text }));
  }
  return [z, x, y];
}
