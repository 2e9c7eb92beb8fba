/**
 * The line through a route's places: along the roads when Settings name a routing service,
 * else the straight line between them (the user then draws on the map). A routed line is
 * simplified to what a route keeps, never more than half the buffer off the road.
 */
import type { LonLat } from '../../shared/geo.ts';
import type { RoadFound } from '../../shared/ipc/routes.ts';
import { MAX_ROUTE_POINTS } from '../../shared/route-file.ts';
import { simplifyRoute } from '../../shared/route-simplify.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { Settings } from '../../shared/settings.ts';
import type { Network } from '../net/network.ts';
import { routeAlongRoads, type RouterChoice } from '../routing/router.ts';
import { ROUTER_NAMES, RoutingError } from '../routing/services.ts';

/** The routing service Settings name, with its key; null for none. */
export async function chosenRouter(
  settings: Pick<Settings, 'routingService' | 'routingUrl'>,
  routerKey: () => Promise<string | null>,
): Promise<RouterChoice | null> {
  const kind = settings.routingService;
  if (kind === 'none') return null;
  if (settings.routingUrl === '') {
    throw new RoutingError(said('routing.refused.noAddress', { name: ROUTER_NAMES[kind] }));
  }
  // Only GraphHopper's hosted service asks for a key; read from the keychain only for it.
  const key = kind === 'graphhopper' ? await routerKey() : null;
  return { kind, url: settings.routingUrl, key };
}

export async function roadThrough(
  network: Pick<Network, 'fetch'>,
  router: RouterChoice | null,
  points: readonly LonLat[],
  bufferKm: number,
): Promise<RoadFound> {
  if (router === null) return { line: [...points], routedBy: null, simplifiedFrom: null };
  const routed = await routeAlongRoads(network, router, points);
  const simple = simplifyRoute(routed, bufferKm, MAX_ROUTE_POINTS);
  if (!simple.ok) throw new RoutingError(simple.said);
  return {
    line: simple.line,
    routedBy: { service: ROUTER_NAMES[router.kind], host: new URL(router.url).host },
    simplifiedFrom: simple.line.length < routed.length ? routed.length : null,
  };
}
