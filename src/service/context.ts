/** What route handlers share: the world and its store, the clock, the clients. */
import type { ClientRegistry } from './auth/clients.ts';
import type { Clock } from './clock.ts';
import type { ResponseCache } from './search/cache.ts';
import type { SearchPool } from './search/pool.ts';
import type { ServiceTls } from './tls.ts';
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
  /** 'https' when the service speaks TLS: every absolute URL it hands out uses it. */
  scheme: 'http' | 'https';
  /** The server certificate and key (option tls), for each server the service runs. */
  tls?: ServiceTls;
}
