/**
 * The Downloads view at 10,000 files in one batch: only the rows in view exist, an update wakes
 * only what it changes, and the state filter and the list of failures stay exact while items
 * stream through their states.
 */
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DOWNLOAD_STATES,
  type DownloadBatchView,
  type DownloadItemView,
  type DownloadState,
} from '../../../../src/shared/ipc/downloads.ts';
import { fakeApi, type FakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import {
  DownloadsState,
  downloadsContext,
} from '../../../../src/renderer/downloads/downloads.svelte.ts';
import BatchCard from '../../../../src/renderer/downloads/BatchCard.svelte';

// jsdom has no layout: the list's ResizeObserver (lib/VirtualList) only needs to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const zero = Object.fromEntries(DOWNLOAD_STATES.map((s) => [s, 0])) as Record<
  DownloadState,
  number
>;

function batchOf(id: number, items: number): DownloadBatchView {
  return {
    id,
    label: `${items} recordings`,
    labelSaid: null,
    folder: '/data',
    template: '{recording_id}.{format}',
    existing: 'skip',
    state: 'active',
    message: null,
    messageSaid: null,
    spaceNeeded: null,
    createdAt: '2026-11-27T10:00:00Z',
    finishedAt: null,
    counts: { ...zero, queued: items },
    items,
    bytesDone: 0,
    bytesTotal: 0,
    speed: 0,
    etaSeconds: null,
    limitedBy: null,
  };
}

function itemOf(batchId: number, id: number, state: DownloadState = 'queued'): DownloadItemView {
  return {
    id,
    batchId,
    kind: 'recording',
    recordingId: `rec_${id}`,
    format: 'jpg',
    collectionId: null,
    image: null,
    state,
    name: `rec_${id}.jpg`,
    bytesDone: state === 'completed' ? 1000 : 0,
    bytesTotal: 1000,
    speed: 0,
    etaSeconds: null,
    message: state === 'failed' ? `No recording rec_${id}: check the id.` : null,
    messageSaid: null,
    sha256: null,
    skipped: false,
  };
}

/** A queue of one batch of 10,000 files (ids 1-10,000) and one of 10 (ids 20,001-20,010). */
async function queue(): Promise<{ api: FakeApi; downloads: DownloadsState }> {
  const big = Array.from({ length: 10_000 }, (_, i) => itemOf(1, i + 1));
  const small = Array.from({ length: 10 }, (_, i) => itemOf(2, 20_001 + i));
  const api = fakeApi({
    'downloads.list': () => ({
      batches: [batchOf(2, 10), batchOf(1, 10_000)],
      items: [...small, ...big],
    }),
  });
  const downloads = new DownloadsState(api);
  await expect.poll(() => downloads.loaded).toBe(true);
  return { api, downloads };
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('a batch of 10,000 files', () => {
  test('draws only the rows in view, each told its place among the 10,000', async () => {
    const { downloads } = await queue();
    render(BatchCard, {
      props: { batch: downloads.batches.find((b) => b.id === 1)! },
      context: contextOf(provided(downloadsContext, downloads)),
    });
    const rows = screen.getAllByTestId('download-item');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(40);
    const list = screen.getByRole('list', { name: 'Files of 10000 recordings' });
    const first = list.querySelector('[role="listitem"]')!;
    expect(first.getAttribute('aria-setsize')).toBe('10000');
    expect(first.getAttribute('aria-posinset')).toBe('1');
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
  });

  test('a scroll makes no row: one that enters takes the elements of one that left, with a bar of its own', async () => {
    const { api, downloads } = await queue();
    // The first files are done (full bars); those below them still queued (empty ones).
    api.emit('downloads.update', {
      batches: [],
      items: Array.from({ length: 12 }, (_, i) => itemOf(1, i + 1, 'completed')),
      removedBatches: [],
    });
    render(BatchCard, {
      props: { batch: downloads.batches.find((b) => b.id === 1)! },
      context: contextOf(provided(downloadsContext, downloads)),
    });
    const list = screen.getByRole('list', { name: 'Files of 10000 recordings' });
    const rows = () => [...list.querySelectorAll<HTMLElement>('[role="listitem"]')];
    const barOf = (row: HTMLElement) => row.querySelector('[role="progressbar"]')!;
    const nameOf = (row: HTMLElement) => row.querySelector('[title]')!.textContent;
    const shown = new Map(rows().map((r) => [barOf(r), nameOf(r)]));
    const before = rows();

    // Twenty rows down, past the rows drawn below the view (jsdom keeps no scroll position).
    Object.defineProperty(list, 'scrollTop', { value: 20 * 66, configurable: true });
    list.dispatchEvent(new Event('scroll'));
    flushSync();

    const after = rows();
    expect(new Set(after)).toEqual(new Set(before));
    for (const row of after) {
      const id = Number(row.getAttribute('aria-posinset'));
      expect(nameOf(row)).toBe(`rec_${id}.jpg`);
      expect(row.querySelector('[data-testid="download-item"]')!.getAttribute('data-state')).toBe(
        id <= 12 ? 'completed' : 'queued',
      );
      expect(barOf(row).getAttribute('aria-valuenow')).toBe(id <= 12 ? '100' : '0');
      // A bar that showed another file is not reused: it would glide from that file's value.
      const was = shown.get(barOf(row));
      expect(was === undefined || was === `rec_${id}.jpg`).toBe(true);
    }
  });

  test("an update of another batch's items wakes neither this batch's list nor its rows", async () => {
    const { api, downloads } = await queue();
    let runs = 0;
    cleanups.push(
      $effect.root(() => {
        $effect(() => {
          downloads.itemsOf(1);
          runs++;
        });
      }),
    );
    flushSync();
    expect(runs).toBe(1);

    api.emit('downloads.update', {
      batches: [],
      items: [itemOf(2, 20_001, 'downloading'), itemOf(2, 20_002, 'completed')],
      removedBatches: [],
    });
    flushSync();
    expect(runs).toBe(1);
    expect(downloads.itemsOf(2).map((i) => i.state)).toEqual([
      'downloading',
      'completed',
      ...Array<DownloadState>(8).fill('queued'),
    ]);

    // Its own items do wake it.
    api.emit('downloads.update', {
      batches: [],
      items: [itemOf(1, 9_999, 'completed')],
      removedBatches: [],
    });
    flushSync();
    expect(runs).toBe(2);
  });

  test('the filter and the failures stay exact while items stream through their states', async () => {
    const { api, downloads } = await queue();
    const expected = new Map<number, DownloadState>();
    for (let id = 1; id <= 10_000; id++) expected.set(id, 'queued');
    // 50 updates of 200 items, in an order that is not the queue's: some fail, then are retried.
    for (let round = 0; round < 50; round++) {
      const items: DownloadItemView[] = [];
      for (let k = 0; k < 200; k++) {
        const id = ((round * 200 + k) * 7919) % 10_000 || 10_000;
        const state: DownloadState =
          id % 37 === 0 ? 'failed' : id % 5 === 0 ? 'downloading' : 'completed';
        expected.set(id, state);
        items.push(itemOf(1, id, state));
      }
      if (round === 30) {
        for (const id of [37, 74]) {
          expected.set(id, 'queued');
          items.push(itemOf(1, id, 'queued'));
        }
      }
      api.emit('downloads.update', { batches: [], items, removedBatches: [] });
    }

    for (const state of DOWNLOAD_STATES) {
      downloads.filter = state;
      const ids = [...expected].filter(([, s]) => s === state).map(([id]) => id);
      expect(downloads.itemsOf(1).map((i) => i.id)).toEqual(ids.sort((a, b) => a - b));
    }
    downloads.filter = 'all';
    expect(downloads.itemsOf(1)).toHaveLength(10_000);

    const failed = JSON.parse(downloads.failedList('json')) as { recording_id: string }[];
    const failedIds = [...expected].filter(([, s]) => s === 'failed').map(([id]) => id);
    expect(failed.map((r) => r.recording_id)).toEqual(
      failedIds.sort((a, b) => a - b).map((id) => `rec_${id}`),
    );

    // A cleared batch takes its items with it; the other batch keeps its own.
    api.emit('downloads.update', { batches: [], items: [], removedBatches: [1] });
    expect(downloads.itemsOf(1)).toEqual([]);
    expect(downloads.failedList('json')).toBe('[]\n');
    expect(downloads.itemsOf(2)).toHaveLength(10);
  });
});
