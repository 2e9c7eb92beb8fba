/** `roadcam recordings create` with several cameras, and with --download, in a child process. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { demoClient, filesUnder, NOW, tempDir, type TestService } from '../../helpers/downloads.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { isMp4 } from '../../helpers/media.ts';

const dataDir = tempDir('roadcam-cli-record-');
afterAll(() => dataDir.remove());
test.override({ world: { cameras: 40, hours: 2 } });

const roadcam = (service: TestService, args: string[]) =>
  runRoadcam(dataDir.path, [...args, ...direct(service.url)], { env: secretEnv });

async function cameras(service: TestService, n: number): Promise<string[]> {
  const page = await demoClient(service.url).cameras.search({ limit: n, sort: 'city' });
  return page.features.map((c) => c.id);
}

const start = new Date(Date.parse(NOW) - 35 * 60_000).toISOString().replace('.000Z', 'Z');

test('one recording per camera: each id printed, a refused camera said, exit 1', async ({
  service,
}) => {
  const [a, b] = await cameras(service, 2);
  const run = await roadcam(service, [
    'recordings',
    'create',
    '--camera_id',
    `${a},XX-NO-000001,${b}`,
    '--start',
    start,
    '--duration',
    '10',
  ]);
  expect(run.code, run.stderr).toBe(1);
  const out = lines(run.stdout).map((l) => l.split(' '));
  expect(out.map(([camera]) => camera)).toEqual([a, b]);
  expect(out.every(([, id]) => /^rec_\w+$/.test(id!))).toBe(true);
  expect(run.stderr).toContain('XX-NO-000001: The service would not record camera XX-NO-000001');
  expect(run.stderr).toContain('No camera with id "XX-NO-000001"');

  // One camera: the id alone, as before.
  const one = await roadcam(service, [
    'recordings',
    'create',
    '--camera_id',
    a!,
    '--duration',
    '5',
  ]);
  expect(one.code, one.stderr).toBe(0);
  expect(lines(one.stdout)).toEqual([expect.stringMatching(/^rec_\w+$/)]);
});

test('--download waits for every recording and downloads them as one batch', async ({
  service,
}) => {
  const ids = await cameras(service, 3);
  const out = join(dataDir.path, 'files');
  const run = await roadcam(service, [
    'recordings',
    'create',
    '--camera_id',
    ids.join(','),
    '--start',
    start,
    '--duration',
    '15',
    '--format',
    'mp4',
    '--download',
    out,
  ]);
  expect(run.code, run.stderr).toBe(0);
  expect(lines(run.stdout).map((l) => l.split(' ')[0])).toEqual(ids);
  expect(run.stderr).toMatch(/3 of 3 files|3 files/);
  const files = filesUnder(out);
  expect(files).toHaveLength(3);
  for (const id of ids) expect(files.some((f) => f.includes(`/${id}/`))).toBe(true);
  for (const f of files) expect(isMp4(readFileSync(join(out, f)))).toBe(true);
});

test('--download with a refused camera: the others download, exit 1 with the reason', async ({
  service,
}) => {
  const [a] = await cameras(service, 1);
  const out = join(dataDir.path, 'refused');
  const run = await roadcam(service, [
    'recordings',
    'create',
    '--camera_id',
    `${a},XX-NO-000002`,
    '--start',
    start,
    '--duration',
    '12',
    '--format',
    'zip',
    '--download',
    out,
    '--json',
  ]);
  expect(run.code, run.stderr).toBe(1);
  const events = lines(run.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(events.filter((e) => e['event'] === 'recording')).toEqual([
    expect.objectContaining({ cameraId: a, problem: null }),
    expect.objectContaining({ cameraId: 'XX-NO-000002', recordingId: null }),
  ]);
  expect(events.at(-1)).toMatchObject({ event: 'finished', completed: 1, failed: 1 });
  expect(filesUnder(out)).toHaveLength(1);
});
