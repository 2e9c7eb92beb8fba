/** The connection check says why a service cannot be reached: the status bar and the log show it. */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startAccountCore, tempDir } from '../../helpers/core.ts';

/** A port nothing listens on: one just closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the connection check', () => {
  it('gives the reason a service is offline, in words', async () => {
    const dir = tempDir('roadcam-connection-');
    const port = await closedPort();
    const core = await startAccountCore(dir.path, `http://127.0.0.1:${port}`);
    try {
      const status = await core.api.invoke('app.checkConnection', {});
      expect(status.online).toBe(false);
      expect(status.offlineReason).toMatch(
        new RegExp(`could not reach http://127\\.0\\.0\\.1:${port}.*\\(ECONNREFUSED\\)`),
      );
    } finally {
      await core.close();
      dir.remove();
    }
  });
});
