/** `roadcam download` in a child process against the embedded service. */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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

test('reads ids from a file and from stdin, writes what failed where asked, and reads it back', async ({
  service,
}) => {
  const list = join(dataDir.path, 'ids.csv');
  // A header, a comment, a blank line, ids in a column beside other fields, one unknown.
  writeFileSync(
    list,
    `recording_id,note\n# from the search of Monday\n\n${ids[0]},first\n"rec_nosuchthing",gone\n`,
  );
  const failed = join(dataDir.path, 'failed.csv');
  const outList = join(dataDir.path, 'from-list');
  const first = await roadcam(service, [
    'download',
    '--format',
    'mp4',
    '--out',
    outList,
    '--ids-from',
    list,
    '--failed-out',
    failed,
  ]);
  expect(first.code).toBe(1);
  // Progress, as plain lines: stderr is not a terminal here.
  expect(first.stderr).toMatch(/^\d+\/2 files · /m);
  expect(first.stderr).toContain(`1 file that did not complete listed in ${failed}`);
  const written = readFileSync(failed, 'utf8');
  expect(written.split('\r\n')[0]).toBe('recording_id,format,file,reason');
  expect(written).toMatch(/^rec_nosuchthing,mp4,.*No recording rec_nosuchthing/m);
  expect(filesUnder(outList)).toHaveLength(1);

  // The list of failures, piped back in: only the unknown id, which fails again.
  const again = await runRoadcam(
    dataDir.path,
    ['download', '--format', 'mp4', '--out', outList, '--ids-from', '-', ...direct(service.url)],
    { env: secretEnv, input: written },
  );
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/0 of 1 files downloaded|rec_nosuchthing/);
  expect(again.stderr).not.toContain(ids[0]!);

  // A link planted at the list's name is refused before anything downloads; what it points to
  // stays as it was.
  const victim = join(dataDir.path, 'victim.txt');
  writeFileSync(victim, 'mine');
  const linked = join(dataDir.path, 'linked.csv');
  symlinkSync(victim, linked);
  const refused = await roadcam(service, [
    ...['download', '--format', 'mp4', '--out', outList, '--ids-from', list],
    ...['--failed-out', linked],
  ]);
  expect(refused.stderr).toMatch(/linked\.csv is a symbolic link; .*Remove the link/);
  expect(readFileSync(victim, 'utf8')).toBe('mine');

  const empty = await roadcam(service, ['download', '--out', outList, '--ids-from', failed + 'x']);
  expect(empty.code).toBe(2);
  expect(empty.stderr).toMatch(/--ids-from .*failed.csvx: cannot read it \(ENOENT\)/);
});
