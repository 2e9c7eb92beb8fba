/**
 * `roadcam conditions watch|list|changes|remove`: the app's condition watches, through the
 * app's contract (core-call.ts): what the Alerts view's Road conditions card does. A watch is
 * named on the command line by its name.
 */
import { CHANGE_KINDS, parseChangeKinds, type ChangeKind } from '../../shared/condition-changes.ts';
import { decodePolyline, type LonLat } from '../../shared/geo.ts';
import { said, type Translator } from '../../shared/i18n/translator.ts';
import type { ConditionTarget, ConditionWatch } from '../../shared/ipc/conditions.ts';
import { checkFlags, flag, intFlag, UsageError, type Argv } from '../argv.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import { note, printJson, printNdjson, printTable } from '../output.ts';
import { changeWord, changeValueWord } from '../sensor-words.ts';
import { CHANGES_FLAGS, WATCH_FLAGS } from './flags.ts';

export async function watchConditions(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...WATCH_FLAGS, ...GLOBAL_FLAGS], 'roadcam conditions watch');
  if (!name) throw new UsageError(said('cli.conditions.needsName'));
  const target = targetFrom(ctx.argv);
  const on = flag(ctx.argv, 'on');
  const changes = on === undefined ? [...CHANGE_KINDS] : parseChangeKinds(on);
  if (typeof changes === 'string')
    throw new UsageError(said('cli.conditions.onValue', { detail: changes }));
  return withEngine(ctx, async (engine) => {
    const existing = await invoke(engine, 'conditions.watches.list', {});
    if (existing.some((w) => w.name === name)) {
      throw new UsageError(said('cli.conditions.exists', { name }));
    }
    const list = await invoke(engine, 'conditions.watches.add', { name, target, changes });
    const watch = list.filter((w) => w.name === name).at(-1)!;
    if (ctx.json) printJson(ctx.io, watch);
    else {
      const kinds = changes.map((c) => changeWord(ctx.words, c)).join(', ');
      note(ctx.io, ctx.words.t('cli.conditions.watching', { name, changes: kinds }));
      const problem = problemWords(ctx.words, watch);
      if (problem) note(ctx.io, problem);
    }
    return 0;
  });
}

export async function listConditionWatches(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam conditions list');
  return withEngine(ctx, async (engine) => {
    const list = await invoke(engine, 'conditions.watches.list', {});
    if (ctx.json) printNdjson(ctx.io, list);
    else {
      printTable(
        ctx.io,
        ['name', 'target', 'on', 'checked_until', 'problem'],
        list.map((w) => ({
          name: w.name,
          target: targetWords(ctx.words, w.target),
          on: w.changes.join(','),
          checked_until: w.checkedUntil ?? ctx.words.t('cli.conditions.notYet'),
          problem: problemWords(ctx.words, w) ?? '',
        })),
      );
      note(ctx.io, ctx.words.t('cli.conditions.count', { count: list.length }));
    }
    return 0;
  });
}

export async function conditionChanges(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...CHANGES_FLAGS, ...GLOBAL_FLAGS], 'roadcam conditions changes');
  if (!name) throw new UsageError(said('cli.conditions.changesNeedsName'));
  const hours = intFlag(ctx.argv, 'hours', 1, 48) ?? 48;
  return withEngine(ctx, async (engine) => {
    const watch = await byName(engine, name);
    const found = await invoke(engine, 'conditions.changes', {
      id: watch.id,
      history: true,
      hours,
    });
    if (ctx.json) return (printJson(ctx.io, found), 0);
    const history = found.history!;
    // The checks' changes of the same hours: the service's times, as the snapshots' are.
    const since = history.from === null ? Infinity : Date.parse(history.from);
    const rows = [
      ...found.changes
        .filter((c) => c.time !== null && Date.parse(c.time) >= since)
        .map((c) => row(ctx.words, 'check', { ...c, time: c.time! })),
      ...history.changes.map((c) => row(ctx.words, 'snapshots', c)),
    ];
    printTable(ctx.io, ['time', 'camera', 'change', 'before', 'after', 'seen_by', 'place'], rows);
    const summary = {
      changes: history.changes.length,
      slots: history.slots,
      cameras: history.cameras,
      missing: history.missing.length,
      from: history.missing[0] ?? '',
    };
    note(ctx.io, ctx.words.t('cli.conditions.summary', summary));
    return 0;
  });
}

export async function removeConditionWatch(
  ctx: Context,
  name: string | undefined,
): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam conditions remove');
  if (!name) throw new UsageError(said('cli.conditions.removeNeedsName'));
  return withEngine(ctx, async (engine) => {
    const watch = await byName(engine, name);
    await invoke(engine, 'conditions.watches.remove', { id: watch.id });
    if (ctx.json) printJson(ctx.io, { removed: name });
    else note(ctx.io, ctx.words.t('cli.conditions.removed', { name }));
    return 0;
  });
}

async function byName(engine: Engine, name: string): Promise<ConditionWatch> {
  const list = await invoke(engine, 'conditions.watches.list', {});
  const watch = list.find((w) => w.name === name);
  if (!watch) {
    const names = list.map((w) => w.name).join(', ') || 'none';
    throw new UsageError(said('cli.conditions.noWatch', { name, names }));
  }
  return watch;
}

interface FoundChange {
  kind: ChangeKind;
  time: string;
  cameraId: string;
  place: string;
  before: number;
  after: number;
}

function row(words: Translator, by: 'check' | 'snapshots', c: FoundChange): Record<string, string> {
  return {
    time: c.time,
    camera: c.cameraId,
    change: changeWord(words, c.kind),
    before: changeValueWord(words, c.kind, c.before),
    after: changeValueWord(words, c.kind, c.after),
    seen_by: words.t('cli.conditions.seenBy', { by }),
    place: c.place,
  };
}

function targetWords(words: Translator, target: ConditionTarget): string {
  if ('cameraIds' in target) {
    return words.t('cli.conditions.targetCameras', { ids: target.cameraIds.join(',') });
  }
  const area = target.area;
  return 'polygon' in area
    ? words.t('cli.conditions.targetArea', { points: area.polygon.length })
    : words.t('cli.conditions.targetRoute', { points: area.route.length, km: area.radiusKm });
}

/** Exactly one of --bbox, --polygon, --polyline, --camera_id names what is watched. */
function targetFrom(argv: Argv): ConditionTarget {
  const given = ['bbox', 'polygon', 'polyline', 'camera_id'].filter(
    (f) => flag(argv, f) !== undefined,
  );
  if (given.length !== 1) {
    throw new UsageError(said('cli.conditions.oneTarget'));
  }
  const bbox = flag(argv, 'bbox');
  if (bbox !== undefined) return { area: { polygon: boxRing(bbox) } };
  const polygon = flag(argv, 'polygon');
  if (polygon !== undefined) return { area: { polygon: ringOf(polygon) } };
  const line = flag(argv, 'polyline');
  if (line !== undefined) {
    const precision = intFlag(argv, 'polyline_precision', 5, 6) ?? 5;
    const radius = Number(flag(argv, 'polyline_radius') ?? '1');
    if (!Number.isFinite(radius)) throw new UsageError(said('cli.conditions.radiusNumber'));
    return {
      area: { route: decodePolyline(line, precision) as [number, number][], radiusKm: radius },
    };
  }
  const ids = flag(argv, 'camera_id')!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { cameraIds: ids };
}

function boxRing(text: string): [number, number][] {
  const [w, s, e, n, ...more] = text.split(',').map(Number);
  if (more.length > 0 || ![w, s, e, n].every((v) => Number.isFinite(v))) {
    throw new UsageError(said('cli.conditions.bbox', { raw: text }));
  }
  return [
    [w!, s!],
    [e!, s!],
    [e!, n!],
    [w!, n!],
  ];
}

function ringOf(text: string): [number, number][] {
  return text.split(',').map((pair) => {
    const point = pair.trim().split(/\s+/).map(Number) as unknown as LonLat;
    if (point.length !== 2 || !point.every(Number.isFinite)) {
      throw new UsageError(said('cli.conditions.polygonPoint', { pair }));
    }
    return [point[0], point[1]];
  });
}

/** Why a watch's last check failed, in the user's language (as written, from before). */
function problemWords(words: Translator, watch: ConditionWatch): string | null {
  return watch.problemSaid ? words.say(watch.problemSaid) : watch.problem;
}
