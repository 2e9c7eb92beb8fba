/** What route handlers share: the world and its store, the clock, the clients. */
import type { ClientRegistry } from './auth/clients.ts';
import type { Clock } from './clock.ts';
import type { ResponseCache } from './search/cache.ts';
import type { SearchPool } from './search/pool.ts';
import type { World } from './world/world.ts';

export interface ServiceContext {
  world: World;
  clock: Clock;
  clients: ClientRegistry;
  cache: ResponseCache;
  /** search workers (option searchWorkers); searches run on the main thread without */
  pool?: SearchPool;
  admin: boolean;
  log: (line: string) => void;
}
