import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { typedByUser } from '../../src/engine/consent/gate.ts';
import { startCore, type Core, type CoreOptions } from '../../src/engine/core.ts';
import { DEMO_CLIENT } from '../../src/service/index.ts';
import { startWebHost, type WebHost } from '../../src/web/host.ts';

export function tempDir(prefix = 'roadcam-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * A core pointed at a service address where nothing listens: everything that does not need the
 * service works, and the status reports offline.
 */
export async function startOfflineCore(): Promise<Core & { cleanup(): Promise<void> }> {
  const dir = tempDir();
  const core = await startCore({
    dataDir: dir.path,
    connection: {
      kind: 'remote',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'nobody',
      clientSecret: 'unused',
    },
    log: () => {},
    // The test calls the core as the CLI does: what it asks for is the user's own choice.
    consent: typedByUser,
  });
  return Object.assign(core, {
    async cleanup() {
      await core.close();
      dir.remove();
    },
  });
}

export interface DemoHost {
  core: Core;
  host: WebHost;
  /** A camera with live video, and one with still images only. */
  videoCamera: string;
  stillCamera: string;
  stop(): Promise<void>;
}

/**
 * A demo core (60 cameras over 2 hours) behind browser mode's web host, for tests that go
 * through the host as the renderer does.
 */
export async function startDemoHost(token: string): Promise<DemoHost> {
  const dir = tempDir();
  const core = await startCore({
    dataDir: dir.path,
    connection: { kind: 'demo', world: { cameras: 60, hours: 2, now: '2026-11-20T12:00:00Z' } },
    log: () => {},
  });
  const host = await startWebHost({ core, staticDir: dir.path, token });
  const cameras = await core.client.cameras.search({ limit: 60 });
  return {
    core,
    host,
    videoCamera: cameras.features.find((c) => c.properties.video)!.id,
    stillCamera: cameras.features.find((c) => !c.properties.video)!.id,
    async stop() {
      await host.close();
      await core.close();
      dir.remove();
    },
  };
}

/**
 * A core signed in to the service at `baseUrl` as its demo client (an account, not demo mode),
 * its data in `dataDir`; quiet unless `options.log` says otherwise.
 */
export function startAccountCore(
  dataDir: string,
  baseUrl: string,
  options: Omit<CoreOptions, 'dataDir' | 'connection'> = {},
): Promise<Core> {
  return startCore({
    dataDir,
    connection: {
      kind: 'remote',
      baseUrl,
      clientId: DEMO_CLIENT.id,
      clientSecret: DEMO_CLIENT.secret,
    },
    log: () => {},
    // As the CLI: the test's calls are the user's choices (browser mode: startDemoHost).
    consent: typedByUser,
    ...options,
  });
}
