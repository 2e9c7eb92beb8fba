/**
 * The collection commands against the embedded service over HTTP: each checks the service's
 * state afterwards, not the CLI's own words.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { tempDir } from '../../helpers/core.ts';
import { demoClient, type TestService } from '../../helpers/api.ts';
import { direct as directTo, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { frameName } from '../../../src/service/media/image-names.ts';

const dataDir = tempDir('roadcam-cli-collections-');
const outDir = tempDir('roadcam-cli-out-');
afterAll(() => {
  dataDir.remove();
  outDir.remove();
});

/** Runs roadcam against the service and expects exit 0, returning stdout. */
async function ok(service: TestService, args: string[]): Promise<string> {
  const out = await runRoadcam(dataDir.path, [...args, ...directTo(service.url)], {
    env: secretEnv,
  });
  expect(out.code, out.stderr).toBe(0);
  return out.stdout;
}

async function names(service: TestService, id: string): Promise<string[]> {
  const found: string[] = [];
  for await (const name of demoClient(service.url).collections.imageNames(id)) found.push(name);
  return found.sort();
}

describe('collections create, update, add, remove, empty, destroy', () => {
  test('creates and updates a collection as the service then shows it', async ({ service }) => {
    const id = (
      await ok(service, ['collections', 'create', '--name', 'Passes', '--tags', 'snow, pass'])
    ).trim();
    const client = demoClient(service.url);
    expect(await client.collections.show(id)).toMatchObject({
      name: 'Passes',
      tags: ['snow', 'pass'],
    });
    await ok(service, [
      'collections',
      'update',
      id,
      '--name',
      'Mountain passes',
      '--description',
      'I-90',
    ]);
    expect(await client.collections.show(id)).toMatchObject({
      name: 'Mountain passes',
      description: 'I-90',
      tags: ['snow', 'pass'],
    });
    await ok(service, ['collections', 'update', id, '--tags', '']);
    expect((await client.collections.show(id)).tags).toEqual([]);
  });

  test('adds an image from each of the six parameter sets, removes one', async ({ service }) => {
    const client = demoClient(service.url);
    const id = JSON.parse(await ok(service, ['collections', 'create', '--name', 'Six', '--json']))
      .id as string;
    const camera = (await client.cameras.search({ limit: 1, sort: 'city' })).features[0]!;
    const { times } = await client.cameras.images(camera.id, { limit: 20 });
    const observation = (await client.observations.search({ limit: 1 })).features[0]!;
    const recording = (await client.recordings.search({ status: 'complete', limit: 1 }))
      .features[0]!;
    const frame = frameName(
      recording.properties.camera_id,
      Date.parse(recording.properties.start!),
    );
    const other = (await client.collections.create({ name: 'Other' })).collection_id;
    await client.collections.addImage(other, { camera_id: camera.id, time: times[0]! });
    const [otherImage] = await names(service, other);

    const sets = [
      ['--camera_id', camera.id],
      ['--camera_id', camera.id, '--time', times[5]!],
      ['--observation_id', observation.id],
      ['--recording_id', recording.id],
      ['--recording_id', recording.id, '--image', frame],
      ['--collection_id', other, '--image', otherImage!],
    ];
    const added: string[] = [];
    for (const set of sets) {
      const answer = JSON.parse(await ok(service, ['collections', 'add', id, ...set, '--json']));
      added.push((answer as { image: string }).image);
    }
    expect(new Set(added).size).toBe(6);
    expect(await names(service, id)).toEqual([...added].sort());
    expect(added).toContain(frame);

    await ok(service, ['collections', 'remove', id, added[0]!]);
    expect(await names(service, id)).toEqual(added.slice(1).sort());
  });

  test('empties a collection, then destroys it', async ({ service }) => {
    const client = demoClient(service.url);
    const { collection_id: id } = await client.collections.create({ name: 'Gone' });
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!.id;
    const { times } = await client.cameras.images(camera, { limit: 3 });
    for (const time of times) await client.collections.addImage(id, { camera_id: camera, time });

    const emptied = JSON.parse(await ok(service, ['collections', 'empty', id, '--json']));
    expect(emptied).toEqual({ removed: 3 });
    expect(await names(service, id)).toEqual([]);
    await client.collections.addImage(id, { camera_id: camera });
    await ok(service, ['collections', 'destroy', id]);
    await expect(client.collections.show(id)).rejects.toThrow(/404|not found/i);
  });
});

describe('keep offline and export', () => {
  test('keeps a collection on disk, then exports it to --out as a zip', async ({ service }) => {
    const client = demoClient(service.url);
    const { collection_id: id } = await client.collections.create({ name: 'Kept' });
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!.id;
    const { times } = await client.cameras.images(camera, { limit: 2 });
    for (const time of times) await client.collections.addImage(id, { camera_id: camera, time });

    const status = JSON.parse(await ok(service, ['collections', 'keep-offline', id, '--json']));
    expect(status).toMatchObject({ collectionId: id, state: 'synced', done: 2, total: 2 });

    const folder = join(outDir.path, 'exports');
    const exported = JSON.parse(
      await ok(service, ['collections', 'export', id, '--as', 'zip', '--out', folder, '--json']),
    ) as { path: string; images: number };
    expect(exported.images).toBe(2);
    expect(exported.path.startsWith(folder)).toBe(true);
    expect(readdirSync(folder)).toEqual([exported.path.slice(folder.length + 1)]);
    // A zip starts with a local file header.
    expect(readFileSync(exported.path).subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));

    await ok(service, ['collections', 'keep-offline', id, '--off']);
    const again = JSON.parse(await ok(service, ['collections', 'keep-offline', id, '--json']));
    expect(again.state).toBe('synced');
    expect(existsSync(exported.path)).toBe(true);
  });
});

describe('usage errors', () => {
  const usage = (args: string[]) => runRoadcam(dataDir.path, args);

  test('add needs exactly one source, and --time only with a camera', async () => {
    const none = await usage(['collections', 'add', 'col_1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/exactly one of --camera_id/);
    const two = await usage([
      'collections',
      'add',
      'col_1',
      '--camera_id',
      'A',
      '--observation_id',
      'B',
    ]);
    expect(two.code).toBe(2);
    const time = await usage([
      'collections',
      'add',
      'col_1',
      '--observation_id',
      'B',
      '--time',
      'x',
    ]);
    expect(time.code).toBe(2);
    expect(time.stderr).toMatch(/--time goes with --camera_id only/);
  });

  test('create needs a name, update a change, export a known format', async () => {
    expect((await usage(['collections', 'create'])).stderr).toMatch(/needs --name/);
    const update = await usage(['collections', 'update', 'col_1']);
    expect(update.code).toBe(2);
    expect(update.stderr).toMatch(/--name, --description or --tags/);
    const as = await usage(['collections', 'export', 'col_1', '--as', 'tar']);
    expect(as.code).toBe(2);
    expect(as.stderr).toMatch(/folder or zip/);
    const remove = await usage(['collections', 'remove', 'col_1']);
    expect(remove.code).toBe(2);
    expect(remove.stderr).toMatch(/image name/);
  });

  test('a value the contract refuses is a usage error (exit 2)', async ({ service }) => {
    const out = await runRoadcam(
      dataDir.path,
      [
        'collections',
        'create',
        '--name',
        'x',
        '--tags',
        `${'t'.repeat(61)}`,
        ...directTo(service.url),
      ],
      { env: secretEnv },
    );
    expect(out.code, out.stderr).toBe(2);
    expect(lines(out.stderr)[0]).toMatch(/^roadcam: /);
  });
});
