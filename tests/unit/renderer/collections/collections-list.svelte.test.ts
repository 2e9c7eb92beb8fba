/**
 * The list of collections (src/renderer/collections/list.svelte.ts) against a real demo core:
 * searching, paging, the tags facet, a refused search in words, an older answer that comes too
 * late, and the offline state of a collection following the main process's events.
 */
import { describe, expect } from 'vitest';
import {
  CollectionsListState,
  LIST_PAGE,
} from '../../../../src/renderer/collections/list.svelte.ts';
import type { OfflineStatus } from '../../../../src/shared/ipc/collections.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { test } from '../../../helpers/renderer-core.ts';
import { waitFor } from '../../../helpers/wait.ts';
import { heldAnswers } from '../held-answers.ts';

/** `count` new collections carrying `tag`, named `<tag> 1`, `<tag> 2`, ... */
async function tagged(api: Api, tag: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++)
    ids.push((await api.invoke('collections.create', { name: `${tag} ${i}`, tags: [tag] })).id);
  return ids;
}

describe('the collections list', () => {
  test('searches, pages through the answer and counts tags in the facet', async ({ core }) => {
    const ids = await tagged(core.api, 'paging-list', LIST_PAGE + 2);
    const list = new CollectionsListState(core.api);
    expect(list.page).toBeNull();

    await list.search({ tag: 'paging-list' });
    expect(list.searching.busy).toBe(false);
    expect(list.searching.error).toBeNull();
    expect(list.params).toMatchObject({ tag: 'paging-list', skip: 0, limit: LIST_PAGE });
    expect(list.page).toMatchObject({ total: LIST_PAGE + 2, skip: 0, offline: false });
    expect(list.page!.results).toHaveLength(LIST_PAGE);
    expect(list.page!.tags).toContainEqual({ key: 'paging-list', count: LIST_PAGE + 2 });

    await list.go(LIST_PAGE);
    expect(list.page!.skip).toBe(LIST_PAGE);
    const seen = [...list.page!.results];
    expect(seen).toHaveLength(2);
    // Paging keeps the search: only the tagged collections, each shown once over both pages.
    await list.go(-LIST_PAGE);
    expect(list.params.skip).toBe(0);
    seen.push(...list.page!.results);
    expect(seen.map((c) => c._id).sort()).toEqual([...ids].sort());

    // A new search starts again from the first page, keeping the sort chosen before.
    await list.go(LIST_PAGE);
    await list.search({ q: 'paging-list 1' });
    expect(list.params).toMatchObject({ skip: 0, sort: 'updated_at', sort_dir: 'desc' });
    expect(list.page!.skip).toBe(0);
    expect(list.page!.results.every((c) => c.tags.includes('paging-list'))).toBe(true);
    list.dispose();
  });

  test('a field emptied by the user is left out; a search refused is explained and the last list stays', async ({
    core,
  }) => {
    const [id] = await tagged(core.api, 'emptied-field', 1);
    const list = new CollectionsListState(core.api);
    // An empty date is no date: sent as '' the main process would refuse it.
    await list.search({ tag: 'emptied-field', q: '', created_at_min: '' });
    expect(list.searching.error).toBeNull();
    expect(list.page!.results.map((c) => c._id)).toEqual([id]);

    const shown = list.page;
    await list.search({ created_at_min: '21 November' });
    expect(list.searching.error).toMatch(/Dates look like 2026-11-21/);
    expect(list.searching.busy).toBe(false);
    expect(list.page).toBe(shown);

    // The next answer takes the explanation away.
    await list.search({ created_at_min: '' });
    expect(list.searching.error).toBeNull();
    list.dispose();
  });

  test('the answer to an older search that arrives last is not shown', async ({ core }) => {
    await tagged(core.api, 'older-search', 1);
    await tagged(core.api, 'newer-search', 1);
    const held = heldAnswers(core.api);
    const list = new CollectionsListState(held.api);
    const release = held.hold(
      (channel, input) =>
        channel === 'collections.search' && (input as { tag?: string }).tag === 'older-search',
    );
    const older = list.search({ tag: 'older-search' });
    await list.search({ tag: 'newer-search' });
    expect(list.page!.results.map((c) => c.name)).toEqual(['newer-search 1']);
    expect(list.searching.busy).toBe(false);
    release();
    await older;
    expect(list.page!.results.map((c) => c.name)).toEqual(['newer-search 1']);
    expect(list.searching.busy).toBe(false);
    list.dispose();
  });

  test('a collection kept offline shows its sync as the main process reports it, until the list goes', async ({
    core,
  }) => {
    const [id, other] = await tagged(core.api, 'kept-list', 2);
    const list = new CollectionsListState(core.api);
    await list.search({ tag: 'kept-list' });
    expect(list.page!.results.every((c) => c.offline === null)).toBe(true);

    await core.api.invoke('collections.keepOffline', { id: id!, keep: true });
    const kept = await waitFor(
      () => list.page!.results.find((c) => c._id === id && c.offline?.state === 'synced'),
      { what: 'the kept collection to show as synced' },
    );
    expect(kept.offline).toMatchObject({ collectionId: id, done: 0, total: 0, message: null });
    expect(list.page!.results.find((c) => c._id === other)!.offline).toBeNull();

    // Once the list is gone (the page closed), the main process's events no longer reach it.
    list.dispose();
    const shown = list.page;
    const heard: OfflineStatus[] = [];
    const stop = core.api.on('collections.offline', (s) => heard.push(s));
    await core.api.invoke('collections.sync', { id: id! });
    stop();
    expect(heard.length).toBeGreaterThan(0);
    expect(list.page).toBe(shown);
    await core.api.invoke('collections.keepOffline', { id: id!, keep: false });
  });

  test('the status of a collection not on the page leaves the page as it is', async ({ core }) => {
    const [shownId] = await tagged(core.api, 'on-page', 1);
    const [elsewhere] = await tagged(core.api, 'off-page', 1);
    const list = new CollectionsListState(core.api);
    await list.search({ tag: 'on-page' });
    const shown = list.page;
    const heard: OfflineStatus[] = [];
    const stop = core.api.on('collections.offline', (s) => heard.push(s));
    await core.api.invoke('collections.keepOffline', { id: elsewhere!, keep: true });
    await waitFor(() => heard.some((s) => s.collectionId === elsewhere && s.state === 'synced'), {
      what: 'the other collection to be synced',
    });
    stop();
    expect(list.page).toBe(shown);
    expect(list.page!.results.map((c) => [c._id, c.offline])).toEqual([[shownId, null]]);
    list.dispose();
    await core.api.invoke('collections.keepOffline', { id: elsewhere!, keep: false });
  });
});
