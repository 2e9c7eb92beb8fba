/** `roadcam download` in a child process against the embedded service. */
import { join } from 'node:path';
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
  type TestService,
} from '../../helpers/downloads.ts';

let ids: string[];
let expected: Map<string, { sha256: string; size: number }>;
const dataDir = tempDir('roadcam-cli-dl-');
const out = join(dataDir.path, 'files');

test.override({ world: { cameras: 300, hours: 2 } });
test.beforeAll(async ({ service }) => {
  const client = demoClient(service.url);
  ids = await makeRecordings(service, client, 2, 20);
  expected = await expectedHashes(client, ids, ['zip', 'mp4']);
});
afterAll(async () => {
  dataDir.remove();
});

const roadcam = (service: TestService, args: string[]) =>
  runRoadcam(dataDir.path, [...args, ...direct(service.url)], { env: secretEnv });

test('downloads with NDJSON progress, exits 0, and a second run finds everything done', async ({
  service,
}) => {
  const args = [
    'download',
    '--format',
    'zip,mp4',
    '--out',
    out,
    '--concurrency',
    '2',
    '--json',
    ...ids,
  ];
  const first = await roadcam(service, args);
  expect(first.code, first.stderr).toBe(0);
  const events = lines(first.stdout).map((l) => JSON.parse(l) as { event: string; state?: string });
  expect(events.at(-1)).toMatchObject({ event: 'finished', state: 'completed', completed: 4 });
  expect(events.some((e) => e.event === 'item' && e.state === 'completed')).toBe(true);
  const files = filesUnder(out);
  expect(files).toHaveLength(4);
  for (const f of files) {
    const [, id, format] = /_(rec_\w+)\.(\w+)$/.exec(f)!;
    expect(sha256File(join(out, f))).toBe(expected.get(`${id}.${format}`)!.sha256);
  }
  const again = await roadcam(service, args);
  expect(again.code, again.stderr).toBe(0);
  expect(filesUnder(out)).toEqual(files);
});

test('exits 1 when a file cannot be downloaded, naming it', async ({ service }) => {
  const result = await roadcam(service, [
    'download',
    '--format',
    'jpg',
    '--out',
    out,
    ids[0]!,
    'rec_nosuchthing',
  ]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/rec_nosuchthing.*failed: No recording rec_nosuchthing/);
});

test('refuses a command line without ids or --query, or without --out', async ({ service }) => {
  expect((await roadcam(service, ['download', '--out', out])).code).toBe(2);
  expect((await roadcam(service, ['download', ids[0]!])).stderr).toMatch(/--out DIR/);
});
