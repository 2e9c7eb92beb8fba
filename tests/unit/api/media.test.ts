import { describe, expect } from 'vitest';
import { said } from '../../../src/shared/i18n/translator.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { snapshotTime, type ApiClient } from '../../../src/engine/api/index.ts';
import { demoClient, NOW, type RecordingProxy } from '../../helpers/api.ts';

let client: ApiClient;
let recordingId: string;
test.beforeAll(async ({ proxy }) => {
  client = demoClient(proxy.url);
  const done = await client.recordings.search({ status: 'complete', limit: 1, sort: 'duration' });
  recordingId = done.features[0]!.id;
});
test.beforeEach(({ proxy }) => {
  proxy.requests.length = 0;
});

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const signed = (proxy: RecordingProxy) =>
  proxy.requests.filter((r) => r.path.startsWith('/signed/'));

describe('signed-URL redirects', () => {
  test('are followed without the service authorization', async ({ proxy }) => {
    const media = await client.recordings.download(recordingId, 'zip');
    expect(media.status).toBe(200);
    expect(media.contentType).toBe('application/zip');
    const bytes = await readAll(media.body);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBe(media.contentLength);

    const [first] = proxy.requests;
    expect(first!.path).toBe(`/v1/recordings/${recordingId}.zip`);
    expect(first!.headers.authorization).toMatch(/^Bearer /);
    expect(signed(proxy)).toHaveLength(1);
    expect(signed(proxy)[0]!.headers.authorization).toBeUndefined();
    expect(signed(proxy)[0]!.path).not.toMatch(/access_token/);
  });

  test('resume with a byte range from the signed host', async ({ proxy }) => {
    const whole = await readAll((await client.recordings.download(recordingId, 'zip')).body);
    const tail = await client.recordings.download(recordingId, 'zip', { range: { start: 100 } });
    expect(tail.status).toBe(206);
    expect(tail.contentRange).toBe(`bytes 100-${whole.length - 1}/${whole.length}`);
    expect((await readAll(tail.body)).equals(whole.subarray(100))).toBe(true);
    expect(signed(proxy).at(-1)!.headers.range).toBe('bytes=100-');
  });

  test('give a fresh signed URL to fetch later, and stream into a Node stream', async () => {
    const url = await client.recordings.downloadUrl(recordingId, 'jpg');
    expect(url).toMatch(/\/signed\/recordings\/.+\.jpg\?expires=\d+&signature=/);
    const media = await client.requester.fetchSigned(
      said('api.op.recordingFile', { id: recordingId, format: 'jpg' }),
      url,
    );
    let size = 0;
    for await (const chunk of media.nodeStream()) size += (chunk as Buffer).length;
    expect(size).toBe(media.contentLength);
  });

  test('follow camera images and observation previews', async ({ proxy }) => {
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    const image = await client.cameras.image(camera.id, NOW);
    expect(image.contentType).toMatch(/^image\//);
    await readAll(image.body);
    const observation = (await client.observations.search({ camera_id: camera.id, limit: 1 }))
      .features[0]!;
    const preview = await client.observations.preview(observation.id);
    expect(preview.contentType).toBe('image/jpeg');
    await readAll(preview.body);
    expect(signed(proxy).length).toBeGreaterThanOrEqual(2);
    expect(signed(proxy).every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  test('report an error of the download with the service message', async () => {
    const error = await client.recordings
      .download('no-such-recording', 'zip')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ServiceError', status: 404 });
  });
});

describe('other operations', () => {
  test('vector tiles and the worldwide snapshots of a ten-minute mark', async () => {
    const tile = await client.cameras.tile(2, 0, 1);
    expect(tile.byteLength).toBeGreaterThan(0);
    expect(
      (await client.observations.tile(2, 0, 1, { sort_dir: 'desc' })).byteLength,
    ).toBeGreaterThan(0);
    const mark = new Date(Date.parse(NOW) - 30 * 60_000);
    expect(snapshotTime(mark)).toBe('20262111T1130Z');
    const all = await client.observations.snapshot(mark);
    expect(all.type).toBe('FeatureCollection');
    expect(all.features.length).toBeGreaterThan(0);
    expect(all.features[0]!.properties).toMatchObject({
      camera_id: expect.any(String),
      image: expect.any(String),
    });
    expect(typeof all.features[0]!.properties['sensor.road_weather']).toBe('number');
    expect((await client.alerts.snapshot(mark)).type).toBe('FeatureCollection');
  });

  test('camera image times and tags of a recording', async () => {
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    const times = await client.cameras.images(camera.id, { limit: 5 });
    expect(times.times.length).toBeGreaterThan(0);
    const tagged = await client.recordings.addTags(recordingId, ['checked']);
    expect(tagged.tags).toContain('checked');
  });

  test('collections: create, update, add and list images, empty and destroy', async () => {
    const { collection_id: id } = await client.collections.create({
      name: 'Passes',
      tags: ['snow'],
    });
    await client.collections.update(id, { description: 'Mountain passes' });
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    await client.collections.addImage(id, { camera_id: camera.id });
    const names: string[] = [];
    for await (const name of client.collections.imageNames(id)) names.push(name);
    expect(names).toHaveLength(1);
    const shown = await client.collections.show(id);
    expect(shown).toMatchObject({ name: 'Passes', description: 'Mountain passes', images: names });
    const listed: string[] = [];
    for await (const c of client.collections.iterate({})) listed.push(c._id);
    expect(listed).toContain(id);
    expect((await client.collections.empty(id)).total).toBe(1);
    await client.collections.destroy(id);
    await expect(client.collections.show(id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('live pictures', () => {
  test("an offline camera's 503 asking for a minute's wait is answered at once, in the service's words", async ({
    service,
    proxy,
  }) => {
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!.id;
    await service.control.setCameraOffline(camera);
    try {
      proxy.requests.length = 0;
      const error = await client.cameras.live(camera).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(new RegExp(`Camera ${camera} is offline`));
      // The client waits out a Retry-After of up to a minute; a live picture is not waited on.
      expect(proxy.requests.map((r) => r.path)).toEqual([`/v1/cameras/${camera}/live`]);
    } finally {
      await service.control.setCameraOffline(camera, false);
    }
  });
});
