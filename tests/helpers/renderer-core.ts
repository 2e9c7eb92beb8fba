/**
 * A vitest fixture for the renderer's state classes tested against a real core: a demo core
 * (its own data folder, a small synthetic world) per test file, reached through the core's
 * direct transport, which validates every input exactly as the renderer's transports do.
 */
import { test as base } from 'vitest';
import { typedByUser } from '../../src/engine/consent/gate.ts';
import { startCore, type Core } from '../../src/engine/core.ts';
import { tempDir } from './core.ts';

/** The demo world's clock: fixed, so the world and its answers are the same on every run. */
export const DEMO_NOW = '2026-11-20T12:00:00Z';

export const test = base.extend<{ core: Core }>({
  core: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its first argument
    async ({}, use) => {
      const dir = tempDir('roadcam-renderer-');
      const core = await startCore({
        dataDir: dir.path,
        connection: { kind: 'demo', world: { cameras: 60, hours: 2, now: DEMO_NOW } },
        log: () => {},
        // The direct transport stands for the desktop window whose user agreed to each change.
        consent: typedByUser,
      });
      await use(core);
      await core.close();
      dir.remove();
    },
    { scope: 'file' },
  ],
});
