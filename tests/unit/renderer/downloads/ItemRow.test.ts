import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import type { DownloadItemView, DownloadState } from '../../../../src/shared/ipc/downloads.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import {
  DownloadsState,
  downloadsContext,
} from '../../../../src/renderer/downloads/downloads.svelte.ts';
import ItemRow from '../../../../src/renderer/downloads/ItemRow.svelte';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { said } from '../../../../src/shared/i18n/translator.ts';

function item(state: DownloadState, extra: Partial<DownloadItemView> = {}): DownloadItemView {
  return {
    id: 7,
    batchId: 3,
    kind: 'recording',
    recordingId: 'rec-1',
    format: 'mp4',
    collectionId: null,
    image: null,
    state,
    name: 'cam-1/rec-1.mp4',
    bytesDone: 250,
    bytesTotal: 1000,
    speed: 0,
    etaSeconds: null,
    message: null,
    messageSaid: null,
    sha256: null,
    skipped: false,
    ...extra,
  };
}

function setup(state: DownloadState, extra: Partial<DownloadItemView> = {}) {
  const api = fakeApi({
    'downloads.list': () => ({ batches: [], items: [] }),
    'downloads.pause': () => ({ changed: 1 }),
    'downloads.resume': () => ({ changed: 1 }),
    'downloads.retry': () => ({ changed: 1 }),
    'downloads.cancel': () => ({ changed: 1 }),
    'downloads.open': ({ folder }) => ({
      opened: false,
      path: folder ? '/data/cam-1' : '/data/cam-1/rec-1.mp4',
    }),
  });
  const downloads = new DownloadsState(api);
  render(ItemRow, {
    props: { item: item(state, extra) },
    context: contextOf(provided(downloadsContext, downloads)),
  });
  const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);
  return { api, downloads, buttons };
}

describe("a download item's actions follow its state", () => {
  test.each<[DownloadState, string[]]>([
    ['queued', ['Pause', 'Cancel']],
    ['waiting', ['Pause', 'Cancel']],
    ['downloading', ['Pause', 'Cancel']],
    ['paused', ['Resume', 'Cancel']],
    ['failed', ['Retry', 'Cancel']],
    ['canceled', ['Retry']],
    ['completed', ['Open', 'Show in folder']],
  ])('%s: %j', (state, expected) => {
    expect(setup(state).buttons()).toEqual(expected);
  });
});

describe('each action asks the main process for this item', () => {
  test.each<[DownloadState, string, string]>([
    ['downloading', 'Pause', 'downloads.pause'],
    ['paused', 'Resume', 'downloads.resume'],
    ['failed', 'Retry', 'downloads.retry'],
    ['downloading', 'Cancel', 'downloads.cancel'],
  ])('%s, %s: %s', async (state, button, channel) => {
    const { api } = setup(state);
    await fireEvent.click(screen.getByRole('button', { name: button }));
    expect(api.calls.filter((c) => c.channel === channel)).toEqual([
      { channel, input: { itemId: 7 } },
    ]);
  });

  test('Open and Show in folder open the file and its folder; without a shell, the path is shown', async () => {
    const { api, downloads } = setup('completed');
    await fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Show in folder' }));
    expect(api.inputsOf('downloads.open')).toEqual([
      { itemId: 7, folder: false },
      { itemId: 7, folder: true },
    ]);
    await expect.poll(() => downloads.shownPath).toBe('/data/cam-1');
  });

  test('a refused action is kept as the error the view shows', async () => {
    const api = fakeApi({
      'downloads.list': () => ({ batches: [], items: [] }),
    });
    const downloads = new DownloadsState(api);
    render(ItemRow, {
      props: { item: item('failed') },
      context: contextOf(provided(downloadsContext, downloads)),
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expect.poll(() => downloads.error).toMatch(/no answer for downloads.retry/);
  });
});

test('progress, figures, the reason and the checksum are shown', () => {
  setup('failed', { message: 'The disk is full: free some space, then retry.', sha256: 'ab12' });
  expect(screen.getByTestId('item-percent').textContent).toBe('25%');
  expect(screen.getByText('The disk is full: free some space, then retry.')).toBeTruthy();
  expect(screen.getByText(/SHA-256 ab12/)).toBeTruthy();
  expect(screen.getByTestId('download-item').dataset.state).toBe('failed');
});

test("a recording's item links to the recording's detail; a collection image has no such link", () => {
  setup('queued');
  expect(screen.getByRole('link', { name: 'Recording' }).getAttribute('href')).toBe(
    '#/downloads/recording/rec-1',
  );
  document.body.innerHTML = '';
  setup('queued', { kind: 'collection-image', recordingId: null, collectionId: 'c1' });
  expect(screen.queryByRole('link', { name: 'Recording' })).toBeNull();
});

test('the reason reads in the language in force; one kept from before is shown as written', async () => {
  const reason = said('downloads.reason.recordingGone', { id: 'rec-1' });
  await words.use('de');
  try {
    setup('failed', {
      message: 'Recording rec-1 is no longer on the service.',
      messageSaid: reason,
    });
    const line = screen.getByText('Die Aufnahme rec-1 ist nicht mehr auf dem Dienst.');
    expect(line.hasAttribute('data-verbatim')).toBe(false);
  } finally {
    await words.use('en');
  }
  setup('failed', { id: 8, message: 'Written before.', messageSaid: null });
  expect(screen.getByText('Written before.').hasAttribute('data-verbatim')).toBe(true);
});
