import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../src/main/core.ts';

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
  });
  return Object.assign(core, {
    async cleanup() {
      await core.close();
      dir.remove();
    },
  });
}
