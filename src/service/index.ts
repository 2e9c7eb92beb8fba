/**
 * The embedded road-camera service (spec: service-interface.md): start it in-process with
 * startService, or from the command line with `npm run service` (cli.ts).
 */
import type { AddressInfo } from 'node:net';
import { ClientRegistry } from './auth/clients.ts';
import { Clock, type SettableClock } from './clock.ts';
import type { ServiceContext } from './context.ts';
import { createControl, type ServiceControl } from './control.ts';
import { attachMedia, type MediaServiceOptions } from './media/services.ts';
import { createHttpServer } from './http/server.ts';
import { createRouter, signedFilesListener } from './routes/index.ts';
import { ResponseCache } from './search/cache.ts';
import { SearchPool } from './search/pool.ts';
import { prepareTls, validateTlsOption, type TlsOption } from './tls.ts';
import { resolveVariant, type ServiceChoices, type VariantName } from './variants/index.ts';
import { World } from './world/world.ts';

export type { SettableClock } from './clock.ts';
export type { ServiceControl } from './control.ts';
export type { TlsOption } from './tls.ts';
export { VARIANT_NAMES, type ServiceVariant, type VariantName } from './variants/index.ts';

/** The seed of demo mode and of a default `npm run service`: same seed, same ids. */
export const DEMO_SEED = 20261121;
export const DEMO_CLIENT = { id: 'demo', secret: 'demo-secret' } as const;
export const DEFAULT_CAMERAS = 5000;
export const MAX_CAMERAS = 100_000;
export const DEFAULT_HOURS = 48;

export interface ServiceOptions {
  /** SQLite and other files persist here; reopening an existing dir reuses (and catches up) the world */
  dataDir: string;
  /** default 0 (any free port) */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** default DEMO_SEED */
  seed?: number;
  /** default 5000, up to 100000 */
  cameras?: number;
  /** history generated at first start, default 48 */
  hours?: number;
  /** fixes the clock's start (tests); default real time */
  now?: string | Date;
  /** extra clients besides demo */
  clients?: { id: string; secret: string }[];
  /** expose the /_admin routes */
  admin?: boolean;
  /** default: silent */
  log?: (line: string) => void;
  /** live encoder cap and idle time */
  media?: MediaServiceOptions;
  /**
   * default 0: searches run on the main thread. N > 0 runs them in N worker threads with
   * their own read connections, so that every core serves searches (`npm run service` uses
   * one per core, at most 4).
   */
  searchWorkers?: number;
  /**
   * Another service's choices where the interface is silent (variants/index.ts): a named
   * variant, or choices changed from ours. Default: ours.
   */
  variant?: VariantName | string | (Partial<ServiceChoices> & { name?: string });
  /**
   * HTTPS (docs/service.md, "HTTPS"). `true`: with a CA of its own, made at first start in
   * `<dataDir>/tls/` and reused; `{ caCertFile, caKeyFile }`: its certificate signed by that
   * CA (PEM files, key unencrypted). Default: plain HTTP.
   */
  tls?: TlsOption;
}

export interface RunningService {
  /** e.g. http://127.0.0.1:43123, https://... with option tls (no trailing slash) */
  url: string;
  port: number;
  /** With option tls: the PEM of the CA that signed the service's certificate, for a client to trust */
  caCertPem?: string;
  /** ... and the file it is in */
  caCertFile?: string;
  /** the one clock all expiry and ten-minute logic uses */
  clock: SettableClock;
  /** test controls: clock, offline cameras, stalled streams, alerts, download faults */
  control: ServiceControl;
  /** stops the HTTP server, timers, closes SQLite */
  close(): Promise<void>;
}

export function validateOptions(o: ServiceOptions): void {
  const int = (name: string, v: number | undefined, min: number, max: number): void => {
    if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) {
      throw new RangeError(`${name} must be a whole number from ${min} to ${max}; got ${v}.`);
    }
  };
  int('cameras', o.cameras, 1, MAX_CAMERAS);
  int('hours', o.hours, 1, 24 * 14);
  int('port', o.port, 0, 65535);
  int('seed', o.seed, 0, 2 ** 31 - 1);
  int('searchWorkers', o.searchWorkers, 0, 16);
  validateTlsOption(o.tls);
  if (!o.dataDir) throw new RangeError('dataDir is required.');
  for (const c of o.clients ?? []) {
    if (!c.id || !c.secret) throw new RangeError('Each client needs an id and a secret.');
  }
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  validateOptions(options);
  const variant = resolveVariant(options.variant);
  const log = options.log ?? (() => {});
  const clock = new Clock(options.now);
  // Before anything opens: a CA that cannot be used stops the start with nothing to undo.
  const tls = options.tls ? prepareTls(options.tls, options.dataDir, options.host, log) : undefined;
  const world = World.open({
    dataDir: options.dataDir,
    seed: options.seed,
    cameras: options.cameras,
    hours: options.hours,
    defaults: { seed: DEMO_SEED, cameras: DEFAULT_CAMERAS, hours: DEFAULT_HOURS },
    nowS: clock.nowS(),
    log,
  });
  const s: ServiceContext = {
    world,
    clock,
    clients: new ClientRegistry([DEMO_CLIENT, ...(options.clients ?? [])]),
    cache: new ResponseCache(),
    admin: options.admin ?? false,
    variant,
    log,
    scheme: tls ? 'https' : 'http',
    tls,
  };
  if (options.searchWorkers) {
    s.pool = new SearchPool(world.db.name, options.searchWorkers, log);
    await s.pool.ready;
  }
  const media = attachMedia(s, options.dataDir, options.media);
  const server = createHttpServer(createRouter(s), s);
  const ticker = startTicker(s);
  try {
    // The signed files' own host first (variant signedHost 'cdn'): redirects name its origin.
    await media.start(options.host ?? '127.0.0.1', () => signedFilesListener(s));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    ticker.stop();
    await media.close();
    await s.pool?.close();
    world.close();
    throw e;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | undefined;
  return {
    url: `${s.scheme}://${host}:${address.port}`,
    port: address.port,
    ...(tls ? { caCertPem: tls.caCertPem, caCertFile: tls.caCertFile } : {}),
    clock,
    control: createControl(s, media),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        ticker.stop();
        // Encoders and jobs stop before the store closes under them.
        const mediaClosed = media.close();
        server.close(() => {
          void Promise.allSettled([mediaClosed, s.pool?.close()]).finally(() => {
            world.close();
            resolve();
          });
        });
        server.closeAllConnections();
      })),
  };
}

/** Catches the world up at every ten-minute mark of the clock, and whenever the clock jumps. */
function startTicker(s: ServiceContext): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    try {
      s.world.catchUp(s.clock.nowS());
    } catch (e) {
      s.log(`world update failed: ${(e as Error).message}`);
    }
    schedule();
  };
  const schedule = (): void => {
    clearTimeout(timer);
    const ms = 600_000 - (s.clock.nowMs() % 600_000) + 50;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const off = s.clock.onChange(tick);
  schedule();
  return {
    stop: () => {
      stopped = true;
      off();
      clearTimeout(timer);
    },
  };
}
