import { join } from 'node:path';
import { z } from 'zod';
import type { Log } from './log.ts';
import type { ServiceOptions } from '../service/index.ts';

/** Overrides of the demo world, for tests and benchmarks that want a small or a fixed world. */
export interface DemoWorld {
  cameras?: number;
  hours?: number;
  now?: string;
  /**
   * Another service's choices where the interface is silent (tests: service variants): a
   * variant's name, or choices changed from ours (benchmarks).
   */
  variant?: ServiceOptions['variant'];
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

const worldSchema = z.strictObject({
  cameras: z.number().int().min(1).optional(),
  hours: z.number().int().min(1).optional(),
  now: z.iso.datetime({ offset: true }).optional(),
  variant: z.string().optional(),
});

/**
 * ROADCAM_DEMO_WORLD: a small or fixed demo world for the desktop app's tests (JSON, e.g.
 * `{"cameras":12,"hours":1,"now":"2026-11-20T12:00:00Z"}`); unset for the ordinary world.
 * A value that cannot be used is said in words and the ordinary world is built.
 */
export function demoWorldFromEnv(value: string | undefined): {
  world?: DemoWorld;
  problem?: string;
} {
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { problem: 'ROADCAM_DEMO_WORLD is not JSON; using the ordinary demo world' };
  }
  const world = worldSchema.safeParse(parsed);
  if (world.success) return { world: world.data };
  const why = world.error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`);
  return { problem: `ROADCAM_DEMO_WORLD (${why.join('; ')}); using the ordinary demo world` };
}
