/**
 * `roadcam download` of pasted ids starts each recording's files as soon as its own lookup
 * returns: one recording the service is slow to describe does not hold the others back; killed
 * while that lookup is still out, the same command run again adds the rest; an unknown id among
 * known ones is reported and the others still download.
 */
import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import {
  demoClient,
  expectedHashes,
  filesUnder,
  makeRecordings,
  sha256File,
  tempDir,
} from '../../helpers/downloads.ts';

let ids: string[];
let expected: Map<string, { sha256: string; size: number }>;
const dir = tempDir('roadcam-cli-lookups-');
const FORMATS = ['zip', 'mp4'] as const;

test.override({ world: { cameras: 300, hours: 2 } });
test.beforeAll(async ({ service }) => {
  const client = demoClient(service.url);
  ids = await makeRecordings(service, client, 3, 20);
  expected = await expectedHashes(client, ids, FORMATS);
});
afterAll(() => dir.remove());

/**
 * A relay to the service that holds back the lookup (GET /v1/recordings/ID) of one id;
 * `answered` is told each path whose answer it passed on.
 */
async function holdingLookupOf(target: string, held: string, answered?: (path: string) => void) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const server: Server = createServer((req, res) => {
    const forward = () => {
      const up = request(
        `${target}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
          answer.on('end', () => answered?.(path));
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    const path = new URL(req.url!, target).pathname;
    if (req.method === 'GET' && path === `/v1/recordings/${held}`) void released.then(forward);
    else forward();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    release();
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { url, release, close };
}

interface ItemEvent {
  event: string;
  recordingId?: string;
  state?: string;
}

/**
 * Runs the command with NDJSON output; `onEvent` sees the events so far as each line comes. Resolves with the
 * exit code (null when killed) and every event.
 */
function runWatching(
  dataDir: string,
  args: string[],
  onEvent: (events: readonly ItemEvent[], kill: () => void) => void,
): Promise<{ code: number | null; events: ItemEvent[]; stderr: string }> {
  const child = spawn(process.execPath, [resolve('bin/roadcam.mjs'), ...args, '--json'], {
    env: { ...process.env, ...secretEnv, ROADCAM_DATA_DIR: dataDir },
  });
  const events: ItemEvent[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const line of complete.filter(Boolean)) {
      const e = JSON.parse(line) as ItemEvent;
      events.push(e);
      onEvent(events, () => child.kill('SIGKILL'));
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, events, stderr })));
}

const completedOf = (events: readonly ItemEvent[], id: string) =>
  events.filter((e) => e.event === 'item' && e.recordingId === id && e.state === 'completed');

function expectAllFiles(out: string, of: readonly string[]) {
  const files = filesUnder(out);
  expect(files).toHaveLength(of.length * FORMATS.length);
  for (const f of files) {
    const [, id, format] = /_(rec_\w+)\.(\w+)$/.exec(f)!;
    expect(of).toContain(id);
    expect(sha256File(join(out, f))).toBe(expected.get(`${id}.${format}`)!.sha256);
  }
}

/** Both files of each of these recordings have completed. */
const allCompleted = (events: readonly ItemEvent[], of: readonly string[]) =>
  of.every((id) => completedOf(events, id).length === FORMATS.length);

test("the others' files download while one recording's lookup is held back", async ({
  service,
}) => {
  const [first, slow, last] = ids as [string, string, string];
  const relay = await holdingLookupOf(service.url, slow);
  const out = join(dir.path, 'overlap');
  // Without the overlap nothing starts before the release: it comes after 30 s then.
  const fallback = setTimeout(relay.release, 30_000);
  let releasedAt = -1;
  try {
    const args = ['download', '--out', out, '--concurrency', '2', ...ids, ...direct(relay.url)];
    const run = await runWatching(join(dir.path, 'data-overlap'), args, (events) => {
      if (releasedAt < 0 && allCompleted(events, [first, last])) {
        releasedAt = events.length;
        relay.release();
      }
    });
    expect(run.code, run.stderr).toBe(0);
    expect(releasedAt, 'the others completed while the lookup was held').toBeGreaterThan(0);
    // The held recording's files came after its lookup, and completed too.
    expect(completedOf(run.events.slice(releasedAt), slow)).toHaveLength(FORMATS.length);
    expect(run.events.at(-1)).toMatchObject({
      event: 'finished',
      state: 'completed',
      completed: 6,
    });
    expectAllFiles(out, ids);
  } finally {
    clearTimeout(fallback);
    await relay.close();
  }
});

test('killed while a lookup is held, the same command run again downloads the rest', async ({
  service,
}) => {
  const [first, slow, last] = ids as [string, string, string];
  const relay = await holdingLookupOf(service.url, slow);
  const out = join(dir.path, 'killed');
  const data = join(dir.path, 'data-killed');
  const args = ['download', '--out', out, '--concurrency', '2', ...ids];
  try {
    const killed = await runWatching(data, [...args, ...direct(relay.url)], (events, kill) => {
      if (allCompleted(events, [first, last])) kill();
    });
    expect(killed.code, killed.stderr).toBeNull();
    expect(completedOf(killed.events, slow)).toHaveLength(0);
  } finally {
    await relay.close();
  }
  // The same command (same ids, folder and options: the same batch), the lookup answered now.
  const again = await runRoadcam(data, [...args, '--json', ...direct(service.url)], {
    env: secretEnv,
  });
  expect(again.code, again.stderr).toBe(0);
  const events = lines(again.stdout).map((l) => JSON.parse(l) as ItemEvent);
  expect(events.at(-1)).toMatchObject({ event: 'finished', state: 'completed', completed: 6 });
  expectAllFiles(out, ids);
});

test('an unknown id among known ones is reported, exit 1, and the others download', async ({
  service,
}) => {
  const out = join(dir.path, 'unknown');
  const result = await runRoadcam(
    join(dir.path, 'data-unknown'),
    ['download', '--out', out, ids[0]!, 'rec_nosuchthing', ids[2]!, ...direct(service.url)],
    { env: secretEnv },
  );
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/4 of 6 files downloaded/);
  expect(result.stderr).toMatch(/rec_nosuchthing.*zip: failed: No recording rec_nosuchthing/);
  expect(result.stderr).toMatch(/rec_nosuchthing.*mp4: failed: No recording rec_nosuchthing/);
  expectAllFiles(out, [ids[0]!, ids[2]!]);
});

test('names that clash are given in the order of the ids, whichever lookup returns first', async ({
  service,
}) => {
  const [held, ...others] = ids as [string, string, string];
  const seen = new Set<string>();
  const relay = await holdingLookupOf(service.url, held, (path) => {
    seen.add(path);
    // The first id's lookup is answered only after the others' were.
    if (others.every((id) => seen.has(`/v1/recordings/${id}`))) relay.release();
  });
  const out = join(dir.path, 'clash');
  try {
    const template = ['--format', 'zip', '--template', '{date}.{format}'];
    const result = await runRoadcam(
      join(dir.path, 'data-clash'),
      ['download', '--out', out, ...template, ...ids, ...direct(relay.url)],
      { env: secretEnv },
    );
    expect(result.code, result.stderr).toBe(0);
  } finally {
    await relay.close();
  }
  // Every recording starts on the same date: the first id keeps the plain name.
  const files = filesUnder(out).sort();
  expect(files).toHaveLength(3);
  const owner = (f: string) =>
    ids.find((id) => expected.get(`${id}.zip`)!.sha256 === sha256File(join(out, f)));
  const [plain, second, third] = ['', ' (2)', ' (3)'].map((n) =>
    files.find((f) => f.endsWith(`${n}.zip`) && (n !== '' || !/\(\d\)/.test(f))),
  );
  expect([plain, second, third].map((f) => owner(f!))).toEqual(ids);
});
