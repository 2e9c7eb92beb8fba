/**
 * `roadcam route list|show|save|remove`: the app's saved routes, through the app's contract
 * (core-call.ts), so a route saved here is the one the Route view shows and the reverse.
 * Distances are in the user's unit (--units, else the settings, else the locale).
 */
import { decodePolyline } from '../../shared/geo.ts';
import { said, type Translator } from '../../shared/i18n/translator.ts';
import {
  MAX_ROUTE_STOPS,
  type RoadFound,
  type RouteCamera,
  type RoutePlace,
  type RouteShown,
} from '../../shared/ipc/routes.ts';
import { DEFAULT_BUFFER_KM, polylineProblemWords } from '../../shared/route-link.ts';
import { formatDistance, parseDistance } from '../../shared/units.ts';
import { SaidFailure } from '../args.ts';
import { checkFlags, flag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import { note, printJson, printNdjson, printTable, tableView, type TableView } from '../output.ts';
import { unitsFlag } from '../search-flags.ts';
import { readingWords } from '../sensor-words.ts';
import { ROUTE_SAVE_FLAGS, ROUTE_VIEW_FLAGS } from './flags.ts';

async function viewOf(ctx: Context, engine: Engine): Promise<TableView> {
  return tableView(unitsFlag(ctx.argv), await invoke(engine, 'settings.get', {}), ctx.env);
}

export async function listRoutes(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...ROUTE_VIEW_FLAGS, ...GLOBAL_FLAGS], 'roadcam route list');
  return withEngine(ctx, async (engine) => {
    const routes = await invoke(engine, 'routes.list', {});
    if (ctx.json) printNdjson(ctx.io, routes);
    else {
      const view = await viewOf(ctx, engine);
      printTable(
        ctx.io,
        ['name', 'length', 'buffer', 'points', 'updated_at'],
        routes.map((r) => ({
          name: r.name,
          length: formatDistance(r.lengthKm, view.unit, view.locale),
          buffer: formatDistance(r.bufferKm, view.unit, view.locale),
          points: String(r.line.length),
          updated_at: r.updatedAt,
        })),
      );
      note(ctx.io, ctx.words.t('cli.route.count', { count: routes.length }));
    }
    return 0;
  });
}

export async function showRouteCommand(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...ROUTE_VIEW_FLAGS, ...GLOBAL_FLAGS], 'roadcam route show');
  if (!name) throw new UsageError(said('cli.route.showNeedsName'));
  return withEngine(ctx, async (engine) => {
    const shown = await invoke(engine, 'routes.show', { name });
    if (ctx.json) {
      printJson(ctx.io, shown);
      return 0;
    }
    printShown(ctx, shown, await viewOf(ctx, engine));
    return 0;
  });
}

function printShown(ctx: Context, shown: RouteShown, view: TableView): void {
  const distance = (km: number) => formatDistance(km, view.unit, view.locale);
  printTable(
    ctx.io,
    ['#', 'along', 'id', 'direction', 'road', 'visibility', 'precip', 'description'],
    shown.cameras.map((c, i) => ({
      '#': String(i + 1),
      along: distance(c.alongKm),
      id: c.id,
      direction: directionWords(ctx.words, c),
      road: reading(ctx.words, c, 'road_weather'),
      visibility: reading(ctx.words, c, 'visibility'),
      precip: reading(ctx.words, c, 'precip'),
      description: c.name,
    })),
  );
  const { route } = shown;
  const along = {
    complete: shown.complete ? 'yes' : 'no',
    count: shown.cameras.length,
    name: route.name,
    length: distance(route.lengthKm),
    buffer: distance(route.bufferKm),
  };
  note(ctx.io, ctx.words.t('cli.route.cameras', along));
  if (shown.alerts.length > 0) {
    ctx.io.stdout.write('\n');
    printTable(
      ctx.io,
      ['alert', 'event', 'severity', 'expires'],
      shown.alerts.map((a) => ({
        alert: a.id,
        event: a.event,
        severity: a.severity,
        expires: a.expires ?? '',
      })),
    );
  }
  note(ctx.io, ctx.words.t('cli.route.alerts', { count: shown.alerts.length }));
}

function directionWords(words: Translator, camera: RouteCamera): string {
  const { direction } = camera;
  return direction === 'same' || direction === 'opposite'
    ? words.t('cli.route.direction', { direction })
    : '';
}

function reading(
  words: Translator,
  camera: RouteCamera,
  type: 'road_weather' | 'visibility' | 'precip',
): string {
  const value = camera.sensors[type];
  return value === null ? '' : readingWords(words, type, value);
}

export async function saveRoute(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...ROUTE_SAVE_FLAGS, ...GLOBAL_FLAGS], 'roadcam route save');
  if (!name) throw new UsageError(said('cli.route.saveNeedsName'));
  const polyline = flag(ctx.argv, 'polyline');
  const [from, to] = [flag(ctx.argv, 'from'), flag(ctx.argv, 'to')];
  if ((polyline === undefined) === (from === undefined && to === undefined)) {
    throw new UsageError(said('cli.route.lineOrPlaces'));
  }
  if (polyline === undefined && (from === undefined || to === undefined)) {
    throw new UsageError(said('cli.route.fromAndTo'));
  }
  const via = ctx.argv.flags.filter(([n]) => n === 'via').map(([, value]) => value);
  if (via.length > MAX_ROUTE_STOPS) {
    throw new UsageError(said('cli.route.tooManyStops', { max: MAX_ROUTE_STOPS }));
  }
  if (via.length > 0 && polyline !== undefined) {
    throw new UsageError(said('cli.route.viaNotPolyline'));
  }
  return withEngine(ctx, async (engine) => {
    const view = await viewOf(ctx, engine);
    const bufferKm = bufferOf(ctx, view);
    const road =
      polyline === undefined
        ? await placesRoad(ctx.words, engine, [from!, ...via, to!], bufferKm)
        : { line: decoded(polyline), routedBy: null };
    const saved = await invoke(engine, 'routes.save', { name, line: road.line, bufferKm });
    if (ctx.json) printJson(ctx.io, saved);
    else {
      const along = polyline !== undefined ? 'line' : road.routedBy ? 'roads' : 'straight';
      const words = {
        name: saved.name,
        length: formatDistance(saved.lengthKm, view.unit, view.locale),
        points: saved.line.length,
        along,
        routedBy: road.routedBy ? ctx.words.t('route.state.service', road.routedBy) : '',
      };
      note(ctx.io, ctx.words.t('cli.route.saved', words));
    }
    return 0;
  });
}

function bufferOf(ctx: Context, view: TableView): number {
  const text = flag(ctx.argv, 'buffer');
  if (text === undefined) return DEFAULT_BUFFER_KM;
  const km = parseDistance(text, view.unit);
  if (km === null) {
    throw new UsageError(said('cli.route.buffer', { raw: text }));
  }
  return km;
}

function decoded(polyline: string): [number, number][] {
  try {
    return decodePolyline(polyline).map(([lon, lat]) => [lon, lat]);
  } catch (error) {
    throw new UsageError(said('cli.route.badPolyline', { detail: polylineProblemWords(error) }));
  }
}

/**
 * The line through the typed places (start, stops, end): each found as the Route view finds it
 * (coordinates, a city, a camera); a name several cities share is refused with the list.
 */
async function placesRoad(
  words: Translator,
  engine: Engine,
  typed: string[],
  bufferKm: number,
): Promise<{ line: [number, number][]; routedBy: RoadFound['routedBy'] }> {
  const found = await Promise.all(typed.map((q) => invoke(engine, 'routes.place', { q })));
  const points = found.map(({ q, place, choices }): [number, number] => {
    if (place) return [place.lon, place.lat];
    const list = choices.map((c) => placeWords(words, c)).join('; ');
    throw new UsageError(
      said('cli.route.ambiguous', { q, choices: list, first: choices[0]!.name }),
    );
  });
  const road = await invoke(engine, 'routes.road', { points, bufferKm });
  return { line: road.line.map(([lon, lat]) => [lon, lat]), routedBy: road.routedBy };
}

function placeWords(words: Translator, place: RoutePlace): string {
  return place.population === null
    ? place.name
    : words.t('cli.route.placePeople', { name: place.name, people: place.population });
}

export async function removeRoute(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam route remove');
  if (!name) throw new UsageError(said('cli.route.removeNeedsName'));
  return withEngine(ctx, async (engine) => {
    const { removed } = await invoke(engine, 'routes.remove', { name });
    if (!removed) throw new SaidFailure(said('cli.route.noSuch', { name }));
    if (ctx.json) printJson(ctx.io, { removed: name });
    else note(ctx.io, ctx.words.t('cli.route.removed', { name }));
    return 0;
  });
}
