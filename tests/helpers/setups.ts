/**
 * What the tests start and stop around themselves, each written once and handed a place to
 * register its cleanups (vitest's `onCleanup`): the file-scoped fixtures (fixtures.ts) and the
 * per-describe handles (per-describe.ts) are both made of these. Each calls `onCleanup` once, as
 * vitest allows a fixture.
 */
import { typedByUser } from '../../src/engine/consent/gate.ts';
import { startCore, type Core, type CoreOptions } from '../../src/engine/core.ts';
import type { ServiceOptions } from '../../src/service/index.ts';
import {
  startRecordingProxy,
  startTestService,
  type RecordingProxy,
  type TestService,
  type World,
} from './api.ts';
import { startAccountCore, startOfflineCore, tempDir } from './core.ts';
import { startServiceUnderTest, type ServiceUnderTest } from './service.ts';

export type OnCleanup = (cleanup: () => void | Promise<void>) => void;

export type DemoWorld = Extract<CoreOptions['connection'], { kind: 'demo' }>['world'];

/** The embedded service on `world` (300 cameras over 3 hours unless it says otherwise). */
export async function serviceSetup(world: World, onCleanup: OnCleanup): Promise<TestService> {
  const service = await startTestService(world);
  onCleanup(() => service.stop());
  return service;
}

/** A recording proxy in front of `target` (a service, or a handle of one). */
export async function proxySetup(
  target: { url: string },
  onCleanup: OnCleanup,
): Promise<RecordingProxy> {
  const proxy = await startRecordingProxy(target.url);
  onCleanup(() => proxy.close());
  return proxy;
}

/**
 * A core signed in to the service at `target` as its demo client (see startAccountCore), its
 * data in a temp directory removed with it.
 */
export async function accountCoreSetup(
  target: { url: string },
  options: Omit<CoreOptions, 'dataDir' | 'connection'>,
  onCleanup: OnCleanup,
): Promise<Core> {
  return coreInTempDir((dataDir) => startAccountCore(dataDir, target.url, options), onCleanup);
}

/** A core pointed where no service listens (see startOfflineCore). */
export async function offlineCoreSetup(onCleanup: OnCleanup): Promise<Core> {
  const core = await startOfflineCore();
  onCleanup(() => core.cleanup());
  return core;
}

/** A quiet core in demo mode on `world`, its data in a temp directory removed with it. */
export async function demoCoreSetup(world: DemoWorld, onCleanup: OnCleanup): Promise<Core> {
  return coreInTempDir(
    (dataDir) =>
      startCore({
        dataDir,
        connection: { kind: 'demo', world },
        log: () => {},
        // As the CLI: the test's calls are the user's choices.
        consent: typedByUser,
      }),
    onCleanup,
  );
}

/** A core started in a temp directory; the directory goes with it, or at once if it fails. */
async function coreInTempDir(
  start: (dataDir: string) => Promise<Core>,
  onCleanup: OnCleanup,
): Promise<Core> {
  const dir = tempDir();
  try {
    const core = await start(dir.path);
    onCleanup(async () => {
      await core.close();
      dir.remove();
    });
    return core;
  } catch (error) {
    dir.remove();
    throw error;
  }
}

/** The service's side (tests/service): the service signed in, with its typed request helpers. */
export async function serviceUnderTestSetup(
  options: Partial<ServiceOptions>,
  onCleanup: OnCleanup,
): Promise<ServiceUnderTest> {
  const t = await startServiceUnderTest(options);
  onCleanup(() => t.close());
  return t;
}
