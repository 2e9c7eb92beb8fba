import { join } from 'node:path';
import type { Log } from './log.ts';

/** Overrides of the demo world, for tests and benchmarks that want a small or a fixed world. */
export interface DemoWorld {
  cameras?: number;
  hours?: number;
  now?: string;
  /** Another service's choices where the interface is silent (tests: service variants). */
  variant?: string;
}

export interface EmbeddedService {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Demo mode: the embedded service on 127.0.0.1 with its default (demo) world, its data kept in
 * `<dataDir>/demo-service` so the world persists and catches up between starts.
 */
export async function startEmbeddedService(
  dataDir: string,
  log: Log,
  world: DemoWorld = {},
): Promise<EmbeddedService> {
  // Loaded only in demo mode: a remote account never pays for the embedded service.
  const { DEMO_CLIENT, startService } = await import('../service/index.ts');
  const service = await startService({
    ...world,
    dataDir: join(dataDir, 'demo-service'),
    log: (line) => log(`service: ${line}`),
  });
  return {
    url: service.url,
    clientId: DEMO_CLIENT.id,
    clientSecret: DEMO_CLIENT.secret,
    close: () => service.close(),
  };
}
