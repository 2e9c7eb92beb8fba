/**
 * Setup for one describe block: what a file starts once per block (a service per variant of a
 * `describe.each`, a core, a proxy), without the `let x; beforeAll(...); afterAll(...)` copies.
 * The file-scoped fixtures of fixtures.ts cannot do it: vitest refuses to override a file-scoped
 * fixture inside a describe block.
 *
 *   describe.each(VARIANT_NAMES)('... against the %s service', (variant) => {
 *     const service = useService({ cameras: 40, hours: 2, variant });
 *     const proxy = useProxy(service);
 *     it('...', async () => { await fetch(`${proxy.url}/v1/cameras`) ... });
 *   });
 *
 * Each call registers a beforeAll that starts the thing and an afterAll that stops it, in the
 * block it is called in (or the file, at the top level), and returns a handle that stands for it
 * from the beforeAll on: its properties and methods are those of the started thing. Handles made
 * from handles start in order and stop in reverse (vitest runs afterAll hooks as a stack), so a
 * proxy stops before its service. A beforeAll written after them sees them started.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Core, CoreOptions } from '../../src/engine/core.ts';
import { startService, type RunningService, type ServiceOptions } from '../../src/service/index.ts';
import type { ApiClient, ApiClientOptions } from '../../src/engine/api/index.ts';
import { demoClient, type RecordingProxy, type TestService, type World } from './api.ts';
import type { ServiceUnderTest } from './service.ts';
import {
  accountCoreSetup,
  demoCoreSetup,
  offlineCoreSetup,
  proxySetup,
  serviceSetup,
  serviceUnderTestSetup,
  type DemoWorld,
  type OnCleanup,
} from './setups.ts';
import { tempDir } from './core.ts';

/**
 * What `setup` returns, started before the block's tests and handed to them through the handle;
 * the cleanups it registers run after the block's tests, last registered first, even when setup
 * failed half-way (what it had started is stopped).
 */
export function perDescribe<T extends object>(setup: (onCleanup: OnCleanup) => T | Promise<T>): T {
  let value: T | undefined;
  const cleanups: (() => void | Promise<void>)[] = [];
  beforeAll(async () => {
    value = await setup((cleanup) => cleanups.push(cleanup));
  });
  afterAll(async () => {
    value = undefined;
    while (cleanups.length > 0) await cleanups.pop()!();
  });
  const started = (): T => {
    if (value === undefined) {
      throw new Error(
        'A per-describe handle was used outside the tests of its describe block (while the ' +
          'tests are being collected, or after its afterAll): use it inside it(), beforeAll() ' +
          'or a function they call.',
      );
    }
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      // `await handle` and vitest's printing ask for `then` before anything started.
      if (key === 'then' && value === undefined) return undefined;
      const target = started();
      const property: unknown = Reflect.get(target, key, target);
      // Methods run on the started object itself, so its private fields are found.
      return typeof property === 'function' ? property.bind(target) : property;
    },
    set: (_, key, property) => Reflect.set(started(), key, property),
    has: (_, key) => Reflect.has(started(), key),
    ownKeys: () => Reflect.ownKeys(started()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(started(), key);
      // A proxy may only report as configurable what its own (empty) target could have.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(started()),
  });
}

/** The embedded service on `world` (300 cameras over 3 hours unless it says otherwise). */
export const useService = (world: World = {}): TestService =>
  perDescribe((onCleanup) => serviceSetup(world, onCleanup));

/** A recording proxy in front of `target` (a service, or a handle of one). */
export const useProxy = (target: { url: string }): RecordingProxy =>
  perDescribe((onCleanup) => proxySetup(target, onCleanup));

/** A client of the service at `target` as its demo client (see demoClient). */
export const useClient = (
  target: { url: string },
  options: Partial<ApiClientOptions> = {},
): ApiClient => perDescribe(() => demoClient(target.url, options));

/** A core signed in to the service at `target` as its demo client, in a temp directory. */
export const useAccountCore = (
  target: { url: string },
  options: Omit<CoreOptions, 'dataDir' | 'connection'> = {},
): Core => perDescribe((onCleanup) => accountCoreSetup(target, options, onCleanup));

/** A core pointed where no service listens (see startOfflineCore). */
export const useOfflineCore = (): Core => perDescribe(offlineCoreSetup);

/** A quiet core in demo mode on `world`, in a temp directory. */
export const useDemoCore = (world: DemoWorld): Core =>
  perDescribe((onCleanup) => demoCoreSetup(world, onCleanup));

/** A temp directory, removed after the block. */
export const useTempDir = (prefix?: string): { path: string } =>
  perDescribe((onCleanup) => {
    const dir = tempDir(prefix);
    onCleanup(() => dir.remove());
    return dir;
  });

/**
 * The service as startService starts it from exactly `options`, for tests of its start; in a
 * temp directory (removed after) unless they name one.
 */
export const useBareService = (
  options: Omit<ServiceOptions, 'dataDir'> & { dataDir?: string },
): RunningService =>
  perDescribe(async (onCleanup) => {
    const dir = options.dataDir === undefined ? tempDir('roadcam-service-') : undefined;
    const service = await startService({ ...options, dataDir: options.dataDir ?? dir!.path });
    onCleanup(async () => {
      await service.close();
      dir?.remove();
    });
    return service;
  });

/** The service's side (tests/service): the service signed in, with its typed request helpers. */
export const useServiceUnderTest = (options: Partial<ServiceOptions> = {}): ServiceUnderTest =>
  perDescribe((onCleanup) => serviceUnderTestSetup(options, onCleanup));
