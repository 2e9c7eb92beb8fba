/** What route handlers share: the world and its store, the clock, the clients. */
import type { ClientRegistry } from './auth/clients.ts';
import type { Clock } from './clock.ts';
import type { ResponseCache } from './search/cache.ts';
import type { SearchPool } from './search/pool.ts';
import type { ServiceVariant } from './variants/index.ts';
import type { World } from './world/world.ts';

export interface ServiceContext {
  world: World;
  clock: Clock;
  clients: ClientRegistry;
  cache: ResponseCache;
  /** search workers (option searchWorkers); searches run on the main thread without */
  pool?: SearchPool;
  admin: boolean;
  /** The choices this service makes where the interface is silent (ours unless a test asks). */
  variant: ServiceVariant;
  log: (line: string) => void;
}
