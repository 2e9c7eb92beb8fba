/** What route handlers share: the world and its store, the clock, the clients. */
import type { ClientRegistry } from './auth/clients.ts';
import type { Clock } from './clock.ts';
import type { ResponseCache } from './search/cache.ts';
import type { World } from './world/world.ts';

export interface ServiceContext {
  world: World;
  clock: Clock;
  clients: ClientRegistry;
  cache: ResponseCache;
  admin: boolean;
  log: (line: string) => void;
}
