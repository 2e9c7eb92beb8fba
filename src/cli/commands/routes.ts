/**
 * `roadcam route list|show|save|remove`: the app's saved routes, through the app's contract
 * (core-call.ts), so a route saved here is the one the Route view shows and the reverse.
 * Distances are in the user's unit (--units, else the settings, else the locale).
 */
import { decodePolyline } from '../../shared/geo.ts';
import {
  MAX_ROUTE_STOPS,
  type RouteCamera,
  type RoutePlace,
  type RouteShown,
} from '../../shared/ipc/routes.ts';
import { DEFAULT_BUFFER_KM } from '../../shared/route-link.ts';
import { sensorLabel } from '../../shared/sensors.ts';
import { formatDistance, parseDistance } from '../../shared/units.ts';
import { checkFlags, flag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import { note, printJson, printNdjson, printTable, tableView, type TableView } from '../output.ts';
import { unitsFlag } from '../search-flags.ts';

export const ROUTE_SAVE_FLAGS = ['polyline', 'from', 'to', 'via', 'buffer', 'units'];
export const ROUTE_VIEW_FLAGS = ['units'];

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
      note(ctx.io, `${routes.length} saved routes`);
    }
    return 0;
  });
}

export async function showRouteCommand(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...ROUTE_VIEW_FLAGS, ...GLOBAL_FLAGS], 'roadcam route show');
  if (!name) throw new UsageError('roadcam route show needs the name of a saved route.');
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
      direction: directionWords(c),
      road: reading(c, 'road_weather'),
      visibility: reading(c, 'visibility'),
      precip: reading(c, 'precip'),
      description: c.name,
    })),
  );
  const { route } = shown;
  const count = shown.complete ? `${shown.cameras.length}` : `at least ${shown.cameras.length}`;
  note(
    ctx.io,
    `${count} cameras along ${route.name} (${distance(route.lengthKm)}, within ${distance(route.bufferKm)} of the line)`,
  );
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
  note(ctx.io, `${shown.alerts.length} alerts touch the route`);
}

function directionWords(camera: RouteCamera): string {
  if (camera.direction === 'same') return 'your direction';
  if (camera.direction === 'opposite') return 'opposite direction';
  return '';
}

function reading(camera: RouteCamera, type: 'road_weather' | 'visibility' | 'precip'): string {
  const value = camera.sensors[type];
  return value === null ? '' : (sensorLabel(type, value) ?? String(value));
}

export async function saveRoute(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...ROUTE_SAVE_FLAGS, ...GLOBAL_FLAGS], 'roadcam route save');
  if (!name) throw new UsageError('roadcam route save needs a name for the route.');
  const polyline = flag(ctx.argv, 'polyline');
  const [from, to] = [flag(ctx.argv, 'from'), flag(ctx.argv, 'to')];
  if ((polyline === undefined) === (from === undefined && to === undefined)) {
    throw new UsageError('roadcam route save takes --polyline, or --from and --to.');
  }
  if (polyline === undefined && (from === undefined || to === undefined)) {
    throw new UsageError('roadcam route save needs both --from and --to.');
  }
  const via = ctx.argv.flags.filter(([n]) => n === 'via').map(([, value]) => value);
  if (via.length > MAX_ROUTE_STOPS) {
    throw new UsageError(`roadcam route save takes at most ${MAX_ROUTE_STOPS} --via stops.`);
  }
  if (via.length > 0 && polyline !== undefined) {
    throw new UsageError('--via goes with --from and --to, not with --polyline.');
  }
  return withEngine(ctx, async (engine) => {
    const view = await viewOf(ctx, engine);
    const bufferKm = bufferOf(ctx, view);
    const road =
      polyline === undefined
        ? await placesRoad(engine, [from!, ...via, to!], bufferKm)
        : { line: decoded(polyline), routedBy: null };
    const saved = await invoke(engine, 'routes.save', { name, line: road.line, bufferKm });
    if (ctx.json) printJson(ctx.io, saved);
    else {
      const along =
        polyline !== undefined
          ? ''
          : road.routedBy
            ? `, along the roads (${road.routedBy})`
            : ', a straight line between the places (no routing service in Settings: roadcam settings set routingService osrm)';
      note(
        ctx.io,
        `Saved ${saved.name}: ${formatDistance(saved.lengthKm, view.unit, view.locale)}, ${saved.line.length} points${along}.`,
      );
    }
    return 0;
  });
}

function bufferOf(ctx: Context, view: TableView): number {
  const text = flag(ctx.argv, 'buffer');
  if (text === undefined) return DEFAULT_BUFFER_KM;
  const km = parseDistance(text, view.unit);
  if (km === null) {
    throw new UsageError(`--buffer is a distance such as 2km, 1.5mi or 800m; not "${text}".`);
  }
  return km;
}

function decoded(polyline: string): [number, number][] {
  try {
    return decodePolyline(polyline).map(([lon, lat]) => [lon, lat]);
  } catch (error) {
    throw new UsageError(
      `--polyline is not an encoded polyline: ${(error as Error).message}. Copy it whole from the routing app.`,
    );
  }
}

/**
 * The line through the typed places (start, stops, end): each found as the Route view finds it
 * (coordinates, a city, a camera); a name several cities share is refused with the list.
 */
async function placesRoad(
  engine: Engine,
  typed: string[],
  bufferKm: number,
): Promise<{ line: [number, number][]; routedBy: string | null }> {
  const found = await Promise.all(typed.map((q) => invoke(engine, 'routes.place', { q })));
  const points = found.map(({ q, place, choices }): [number, number] => {
    if (place) return [place.lon, place.lat];
    throw new UsageError(
      `"${q}" is the name of several places: ${choices.map(placeWords).join('; ')}. Type the one you mean with its state or country ("${choices[0]!.name}"), or "lat,lon".`,
    );
  });
  const road = await invoke(engine, 'routes.road', { points, bufferKm });
  return { line: road.line.map(([lon, lat]) => [lon, lat]), routedBy: road.routedBy };
}

function placeWords(place: RoutePlace): string {
  return place.population === null
    ? place.name
    : `${place.name} (${place.population.toLocaleString('en-US')} people)`;
}

export async function removeRoute(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam route remove');
  if (!name) throw new UsageError('roadcam route remove needs the name of a saved route.');
  return withEngine(ctx, async (engine) => {
    const { removed } = await invoke(engine, 'routes.remove', { name });
    if (!removed) throw new Error(`No saved route named "${name}": see roadcam route list.`);
    if (ctx.json) printJson(ctx.io, { removed: name });
    else note(ctx.io, `Removed ${name}.`);
    return 0;
  });
}
