import type { routesChannels } from '../../shared/ipc/routes.ts';
import { showRoute } from '../routes/show.ts';
import { RouteStore } from '../routes/store.ts';
import { findPlace } from '../routes/places.ts';
import { chosenRouter, roadThrough } from '../routes/road.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';

/**
 * Saved routes, the places and roads a route is made of (a routing service the user chose
 * draws the road), and the cameras along a route in driving order. Nothing runs in the background;
 * `routes.show` is the one way to a route's cameras, for the Route view, the CLI and any feature
 * that takes a route as its source.
 */
export function routesFeature({
  cache,
  client,
  credentials,
  db,
  log,
  network,
  service,
  settings,
}: Pick<
  CoreParts,
  'cache' | 'client' | 'credentials' | 'db' | 'log' | 'network' | 'service' | 'settings'
>): Feature<ChannelsIn<typeof routesChannels>> {
  const store = new RouteStore(db, service.key);
  const saved = (key: { id: number } | { name: string }) => {
    const route = store.get(key);
    if (route) return route;
    throw new SaidError(
      'id' in key
        ? said('routes.refused.noId', { id: String(key.id) })
        : said('routes.refused.noName', { name: key.name }),
    );
  };
  return {
    name: 'routes',
    handlers: {
      'routes.list': () => store.list(),
      'routes.save': (input) => {
        const route = store.save(input);
        log(`route saved: ${route.name} (${route.line.length} points)`);
        return route;
      },
      'routes.remove': (key) => ({ removed: store.remove(key) }),
      'routes.show': (input) => {
        const route =
          'line' in input
            ? { id: null, name: input.name ?? 'Route', line: input.line, bufferKm: input.bufferKm }
            : saved(input);
        return showRoute(client, cache.searches, route);
      },
      'routes.place': ({ q }) => findPlace(client, q),
      'routes.road': async ({ points, bufferKm }) => {
        const router = await chosenRouter(settings.get(), () => credentials.routerKey());
        const road = await roadThrough(network, router, points, bufferKm);
        const by = road.routedBy;
        if (by) log(`route found by ${by.service} at ${by.host}: ${road.line.length} points`);
        return road;
      },
      'routes.routerKey': async ({ key }) => {
        await credentials.saveRouterKey(key);
        return { saved: key !== null };
      },
    },
  };
}
