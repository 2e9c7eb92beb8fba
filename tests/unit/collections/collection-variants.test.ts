import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { startAccountCore } from '../../helpers/core.ts';
import { VARIANTS, VARIANT_NAMES, type VariantName } from '../../../src/service/variants/index.ts';
import {
  parseImageName,
  type ImageInfo,
  type ImageSource,
} from '../../../src/shared/ipc/collections.ts';
import type { Recorded } from '../../helpers/api.ts';
import { serviceHash } from '../../helpers/collections.ts';
import { useClient, useProxy, useService, useTempDir } from '../../helpers/per-describe.ts';
import { readZip } from '../../helpers/zip.ts';

// The Collections feature through the core against every variant of the service: image
// operations served under /v1, without it, or both; image names in our form or opaque; Add
// Image answering the name or {ok: true} alone. The core talks to the service through a
// recording proxy, which counts the requests sent under a prefix the service does not serve.

const IMAGE_OPERATION = /^(\/v1)?\/collections\/[^/?]+\/(images|preview)(\/|\?|$)/;
const DESTROY = /^(\/v1)?\/collections\/[^/?]+(\?|$)/;

/** Image operations sent under a prefix the variant does not serve. */
function wasted(requests: readonly Recorded[], variant: VariantName): Recorded[] {
  const paths = VARIANTS[variant].collectionPaths;
  return requests.filter((r) => {
    const operation =
      IMAGE_OPERATION.test(r.path) || (r.method === 'DELETE' && DESTROY.test(r.path));
    const v1 = r.path.startsWith('/v1/');
    return operation && ((paths === 'bare' && v1) || (paths === 'v1' && !v1));
  });
}

describe.each(VARIANT_NAMES)('collections against the %s service', (variant) => {
  const opaque = VARIANTS[variant].imageNames === 'opaque';
  const service = useService({ cameras: 40, hours: 2, variant });
  const proxy = useProxy(service);
  const client = useClient(service);
  const dir = useTempDir(`roadcam-collections-${variant}-`);
  const downloads = useTempDir(`roadcam-collections-${variant}-exports-`);

  // The core is the test's own: one test restarts it on the same data.
  let core: Core;
  const startAppCore = () => startAccountCore(dir.path, proxy.url);
  beforeAll(async () => {
    core = await startAppCore();
    await core.api.invoke('settings.update', { downloadFolder: downloads.path });
  });
  afterAll(() => core.close());

  async function bodyOf(path: string) {
    const answer = await core.media.resolve(path, new AbortController().signal);
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    return { status: answer.status, headers: answer.headers, body: Buffer.concat(chunks) };
  }

  /** Every image of a collection through the grid's channel, `limit` at a time. */
  async function allImages(id: string, limit: number): Promise<ImageInfo[]> {
    const images: ImageInfo[] = [];
    let marker: string | undefined;
    for (let page = 0; page < 100; page++) {
      const answer = await core.api.invoke('collections.images', {
        id,
        limit,
        ...(marker ? { marker } : {}),
      });
      images.push(...answer.images);
      if (answer.next === null) return images;
      marker = answer.next;
    }
    throw new Error('the pages never ended');
  }

  /** A short complete recording with a zip (its frames are few). */
  async function shortRecording() {
    const page = await client.recordings.search({
      status: 'complete',
      sort: 'duration',
      limit: 20,
    });
    for (const feature of page.features) {
      const shown = await client.recordings.show(feature.id);
      if (shown.properties.status === 'complete' && shown.properties.formats.includes('zip'))
        return shown;
    }
    throw new Error('the test world has no complete recording with a zip');
  }

  let id = '';
  let added: string[] = [];

  it('adds an image from every source of the spec; names come from the service', async () => {
    id = (await core.api.invoke('collections.create', { name: `Every source (${variant})` })).id;
    const camera = (await client.cameras.search({ limit: 1, sort: 'city' })).features[0]!;
    const times = await core.api.invoke('cameras.imageTimes', { cameraId: camera.id });
    const observation = (await client.observations.search({ limit: 1 })).features[0]!;
    const recording = await shortRecording();

    // A recording's frame names are its zip's entry names, read from the central directory.
    const frames = await core.api.invoke('collections.recordingFrames', {
      recordingId: recording.id,
    });
    const zipPath = join(dir.path, 'recording.zip');
    const zip = await client.recordings.download(recording.id, 'zip');
    await writeFile(zipPath, zip.nodeStream());
    expect(frames.names).toEqual([...readZip(zipPath).keys()]);
    expect(frames.names.length).toBeGreaterThan(3);
    const parsed = frames.names.map((name) => parseImageName(name).cameraId);
    expect(parsed.every((c) => c === (opaque ? null : recording.properties.camera_id))).toBe(true);

    const { id: other } = await core.api.invoke('collections.create', { name: 'Other' });
    const fromOther = (
      await core.api.invoke('collections.addImage', {
        id: other,
        source: { kind: 'archive', cameraId: camera.id, time: times.at(-20)! },
      })
    ).image;
    expect(fromOther).toBeTruthy();

    const sources: ImageSource[] = [
      { kind: 'camera', cameraId: camera.id },
      { kind: 'archive', cameraId: camera.id, time: times.at(-10)! },
      { kind: 'observation', observationId: observation.id },
      { kind: 'recording', recordingId: recording.id },
      { kind: 'recordingFrame', recordingId: recording.id, image: frames.names[1]! },
      { kind: 'collection', collectionId: other, image: fromOther! },
    ];
    added = [];
    for (const source of sources) {
      const { image } = await core.api.invoke('collections.addImage', { id, source });
      // Named by the answer, or (an answer of {ok: true} alone) by the names before and after.
      expect(image, `the name of the image from ${source.kind}`).toBeTruthy();
      added.push(image!);
    }
    expect(new Set(added).size).toBe(6);

    const listed = await allImages(id, 50);
    expect(listed.map((i) => i.name).sort()).toEqual([...added].sort());
    const byName = new Map(listed.map((i) => [i.name, i]));
    sources.forEach((source, i) => expect(byName.get(added[i]!)?.source).toEqual(source));
    // Camera and time are read from a name only when it happens to carry them.
    const archived = byName.get(added[1]!)!;
    if (opaque) expect(archived).toMatchObject({ cameraId: null, time: null });
    else expect(archived.cameraId).toBe(camera.id);
  }, 120_000);

  it('pages by what the service returned, the same images whatever the page size', async () => {
    const all = (await allImages(id, 50)).map((i) => i.name);
    for (const limit of [1, 4, 5]) {
      expect((await allImages(id, limit)).map((i) => i.name)).toEqual(all);
    }
    const names: string[] = [];
    for await (const name of client.collections.imageNames(id)) names.push(name);
    expect(names).toEqual(all);
    expect(await core.api.invoke('collections.count', { id })).toEqual({ images: 6 });
  });

  it('serves thumbnails, images and the preview through the media resolver', async () => {
    for (const name of [added[0]!, added[4]!]) {
      const path = (kind: string) =>
        `collections/${encodeURIComponent(id)}/${kind}/${encodeURIComponent(name)}`;
      const thumb = await bodyOf(path('thumbs'));
      expect(thumb.status).toBe(200);
      expect((await sharp(thumb.body).metadata()).width).toBe(256);
      const image = await bodyOf(path('images'));
      expect(image.status).toBe(200);
      expect(createHash('sha256').update(image.body).digest('hex')).toBe(
        await serviceHash(client, id, name),
      );
    }
    const preview = await bodyOf(`collections/${encodeURIComponent(id)}/preview`);
    expect(preview.status).toBe(200);
    expect((await sharp(preview.body).metadata()).width).toBe(640);
  }, 60_000);

  it('keeps the collection offline, exports it, removes, empties and destroys', async () => {
    await core.api.invoke('collections.keepOffline', { id, keep: true });
    expect(await core.api.invoke('collections.sync', { id })).toMatchObject({
      state: 'synced',
      done: 6,
      total: 6,
    });
    const exported = await core.api.invoke('collections.export', {
      id,
      as: 'zip',
      operationId: `export-${variant}`,
    });
    expect(exported.images).toBe(6);
    const manifest = JSON.parse(readZip(exported.path).get('manifest.json')!.toString()) as {
      images: { name: string }[];
    };
    expect(manifest.images.map((i) => i.name).sort()).toEqual([...added].sort());

    await core.api.invoke('collections.removeImage', { id, name: added[0]! });
    expect(await core.api.invoke('collections.count', { id })).toEqual({ images: 5 });
    const emptied = await core.api.invoke('collections.empty', { id, operationId: 'e' });
    expect(emptied).toEqual({ removed: 5 });
    const destroyed = await core.api.invoke('collections.destroy', { id, operationId: 'd' });
    expect(destroyed).toEqual({ removed: 0 });
    await expect(client.collections.show(id)).rejects.toThrow(/404/);
    const list = await core.api.invoke('collections.search', { limit: 100 });
    expect(list.results.map((c) => c._id)).not.toContain(id);
  }, 60_000);

  it('finds the prefix out once: one wasted request at most, none after a restart', async () => {
    expect(wasted(proxy.requests, variant).length).toBeLessThanOrEqual(1);
    // Every image operation after the first went under the prefix the service serves.
    const operations = proxy.requests.filter((r) => IMAGE_OPERATION.test(r.path));
    expect(operations.length).toBeGreaterThan(15);
    expect(wasted(operations.slice(1), variant)).toEqual([]);

    await core.close();
    proxy.requests.length = 0;
    core = await startAppCore();
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    const { id: again } = await core.api.invoke('collections.create', { name: 'After restart' });
    const { image } = await core.api.invoke('collections.addImage', {
      id: again,
      source: { kind: 'camera', cameraId: camera.id },
    });
    const thumb = await bodyOf(
      `collections/${encodeURIComponent(again)}/thumbs/${encodeURIComponent(image!)}`,
    );
    expect(thumb.status).toBe(200);
    expect(proxy.requests.filter((r) => IMAGE_OPERATION.test(r.path)).length).toBeGreaterThan(0);
    expect(wasted(proxy.requests, variant)).toEqual([]);

    // An image that is not there: the service's own 404, not the one of a route it lacks.
    const missing = core.api.invoke('collections.removeImage', { id: again, name: 'nothing.jpg' });
    await expect(missing).rejects.toThrow(/404/);
    await expect(missing).rejects.not.toThrow(/There is no operation/);
  }, 60_000);
});
