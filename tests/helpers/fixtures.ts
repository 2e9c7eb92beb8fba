/**
 * Vitest fixtures for the tests that need a running service or core. Each one is file-scoped: the
 * first test (or `test.beforeAll`) of a file that names it starts it, the file's other tests
 * share it, and it is closed when the file ends; the same sharing as the beforeAll/afterAll
 * blocks each file used to copy, without the copies. A file picks its world once, at its top
 * level: `test.override({ world: { cameras: 40, hours: 2 } })`.
 *
 * A file that starts one service per describe block (a loop over the service variants) takes
 * it from per-describe.ts instead (`useService(...)` in the block): vitest refuses to override a
 * file-scoped fixture inside a describe block. Both are made of the same setups (setups.ts).
 */
import { test as base } from 'vitest';
import type { ServiceOptions } from '../../src/service/index.ts';
import type { World } from './api.ts';
import { startDemoHost } from './core.ts';
import {
  demoCoreSetup,
  offlineCoreSetup,
  proxySetup,
  serviceSetup,
  serviceUnderTestSetup,
  type DemoWorld,
} from './setups.ts';

/**
 * The client's side (tests/unit): `service`, the embedded service on `world` (300 cameras over
 * 3 hours unless the file says otherwise), and `proxy`, a recording proxy in front of it.
 */
export const apiTest = base
  .extend('world', { scope: 'file' }, {} as World)
  .extend('service', { scope: 'file' }, ({ world }, { onCleanup }) =>
    serviceSetup(world, onCleanup),
  )
  .extend('proxy', { scope: 'file' }, ({ service }, { onCleanup }) =>
    proxySetup(service, onCleanup),
  );

/**
 * The service's side (tests/service): `t`, the service signed in with typed request helpers,
 * on `serviceOptions` (300 cameras over 6 hours, admin on, unless the file says otherwise).
 */
export const serviceTest = base
  .extend('serviceOptions', { scope: 'file' }, {} as Partial<ServiceOptions>)
  .extend('t', { scope: 'file' }, ({ serviceOptions }, { onCleanup }) =>
    serviceUnderTestSetup(serviceOptions, onCleanup),
  );

/** `core`: a core pointed where no service listens (see startOfflineCore), for a whole file. */
export const offlineCoreTest = base.extend(
  'core',
  { scope: 'file' },
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from this pattern
  ({}, { onCleanup }) => offlineCoreSetup(onCleanup),
);

/**
 * `demo`: a demo core behind browser mode's web host (see startDemoHost), for a whole file; the
 * host's token is `hostToken`, which a file may override.
 */
export const demoHostTest = base
  .extend('hostToken', { scope: 'file' }, 'test-token')
  .extend('demo', { scope: 'file' }, async ({ hostToken }, { onCleanup }) => {
    const demo = await startDemoHost(hostToken);
    onCleanup(() => demo.stop());
    return demo;
  });

/**
 * `core`: a quiet core in demo mode on `demoWorld` (60 cameras over 2 hours before
 * 2026-11-20T12:00Z unless the file overrides it), its data in a temp directory, for a whole file.
 */
export const demoCoreTest = base
  .extend('demoWorld', { scope: 'file' }, {
    cameras: 60,
    hours: 2,
    now: '2026-11-20T12:00:00Z',
  } as DemoWorld)
  .extend('core', { scope: 'file' }, ({ demoWorld }, { onCleanup }) =>
    demoCoreSetup(demoWorld, onCleanup),
  );
