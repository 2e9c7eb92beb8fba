import { render, screen } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import {
  DOWNLOAD_STATES,
  type DownloadBatchView,
  type DownloadState,
} from '../../../../src/shared/ipc/downloads.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import {
  DownloadsState,
  downloadsContext,
} from '../../../../src/renderer/downloads/downloads.svelte.ts';
import BatchCard from '../../../../src/renderer/downloads/BatchCard.svelte';

const counts = Object.fromEntries(DOWNLOAD_STATES.map((s) => [s, 0])) as Record<
  DownloadState,
  number
>;
const finished: DownloadBatchView = {
  id: 12,
  label: '40 recordings',
  labelSaid: null,
  folder: '/data',
  template: '{recording_id}.{format}',
  existing: 'skip',
  state: 'completed',
  message: null,
  messageSaid: null,
  spaceNeeded: null,
  createdAt: '2026-11-21T10:00:00Z',
  finishedAt: '2026-11-21T10:05:00Z',
  counts: { ...counts, completed: 80 },
  items: 80,
  bytesDone: 1000,
  bytesTotal: 1000,
  speed: 0,
  etaSeconds: null,
  limitedBy: null,
};

function show(current: boolean) {
  const downloads = new DownloadsState(
    fakeApi({ 'downloads.list': () => ({ batches: [], items: [] }) }),
  );
  render(BatchCard, {
    props: { batch: finished, open: false, current },
    context: contextOf(provided(downloadsContext, downloads)),
  });
  return screen.getByTestId('download-batch') as HTMLDetailsElement;
}

describe('the batch a finished-download notification points at', () => {
  test('is open and marked as the current one, though history starts folded', async () => {
    const card = show(true);
    await expect.poll(() => card.open).toBe(true);
    expect(card.getAttribute('aria-current')).toBe('true');
  });

  test('another history batch stays folded and unmarked', () => {
    const card = show(false);
    expect(card.open).toBe(false);
    expect(card.hasAttribute('aria-current')).toBe(false);
  });
});
