/**
 * The file commands against the embedded service over HTTP: live and archived images,
 * previews, snapshots, tiles, and recording tags; each compared with what the service holds.
 */
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { tempDir } from '../../helpers/core.ts';
import { serviceNow } from '../../helpers/collections.ts';
import { demoClient, type TestService } from '../../helpers/api.ts';
import { direct as directTo, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { snapshotTime } from '../../../src/engine/api/groups.ts';

const dataDir = tempDir('roadcam-cli-media-');
const outDir = tempDir('roadcam-cli-files-');
afterAll(() => {
  dataDir.remove();
  outDir.remove();
});

async function ok(service: TestService, args: string[]) {
  const out = await runRoadcam(dataDir.path, [...args, ...directTo(service.url)], {
    env: secretEnv,
  });
  expect(out.code, out.stderr).toBe(0);
  return out;
}

const format = async (path: string) => (await sharp(readFileSync(path)).metadata()).format;

describe('camera images', () => {
  test('saves the live image to --out and prints its path', async ({ service }) => {
    const camera = (await demoClient(service.url).cameras.search({ limit: 1 })).features[0]!.id;
    const file = join(outDir.path, 'live', 'now.jpg');
    const out = await ok(service, ['cameras', 'live', camera, '--out', file]);
    expect(out.stdout).toBe(`${file}\n`);
    expect(await format(file)).toBe('jpeg');
    expect(readdirSync(join(outDir.path, 'live'))).toEqual(['now.jpg']);
  });

  test('lists archived times as the service does, and --save DIR saves each', async ({
    service,
  }) => {
    const client = demoClient(service.url);
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!.id;
    const { times } = await client.cameras.images(camera, { limit: 3 });
    const listed = await ok(service, ['cameras', 'images', camera, '--limit', '3', '--json']);
    expect(lines(listed.stdout).map((l) => JSON.parse(l) as string)).toEqual(times);

    const folder = join(outDir.path, 'archive');
    const saved = await ok(service, [
      'cameras',
      'images',
      camera,
      '--limit',
      '3',
      '--save',
      folder,
    ]);
    expect(lines(saved.stdout)).toHaveLength(3);
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(3);
    for (const f of files) expect(await format(join(folder, f))).toBe('jpeg');
    expect(files.every((f) => f.startsWith(`${camera}_`) && !f.includes(':'))).toBe(true);
  });

  test('saves an observation preview', async ({ service }) => {
    const id = (await demoClient(service.url).observations.search({ limit: 1 })).features[0]!.id;
    const file = join(outDir.path, 'preview.jpg');
    await ok(service, ['observations', 'preview', id, '--out', file]);
    expect(await format(file)).toBe('jpeg');
  });
});

describe('snapshots and tiles', () => {
  test('prints a snapshot as NDJSON, or saves it to --out, as the service has it', async ({
    service,
  }) => {
    const hourAgo = new Date((await serviceNow(service.url)) - 3_600_000);
    const client = demoClient(service.url);
    const expected = await client.observations.snapshot(hourAgo);
    expect(expected.features.length).toBeGreaterThan(0);
    const printed = await ok(service, ['observations', 'snapshot', hourAgo.toISOString()]);
    expect(lines(printed.stdout).map((l) => JSON.parse(l) as unknown)).toEqual(expected.features);

    const alerts = await client.alerts.snapshot(hourAgo);
    const file = join(outDir.path, 'alerts.json');
    await ok(service, ['alerts', 'snapshot', snapshotTime(hourAgo), '--out', file]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(alerts);
  });

  test('saves the vector tile of a camera as the service sends it', async ({ service }) => {
    const client = demoClient(service.url);
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    const [lon, lat] = camera.geometry.coordinates as [number, number];
    const z = 6;
    const x = Math.floor(((lon + 180) / 360) * 2 ** z);
    const rad = (lat * Math.PI) / 180;
    const y = Math.floor(
      ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z,
    );
    const expected = await client.cameras.tile(z, x, y);
    expect(expected.byteLength).toBeGreaterThan(0);
    const file = join(outDir.path, 'cameras.mvt');
    await ok(service, ['cameras', 'tile', `${z}/${x}/${y}`, '--out', file]);
    expect(Buffer.compare(readFileSync(file), Buffer.from(expected))).toBe(0);
    await ok(service, [
      'observations',
      'tile',
      `${z}/${x}/${y}`,
      '--out',
      file,
      '--sort_dir',
      'desc',
      // The file of the camera tile is there: replaced only with --force.
      '--force',
    ]);
    expect(readFileSync(file).byteLength).toBeGreaterThan(0);
  });

  test('an existing --out is refused in words unless --force; a link there is not followed', async ({
    service,
  }) => {
    const file = join(outDir.path, 'kept.mvt');
    writeFileSync(file, 'mine');
    const args = ['cameras', 'tile', '2/1/1', '--out', file, ...directTo(service.url)];
    const refused = await runRoadcam(dataDir.path, args, { env: secretEnv });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/kept\.mvt exists already; pass --force to replace it/);
    const german = await runRoadcam(dataDir.path, args, {
      env: { ...secretEnv, LANG: 'de_DE.UTF-8' },
    });
    expect(german.stderr).toContain(
      `${file} gibt es schon; geben Sie --force an, um die Datei zu ersetzen, oder wählen Sie einen anderen Namen.`,
    );
    expect(readFileSync(file, 'utf8')).toBe('mine');
    const link = join(outDir.path, 'link.mvt');
    symlinkSync(file, link);
    const linked = await runRoadcam(dataDir.path, [...args.slice(0, 4), link, '--force'], {
      env: secretEnv,
    });
    expect(linked.stderr).toMatch(/link\.mvt is a symbolic link; .*Remove the link/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect((await ok(service, [...args.slice(0, 5), '--force'])).stdout).toBe(`${file}\n`);
    expect(readFileSync(file, 'utf8')).not.toBe('mine');
    expect(readdirSync(outDir.path).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  test('refuses a wrong tile address or time, and a missing --out', async () => {
    const run = (args: string[]) => runRoadcam(dataDir.path, args);
    const tile = await run(['cameras', 'tile', '3/8/1', '--out', 'x.mvt']);
    expect(tile.code).toBe(2);
    expect(tile.stderr).toMatch(/is not a tile/);
    const time = await run(['alerts', 'snapshot', 'yesterday']);
    expect(time.code).toBe(2);
    expect(time.stderr).toMatch(/is not a time/);
    const out = await run(['cameras', 'live', 'US-WA-000001']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/needs --out FILE/);
  });
});

describe('recording tags', () => {
  test('adds tags the service then holds', async ({ service }) => {
    const client = demoClient(service.url);
    const recording = (await client.recordings.search({ limit: 1 })).features[0]!;
    const out = await ok(service, [
      'recordings',
      'tags',
      recording.id,
      '--tags',
      'cli-a,cli-b',
      '--json',
    ]);
    const { tags } = JSON.parse(out.stdout) as { tags: string[] };
    expect(tags).toEqual(expect.arrayContaining(['cli-a', 'cli-b']));
    expect((await client.recordings.show(recording.id)).properties.tags).toEqual(
      expect.arrayContaining(['cli-a', 'cli-b', ...recording.properties.tags]),
    );
    const none = await runRoadcam(dataDir.path, ['recordings', 'tags', recording.id]);
    expect(none.code).toBe(2);
  });
});
