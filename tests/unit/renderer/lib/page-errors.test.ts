/** The page's errors reach the main log through the real contract, bounded at the page too. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startCore, type Core } from '../../../../src/engine/core.ts';
import { createLog, flushLog } from '../../../../src/engine/log.ts';
import { forwardPageErrors } from '../../../../src/renderer/lib/error-forwarding.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { tempDir } from '../../../helpers/core.ts';
import { sleep } from '../../../helpers/wait.ts';

const dir = tempDir('roadcam-page-errors-');
let core: Core | undefined;
afterAll(async () => {
  await core?.close();
  dir.remove();
});

/** What a browser dispatches on window for an uncaught error. */
function errorEvent(error: Error): Event {
  return Object.assign(new Event('error'), {
    message: `Uncaught ${error.name}: ${error.message}`,
    filename: 'roadcam-app://app/assets/index.js',
    lineno: 12,
    colno: 34,
    error,
  });
}

test('uncaught errors and rejections go to the main log, 20 a minute from a page in a loop', async () => {
  core = await startCore({
    dataDir: dir.path,
    connection: {
      kind: 'remote',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'x',
      clientSecret: 'unused',
    },
    log: createLog(dir.path),
    checkIntervalMs: null,
  });
  let sent = 0;
  const api: Pick<Api, 'invoke'> = {
    invoke: (channel, input) => {
      sent++;
      return core!.api.invoke(channel, input);
    },
  };
  const page = new EventTarget();
  const stop = forwardPageErrors(page, () => api);
  page.dispatchEvent(errorEvent(new TypeError('map is undefined')));
  page.dispatchEvent(
    Object.assign(new Event('unhandledrejection'), { reason: new Error('tiles failed') }),
  );
  // A page cannot forge a line of the log: its text stays on its own line.
  page.dispatchEvent(errorEvent(new Error('forged\n2026-01-01T00:00:00.000Z core stopped')));
  for (let i = 0; i < 100; i++) page.dispatchEvent(errorEvent(new RangeError(`frame ${i}`)));
  stop();
  page.dispatchEvent(errorEvent(new Error('after the cleanup')));
  expect(sent).toBe(20);

  // The page's calls reach the core in the background: time for them, then the log's flush.
  await sleep(200);
  await flushLog(core.log);
  const log = readFileSync(join(dir.path, 'logs', 'main.log'), 'utf8');
  expect(log).toMatch(
    /ERROR renderer error: Uncaught TypeError: map is undefined at roadcam-app:\/\/app\/assets\/index\.js:12:34\n {4}TypeError: map is undefined\n/,
  );
  expect(log).toMatch(/ERROR renderer unhandled rejection: Error: tiles failed\n/);
  expect(log.match(/ERROR renderer/g)).toHaveLength(20);
  expect(log).not.toMatch(/after the cleanup/);
  expect(log).not.toMatch(/^2026-01-01T00:00:00.000Z core stopped/m);
  expect(log).toMatch(
    /renderer error: Uncaught Error: forged 2026-01-01T00:00:00\.000Z core stopped/,
  );
});
