import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newestDumps } from '../../../src/engine/diagnostics/crash-dumps.ts';
import {
  childGoneLine,
  gpuGoneNotice,
  ReloadGuard,
  reloadsWindow,
  windowGoneLine,
  windowGoneNotice,
} from '../../../src/desktop/crashes.ts';
import { LineBudget } from '../../../src/engine/diagnostics/rate-limit.ts';
import { redactSecrets } from '../../../src/engine/diagnostics/redact.ts';
import { batchSummary, ServiceWatch } from '../../../src/engine/diagnostics/summaries.ts';
import type { AppStatus } from '../../../src/shared/ipc/app.ts';
import type { DownloadBatchView } from '../../../src/shared/ipc/downloads.ts';
import { tempDir } from '../../helpers/core.ts';

describe('redaction', () => {
  test.each([
    ['https://x.blob.core.windows.net/c/f.mp4?sv=2024&se=2026&sp=r&sig=abc%2Bdef', 'abc%2Bdef'],
    ['GET /v1/x?access_token=tok123456 200', 'tok123456'],
    ['"Authorization":"Basic dXNlcjpwYXNz"', 'dXNlcjpwYXNz'],
    ['proxy-authorization: Basic cm9hZDpwdw==', 'cm9hZDpwdw=='],
    ['HTTPS_PROXY=http://me:s3cret@10.0.0.1:8080', 's3cret'],
    ['{"clientSecret":"abcd-1234"}', 'abcd-1234'],
    ['password=hunter22&user=me', 'hunter22'],
    ['https://cdn/v.m3u8?Policy=eyJTdGF0&Key-Pair-Id=K2AB&Signature=Zm9v', 'Zm9v'],
    // Headers written as arrays (Node's rawHeaders, a JSON dump, util.inspect).
    ["{ authorization: [ 'Bearer tok123456' ] }", 'tok123456'],
    ['["Authorization","Bearer tok123456"]', 'tok123456'],
    ['{"proxy-authorization":["Basic cm9hZDpwdw=="]}', 'cm9hZDpwdw=='],
    ['Proxy-Authorization: Negotiate YIIGhgYGKwYBBQ', 'YIIGhgYGKwYBBQ'],
    ["ProxyAgent { token: 'Basic cm9hZDpwdw==' }", 'cm9hZDpwdw=='],
    // A signed URL percent-encoded inside another URL, once or twice.
    ['/play?src=https%3A%2F%2Ff.org%2Fr.mp4%3Fsig%3Dc0ffee%26n%3D1', 'c0ffee'],
    ['u=https%3A%2F%2Ff.org%2Fa%3FX-Amz-Signature%3Df00d1234%26b%3D2', 'f00d1234'],
    ['u=https%253A%252F%252Ff.org%252Fa%253Ftoken%253Dabc123', 'abc123'],
  ])('cuts the secret of %s', (text, secret) => {
    const out = redactSecrets(text, []);
    expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });

  test('cuts a known secret wherever it is, and keeps what only names a secret', () => {
    const out = redactSecrets(
      'token held: s3cr3t-value; "tokenHeld": true, "tokenSecondsLeft": 3400',
      ['s3cr3t-value', null, undefined],
    );
    expect(out).toBe('token held: [redacted]; "tokenHeld": true, "tokenSecondsLeft": 3400');
    // Percent-encoded too: a secret given in a URL's query.
    expect(redactSecrets('GET /x?q=s3cr%2Ft%2Bv', ['s3cr/t+v'])).toBe('GET /x?q=[redacted]');
    // What was cut is not cut again; prose that names a scheme is no credential.
    expect(redactSecrets('Authorization: Bearer [redacted]; Basic settings', [])).toBe(
      'Authorization: Bearer [redacted]; Basic settings',
    );
    // The connection report's line about the token says its state, not the token.
    expect(redactSecrets('ok   Token: held; valid for 10080 more minutes', [])).toBe(
      'ok   Token: held; valid for 10080 more minutes',
    );
  });
});

describe('a window whose renderer stopped', () => {
  test('is reloaded with a notice, but not in a loop, and not when it simply exited', () => {
    let now = 0;
    const guard = new ReloadGuard(() => now);
    const crashed = { reason: 'crashed', exitCode: 11 };
    expect([1, 2, 3, 4].map(() => guard.shouldReload(crashed))).toEqual([true, true, true, false]);
    now = 61_000;
    expect(guard.shouldReload(crashed)).toBe(true);
    expect(guard.shouldReload({ reason: 'clean-exit', exitCode: 0 })).toBe(false);
    expect(windowGoneNotice({ reason: 'oom', exitCode: -536870904 })).toBe(
      'The window stopped unexpectedly (it ran out of memory) and was reloaded.',
    );
    expect(windowGoneLine(crashed, true)).toBe(
      'window renderer gone: crashed (it crashed), exit code 11; reloaded',
    );
    expect(windowGoneLine(crashed, false)).toMatch(/not reloaded: it stopped 3 times/);
  });

  test('another process is logged with its type, reason and exit code; a clean exit is not', () => {
    expect(childGoneLine({ type: 'GPU', reason: 'crashed', exitCode: 133 })).toBe(
      'GPU process gone: crashed (it crashed), exit code 133',
    );
    expect(
      childGoneLine({ type: 'Utility', name: 'Audio Service', reason: 'killed', exitCode: 9 }),
    ).toBe('Utility process (Audio Service) gone: killed (it was killed), exit code 9');
    expect(childGoneLine({ type: 'Utility', reason: 'clean-exit', exitCode: 0 })).toBeNull();
    // A GPU process that stopped may leave the window blank: reloaded; others are not.
    expect(reloadsWindow({ type: 'GPU', reason: 'crashed', exitCode: 133 })).toBe(true);
    expect(reloadsWindow({ type: 'GPU', reason: 'clean-exit', exitCode: 0 })).toBe(false);
    expect(reloadsWindow({ type: 'Utility', reason: 'crashed', exitCode: 1 })).toBe(false);
    expect(gpuGoneNotice({ reason: 'crashed', exitCode: 133 })).toBe(
      'The window stopped unexpectedly (its graphics process: it crashed) and was reloaded.',
    );
  });
});

test('a budget of lines per minute: the rest counted and said with the next admitted one', () => {
  let now = 0;
  const budget = new LineBudget(2, 60_000, () => now);
  const taken = Array.from({ length: 5 }, () => budget.take());
  expect(taken.map((t) => t.admitted)).toEqual([true, true, false, false, false]);
  now = 60_000;
  expect(budget.take()).toEqual({ admitted: true, refusedBefore: 3 });
});

describe('crash dumps in the zip', () => {
  const dir = tempDir('roadcam-dumps-');
  afterAll(() => dir.remove());

  test("the newest few, within the size bound, found in Crashpad's subfolders", async () => {
    const completed = join(dir.path, 'completed');
    mkdirSync(completed, { recursive: true });
    const sizes = { 'a.dmp': 100, 'b.dmp': 5000, 'c.dmp': 100, 'd.dmp': 100, 'note.txt': 10 };
    Object.entries(sizes).forEach(([name, bytes], i) => {
      writeFileSync(join(completed, name), Buffer.alloc(bytes));
      utimesSync(join(completed, name), 1000 + i, 1000 + i);
    });
    const dumps = await newestDumps(dir.path, 2, 1000);
    // b.dmp alone passes the bound: left out; d and c are the newest others.
    expect(dumps.map((d) => d.name)).toEqual(['d.dmp', 'c.dmp']);
    expect(await newestDumps(join(dir.path, 'absent'))).toEqual([]);
  });
});

describe('summaries in the log', () => {
  test('a finished batch: its counts, bytes and time', () => {
    const batch = {
      id: 12,
      label: 'Colorado, May',
      state: 'failed',
      message: 'the disk is full',
      createdAt: '2026-05-01T10:00:00.000Z',
      finishedAt: '2026-05-01T11:03:02.000Z',
      counts: {
        queued: 0,
        waiting: 0,
        downloading: 0,
        paused: 0,
        completed: 40,
        failed: 2,
        canceled: 1,
      },
      items: 43,
      bytesDone: 1_288_490_189,
    } as unknown as DownloadBatchView;
    expect(batchSummary(batch)).toMatch(
      /^download batch 12 "Colorado, May" failed: 43 files \(40 completed, 2 failed, 1 canceled\); 1\.\d GB in 1 h 3 min; the disk is full$/,
    );
  });

  test('the service: said when first known and at each change, not at every check', () => {
    const watch = new ServiceWatch('https://api.example.org/');
    const status = (online: boolean): AppStatus => ({
      mode: 'remote',
      serviceLabel: 'x',
      serviceUrl: 'https://api.example.org',
      tokenHeld: false,
      online,
      offlineReason: online
        ? null
        : 'could not reach https://api.example.org/v1/session (ECONNREFUSED)',
      checkedAt: '2026-11-21T12:00:00Z',
      clockOffsetMs: 0,
      version: '1',
    });
    expect(watch.lines(status(false))).toEqual([
      expect.objectContaining({
        level: 'warn',
        // Why, in the log: support reads it there.
        text: expect.stringMatching(/^service not reachable: .*\(ECONNREFUSED\)/),
      }),
    ]);
    expect(watch.lines(status(false))).toEqual([]);
    expect(watch.lines(status(true))[0]!.text).toBe(
      'service reachable: https://api.example.org/ (account, interface /v1)',
    );
    expect(watch.lines(status(false))[0]!.text).toMatch(/^service no longer reachable/);
  });
});
