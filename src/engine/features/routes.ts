import type { routesChannels } from '../../shared/ipc/routes.ts';
import { showRoute } from '../routes/show.ts';
import { RouteStore } from '../routes/store.ts';
import { cameraSummary } from '../../shared/ipc/cameras.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/**
 * Saved routes and the cameras along a route in driving order. Nothing runs in the background;
 * `routes.show` is the one way to a route's cameras, for the Route view, the CLI and any feature
 * that takes a route as its source.
 */
export function routesFeature({
  cache,
  client,
  db,
  log,
  service,
}: Pick<CoreParts, 'cache' | 'client' | 'db' | 'log' | 'service'>): Feature<
  ChannelsIn<typeof routesChannels>
> {
  const store = new RouteStore(db, service.key);
  const saved = (key: { id: number } | { name: string }) => {
    const route = store.get(key);
    if (route) return route;
    const which = 'id' in key ? `with the id ${key.id}` : `named "${key.name}"`;
    throw new Error(`No saved route ${which}: see the saved routes (roadcam route list).`);
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
      'routes.place': async ({ q }) => {
        const found = (await client.cameras.search({ q, limit: 1 })).features[0];
        if (!found) {
          throw new Error(
            `No camera matches "${q}": type a city, a road or a camera's name, or draw the route.`,
          );
        }
        return { q, camera: cameraSummary(found) };
      },
    },
  };
}
