import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import sharp from 'sharp';
import type { Core } from '../../../src/engine/core.ts';
import { startAccountCore } from '../../helpers/core.ts';
import type { CollectionProgress, ImageInfo } from '../../../src/shared/ipc/collections.ts';
import { archiveTimes, demoClient, serviceNow, tempDir } from '../../helpers/collections.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { IpcError } from '../../../src/shared/ipc.ts';

// The Collections channels through the core's own transport, against the embedded service
// over real HTTP.
let client: ApiClient;
let core: Core;
let now: number;
const dir = tempDir('roadcam-collections-');

test.override({ world: { cameras: 40, hours: 2 } });
test.beforeAll(async ({ service }) => {
  client = demoClient(service.url);
  now = await serviceNow(service.url);
  core = await startAccountCore(dir.path, service.url);
}, 120_000);

afterAll(async () => {
  await core.close();
  dir.remove();
});

async function bodyOf(path: string) {
  const answer = await core.media.resolve(path, new AbortController().signal);
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return { status: answer.status, headers: answer.headers, body: Buffer.concat(chunks) };
}

async function allImages(id: string, limit: number): Promise<string[]> {
  const names: string[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = await core.api.invoke('collections.images', {
      id,
      limit,
      ...(marker ? { marker } : {}),
    });
    names.push(...page.images.map((i) => i.name));
    if (page.next === null) return names;
    marker = page.next;
  }
}

describe('managing collections', () => {
  test('creates, renames, describes and tags; search finds it by q, tag facet and dates', async () => {
    const { id } = await core.api.invoke('collections.create', {
      name: 'Snowy passes',
      tags: ['snow', 'passes'],
    });
    await core.api.invoke('collections.create', { name: 'Dry roads', tags: ['dry'] });
    await core.api.invoke('collections.update', {
      id,
      name: 'Snowy mountain passes',
      description: 'I-70 and US-6',
      tags: ['snow', 'winter'],
    });
    const found = await core.api.invoke('collections.search', { q: 'mountain' });
    expect(found.offline).toBe(false);
    const mine = found.results.find((c) => c._id === id)!;
    expect(mine).toMatchObject({
      name: 'Snowy mountain passes',
      description: 'I-70 and US-6',
      tags: ['snow', 'winter'],
    });
    expect(mine.daysLeft).toBe(89);
    expect(Date.parse(mine.expiresAt) - Date.parse(mine.created_at)).toBe(90 * 86_400_000);

    const all = await core.api.invoke('collections.search', { limit: 100 });
    expect(all.tags.map((t) => t.key)).toEqual(expect.arrayContaining(['snow', 'dry']));
    const tagged = await core.api.invoke('collections.search', { tag: 'winter', limit: 100 });
    const winter: string[] = [];
    for await (const c of client.collections.iterate({}))
      if (c.tags.includes('winter')) winter.push(c._id);
    expect(tagged.results.map((c) => c._id).sort()).toEqual(winter.sort());
    expect(tagged.results.map((c) => c._id)).toContain(id);
    expect(tagged.total).toBe(winter.length);

    const today = new Date(now).toISOString().slice(0, 10);
    const recent = await core.api.invoke('collections.search', {
      created_at_min: today,
      sort: 'name',
      sort_dir: 'desc',
      limit: 100,
    });
    const names = recent.results.map((c) => c.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toContain('Dry roads');
    const old = await core.api.invoke('collections.search', {
      created_at_max: '2026-01-01',
      limit: 100,
    });
    expect(old.results.map((c) => c._id)).not.toContain(id);
  });

  test('refuses input the service would refuse, with a readable message', async () => {
    await expect(core.api.invoke('collections.create', { name: '  ' })).rejects.toThrow(/name/);
    await expect(core.api.invoke('collections.update', { id: 'col_x' })).rejects.toThrow(
      /at least one/,
    );
    await expect(
      core.api.invoke('collections.addImage', {
        id: 'col_x',
        source: { kind: 'archive', cameraId: 'A' } as never,
      }),
    ).rejects.toThrow(/time/);
  });

  test('adds an image from every source of the spec and remembers where each came from', async () => {
    const { id } = await core.api.invoke('collections.create', { name: 'Every source' });
    const camera = (await client.cameras.search({ limit: 1, sort: 'city' })).features[0]!;
    const times = await core.api.invoke('cameras.imageTimes', { cameraId: camera.id });
    expect(times.length).toBeGreaterThan(1400);
    expect(Date.parse(times.at(-1)!)).toBeGreaterThan(now - 5 * 60_000);
    const observation = (await client.observations.search({ limit: 1 })).features[0]!;
    const recording = (await client.recordings.search({ status: 'complete', limit: 1 }))
      .features[0]!;
    const frames = await core.api.invoke('collections.recordingFrames', {
      recordingId: recording.id,
    });
    expect(frames.cameraId).toBe(recording.properties.camera_id);
    const { id: other } = await core.api.invoke('collections.create', { name: 'Other' });
    const archived = times.at(-10)!;
    const fromOther = (
      await core.api.invoke('collections.addImage', {
        id: other,
        source: { kind: 'archive', cameraId: camera.id, time: times.at(-20)! },
      })
    ).image!;

    const sources = [
      { kind: 'camera', cameraId: camera.id },
      { kind: 'archive', cameraId: camera.id, time: archived },
      { kind: 'observation', observationId: observation.id },
      { kind: 'recording', recordingId: recording.id },
      { kind: 'recordingFrame', recordingId: recording.id, image: frames.names[3]! },
      { kind: 'collection', collectionId: other, image: fromOther },
    ] as const;
    const added: string[] = [];
    for (const source of sources) {
      const { image } = await core.api.invoke('collections.addImage', { id, source });
      expect(image).toBeTruthy();
      added.push(image!);
    }
    expect(new Set(added).size).toBe(6);
    const page = await core.api.invoke('collections.images', { id, limit: 50 });
    const byName = new Map(page.images.map((i) => [i.name, i] as [string, ImageInfo]));
    expect([...byName.keys()].sort()).toEqual([...added].sort());
    sources.forEach((source, i) => expect(byName.get(added[i]!)?.source).toEqual(source));
    expect(byName.get(added[1]!)).toMatchObject({
      cameraId: camera.id,
      time: new Date(archived).toISOString(),
    });
    expect(byName.get(added[4]!)?.name).toBe(frames.names[3]);

    await core.api.invoke('collections.removeImage', { id, name: added[0]! });
    expect(await allImages(id, 50)).toEqual([...added.slice(1)].sort());
    expect(await core.api.invoke('collections.count', { id })).toEqual({ images: 5 });
  });
});

describe('browsing with the marker rule', () => {
  test('pages through every image once, in order, whatever the page size', async () => {
    const { id } = await core.api.invoke('collections.create', { name: 'Paging' });
    const cameras = (await client.cameras.search({ limit: 2 })).features;
    for (const [i, time] of archiveTimes(45, now, 200).entries()) {
      await client.collections.addImage(id, { camera_id: cameras[i % 2]!.id, time });
    }
    const expected: string[] = [];
    for await (const name of client.collections.imageNames(id)) expected.push(name);
    expect(expected).toHaveLength(45);
    for (const limit of [1, 7, 20, 45, 60]) expect(await allImages(id, limit)).toEqual(expected);
  });

  test('never duplicates nor skips an image when the collection changes between pages', async () => {
    const { id } = await core.api.invoke('collections.create', { name: 'Changing while paging' });
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    const times = archiveTimes(40, now, 300);
    for (const time of times.slice(0, 30))
      await client.collections.addImage(id, { camera_id: camera.id, time });
    const seen: string[] = [];
    const first = await core.api.invoke('collections.images', { id, limit: 10 });
    seen.push(...first.images.map((i) => i.name));
    // Meanwhile: an image before the marker, one after it, and the marker itself removed.
    await client.collections.addImage(id, { camera_id: camera.id, time: times[39]! });
    await client.collections.addImage(id, { camera_id: camera.id, time: times[30]! });
    await client.collections.removeImage(id, first.next!);
    let marker = first.next;
    while (marker !== null) {
      const page = await core.api.invoke('collections.images', { id, limit: 10, marker });
      seen.push(...page.images.map((i) => i.name));
      marker = page.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const final: string[] = [];
    for await (const name of client.collections.imageNames(id)) final.push(name);
    // Every image present throughout was listed; only the earlier-sorting addition is missing.
    const missing = final.filter((n) => !seen.includes(n));
    expect(missing.every((n) => n < first.next!)).toBe(true);
    expect(seen.filter((n) => n > first.next!)).toEqual(final.filter((n) => n > first.next!));
  });
});

describe('Empty and Destroy', () => {
  test('Empty repeats the 1000-per-call operation until nothing is left, with progress', async () => {
    const { id } = await core.api.invoke('collections.create', { name: 'Big' });
    const cameras = (await client.cameras.search({ limit: 2 })).features;
    const times = archiveTimes(1300, now, 2);
    for (let i = 0; i < 1005; i++) {
      await client.collections.addImage(id, { camera_id: cameras[i % 2]!.id, time: times[i]! });
    }
    const progress: CollectionProgress[] = [];
    const stop = core.hub.on('collections.progress', (p) => progress.push(p));
    const { removed } = await core.api.invoke('collections.empty', { id, operationId: 'e1' });
    stop();
    expect(removed).toBe(1005);
    expect(progress.map((p) => p.done)).toEqual([0, 1000, 1005, 1005]);
    expect(progress.every((p) => p.total === 1005 && p.kind === 'empty')).toBe(true);
    expect(progress.at(-1)?.finished).toBe(true);
    expect(await core.api.invoke('collections.count', { id })).toEqual({ images: 0 });
  }, 120_000);

  test('Destroy empties first, then destroys; a kept copy goes too', async () => {
    const { id } = await core.api.invoke('collections.create', { name: 'To destroy' });
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    for (const time of archiveTimes(3, now, 500))
      await client.collections.addImage(id, { camera_id: camera.id, time });
    // Synced before it is kept: refused, in the user's language (German here).
    const unkept = await core.api
      .invoke('collections.sync', { id })
      .catch((error: IpcError) => error);
    expect((await loadTranslator('de')).say((unkept as IpcError).said!)).toBe(
      `Die Sammlung ${id} wird nicht offline gehalten: Wählen Sie zuerst „Offline halten“.`,
    );
    await core.api.invoke('collections.keepOffline', { id, keep: true });
    await core.api.invoke('collections.sync', { id });
    const { removed } = await core.api.invoke('collections.destroy', { id, operationId: 'd1' });
    expect(removed).toBe(3);
    await expect(client.collections.show(id)).rejects.toThrow(/404/);
    const list = await core.api.invoke('collections.search', { limit: 100 });
    expect(list.results.map((c) => c._id)).not.toContain(id);
  });
});

describe('thumbnails and offline browsing', () => {
  let kept: string;
  let names: string[];

  test('thumbnails are made by the main process (256 px wide JPEG) and cached on disk', async () => {
    const { id } = await core.api.invoke('collections.create', { name: 'Kept', tags: ['offline'] });
    kept = id;
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    for (const time of archiveTimes(25, now, 600))
      await client.collections.addImage(id, { camera_id: camera.id, time });
    names = await allImages(id, 200);
    const thumb = await bodyOf(`collections/${id}/thumbs/${names[0]}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['Content-Type']).toBe('image/jpeg');
    const meta = await sharp(thumb.body).metadata();
    expect(meta.width).toBe(256);
    expect(meta.format).toBe('jpeg');
    const full = await bodyOf(`collections/${id}/images/${names[0]}`);
    expect(thumb.body.length).toBeLessThan(full.body.length);
    expect(core.cache.media.get(`thumb:256:collection-image:${id}:${names[0]}`)).not.toBeNull();
    expect((await bodyOf(`collections/${id}/thumbs/..`)).status).toBe(404);
  });

  test('a kept collection is listed and browsed from disk once the service is gone', async ({
    service,
  }) => {
    const status = await core.api.invoke('collections.keepOffline', { id: kept, keep: true });
    expect(status?.state).toMatch(/pending|syncing/);
    const synced = await core.api.invoke('collections.sync', { id: kept });
    expect(synced).toMatchObject({ state: 'synced', done: 25, total: 25 });

    await service.close();
    const list = await core.api.invoke('collections.search', { limit: 10 });
    expect(list.offline).toBe(true);
    expect(list.message).toBeTruthy();
    expect(list.results.map((c) => c._id)).toEqual([kept]);
    expect(list.results[0]?.offline).toMatchObject({ state: 'synced', done: 25 });
    expect(list.tags).toEqual([{ key: 'offline', count: 1 }]);
    expect((await core.api.invoke('collections.search', { q: 'nothing like it' })).results).toEqual(
      [],
    );

    const offlinePages = await allImages(kept, 10);
    expect(offlinePages).toEqual(names);
    const page = await core.api.invoke('collections.images', { id: kept, limit: 5 });
    expect(page.offline).toBe(true);

    for (const name of [names[3]!, names[24]!]) {
      const image = await bodyOf(`collections/${kept}/images/${name}`);
      expect(image.status).toBe(200);
      expect(image.body.length).toBeGreaterThan(1000);
      const thumb = await bodyOf(`collections/${kept}/thumbs/${name}`);
      expect(thumb.status).toBe(200);
      expect((await sharp(thumb.body).metadata()).width).toBe(256);
    }
    await expect(core.api.invoke('collections.images', { id: 'col_elsewhere' })).rejects.toThrow(
      /not kept offline/,
    );
    expect((await core.api.invoke('app.status', {})).online).toBe(false);
  }, 60_000);
});
