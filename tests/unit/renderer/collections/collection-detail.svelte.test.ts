/**
 * One collection shown (src/renderer/collections/detail.svelte.ts) against a real demo core:
 * its fields and its images page by page through the marker, a collection that does not exist
 * in words, another collection opened before the first one's answer came, and its offline
 * state following the main process's events.
 */
import { describe, expect } from 'vitest';
import { CollectionDetailState } from '../../../../src/renderer/collections/detail.svelte.ts';
import type { OfflineStatus } from '../../../../src/shared/ipc/collections.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { test } from '../../../helpers/renderer-core.ts';
import { waitFor } from '../../../helpers/wait.ts';
import { heldAnswers } from '../held-answers.ts';

/** The service gives at most this many image names a page, and the state asks for that many. */
const SERVICE_PAGE = 200;

/** A new collection holding `count` archived frames of one camera; its id and image names. */
async function filled(api: Api, name: string, count: number) {
  const { id } = await api.invoke('collections.create', { name });
  const { features } = await api.invoke('cameras.search', { limit: 1 });
  const cameraId = features[0]!.id;
  const times = await api.invoke('cameras.imageTimes', { cameraId });
  const names: string[] = [];
  for (const time of times.slice(0, count)) {
    const { image } = await api.invoke('collections.addImage', {
      id,
      source: { kind: 'archive', cameraId, time },
    });
    names.push(image!);
  }
  return { id, names: names.sort() };
}

describe('a collection shown', () => {
  test('opens on its first page and loads the next one once, through the marker', async ({
    core,
  }) => {
    const { id, names } = await filled(core.api, 'Long collection', SERVICE_PAGE + 10);
    const detail = new CollectionDetailState(core.api);
    await detail.open(id);
    expect(detail.id).toBe(id);
    expect(detail.collection).toMatchObject({ _id: id, name: 'Long collection', offline: null });
    expect(detail.offline).toBe(false);
    expect(detail.images.map((i) => i.name)).toEqual(names.slice(0, SERVICE_PAGE));
    expect(detail.images[0]).toMatchObject({
      source: { kind: 'archive', cameraId: detail.images[0]!.cameraId },
    });
    expect(detail.done).toBe(false);

    // The end of the grid comes into view twice before the page arrives: one page is loaded.
    await Promise.all([detail.more(), detail.more()]);
    expect(detail.images.map((i) => i.name)).toEqual(names);
    expect(detail.done).toBe(true);
    expect([detail.paging.busy, detail.paging.error]).toEqual([false, null]);
    await detail.more();
    expect(detail.images).toHaveLength(names.length);

    // An image the user removed goes from the grid; a reload shows the collection as it is now.
    detail.removed(names[3]!);
    expect(detail.images.map((i) => i.name)).not.toContain(names[3]);
    expect(detail.images).toHaveLength(names.length - 1);
    await core.api.invoke('collections.removeImage', { id, name: names[0]! });
    await detail.reload();
    expect(detail.images[0]!.name).toBe(names[1]);
    expect(detail.done).toBe(false);
    detail.dispose();
  });

  test('a collection that does not exist says so in words, instead of the one shown before', async ({
    core,
  }) => {
    const { id } = await filled(core.api, 'Shown before a missing one', 1);
    const detail = new CollectionDetailState(core.api);
    await detail.open(id);
    expect(detail.images).toHaveLength(1);

    await detail.open('col_doesnotexist');
    expect(detail.paging.error).toMatch(
      /collection col_doesnotexist failed: No collection with id "col_doesnotexist" \(it may never have existed or may have expired\)/,
    );
    expect(detail.paging.busy).toBe(false);
    expect(detail.id).toBe('col_doesnotexist');
    expect(detail.collection).toBeNull();
    expect(detail.images).toEqual([]);

    // Opening another one takes the explanation away at once, before its answer.
    const opening = detail.open(id);
    expect(detail.paging.error).toBeNull();
    await opening;
    expect(detail.collection!._id).toBe(id);
    detail.dispose();
  });

  test('the answer for a collection left before it came is not shown', async ({ core }) => {
    const first = await filled(core.api, 'Left behind', 2);
    const second = await filled(core.api, 'Opened next', 1);
    const held = heldAnswers(core.api);
    const detail = new CollectionDetailState(held.api);
    const release = held.hold(
      (channel, input) =>
        channel === 'collections.images' && (input as { id: string }).id === first.id,
    );
    const left = detail.open(first.id);
    expect(detail.paging.busy).toBe(true);
    await detail.open(second.id);
    release();
    await left;
    expect(detail.id).toBe(second.id);
    expect(detail.collection!.name).toBe('Opened next');
    expect(detail.images.map((i) => i.name)).toEqual(second.names);
    expect(detail.done).toBe(true);
    expect(detail.paging.busy).toBe(false);
    detail.dispose();
  });

  test('kept offline, its sync shows as the main process reports it, until the view goes', async ({
    core,
  }) => {
    const { id } = await filled(core.api, 'Kept offline', 2);
    const other = await filled(core.api, 'Not shown', 0);
    const detail = new CollectionDetailState(core.api);
    await detail.open(id);
    expect(detail.collection!.offline).toBeNull();

    // Another collection's status is not this one's.
    const heardOther: OfflineStatus[] = [];
    const stopOther = core.api.on('collections.offline', (s) => heardOther.push(s));
    await core.api.invoke('collections.keepOffline', { id: other.id, keep: true });
    await waitFor(
      () => heardOther.some((s) => s.collectionId === other.id && s.state === 'synced'),
      { what: 'the other collection to be synced' },
    );
    stopOther();
    expect(detail.collection!.offline).toBeNull();

    await core.api.invoke('collections.keepOffline', { id, keep: true });
    const synced = await waitFor(
      () => detail.collection!.offline?.state === 'synced' && detail.collection!.offline,
      { what: 'the collection to show as synced' },
    );
    expect(synced).toMatchObject({ collectionId: id, done: 2, total: 2, message: null });
    expect(synced.bytes).toBeGreaterThan(0);
    expect(detail.collection).toMatchObject({ _id: id, name: 'Kept offline' });

    detail.dispose();
    const shown = detail.collection;
    const heard: OfflineStatus[] = [];
    const stop = core.api.on('collections.offline', (s) => heard.push(s));
    await core.api.invoke('collections.sync', { id });
    stop();
    expect(heard.length).toBeGreaterThan(0);
    expect(detail.collection).toBe(shown);
    await core.api.invoke('collections.keepOffline', { id, keep: false });
    await core.api.invoke('collections.keepOffline', { id: other.id, keep: false });
  });
});
