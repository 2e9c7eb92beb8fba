import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, test, vi } from 'vitest';
import type { WallTile } from '../../../../src/shared/ipc/wall.ts';
import { mediaSources, type MediaSource } from '../../../../src/renderer/testing/media-sources.ts';
import type { TileState } from '../../../../src/renderer/wall/watchdog.ts';
import { reasonWords } from '../../../../src/renderer/wall/tile-reason.ts';
import Tile from '../../../../src/renderer/wall/WallTile.svelte';
import { playerBudget } from '../../../../src/renderer/wall/player-budget.ts';
import { stubIntersectionObserver } from '../../../../src/renderer/testing/intersection.ts';

// Neither hls.js nor an image can load in jsdom: stand-ins report the states instead.
vi.mock(
  '../../../../src/renderer/wall/HlsPlayer.svelte',
  async () => import('../../../../src/renderer/testing/FakeMediaSource.svelte'),
);
vi.mock(
  '../../../../src/renderer/wall/StillImage.svelte',
  async () => import('../../../../src/renderer/testing/FakeMediaSource.svelte'),
);

const camera: WallTile = {
  id: 'CAM0001',
  name: 'I-80 at Exit 12 - Looking East',
  video: true,
  lon: -111.9,
  lat: 40.7,
  country: 'US',
  state: 'UT',
  city: 'Salt Lake City',
  colSpan: 1,
  rowSpan: 1,
};

stubIntersectionObserver();

function renderTile(
  video: boolean | 'capped',
  extra: { rewindTime?: number; rewindTimes?: number[] } = {},
) {
  const onAction = vi.fn();
  render(Tile, {
    props: {
      tile: { ...camera, video: video !== false },
      index: 2,
      video,
      sensors: undefined,
      refreshSeconds: 30,
      rewindTime: extra.rewindTime ?? null,
      rewindTimes: extra.rewindTimes,
      spans: false,
      maximised: false,
      obscured: false,
      focused: false,
      budget: playerBudget(1, false),
      onAction,
      onFocus: () => {},
    },
  });
  return {
    onAction,
    tile: () => screen.getByRole('group', { name: new RegExp(`^${camera.name}, `) }),
  };
}

/** The one media source that reports the tile's state: the player, or the still image. */
function source(): MediaSource {
  const [first] = mediaSources;
  if (!first) throw new Error('The tile mounted no media source');
  return first;
}

function report(state: TileState): void {
  source().report(state);
  flushSync();
}

describe("a video tile shows its player's state", () => {
  test.each<[TileState, string]>([
    [{ kind: 'live' }, 'Live'],
    [{ kind: 'buffering', reason: { verbatim: 'Loading the next segment.' } }, 'Buffering'],
    [
      { kind: 'network', reason: { verbatim: 'Segments take 4.1 s to arrive and play for 2 s.' } },
      'Waiting for network',
    ],
    [
      { kind: 'stalled', reason: { verbatim: 'No picture for 6 s: reloading the stream.' } },
      'Stalled',
    ],
    [
      { kind: 'reconnecting', reason: { verbatim: 'The stream broke off: trying again in 4 s.' } },
      'Reconnecting',
    ],
    [
      { kind: 'offline', reason: { verbatim: 'The camera is offline (the service says 503).' } },
      'Offline',
    ],
    [
      { kind: 'error', reason: { verbatim: 'The stream cannot be played: unsupported codec.' } },
      'Error',
    ],
  ])('%j', (state, label) => {
    const { tile } = renderTile(true);
    expect(tile().dataset.state).toBe('starting');
    report(state);
    expect(tile().dataset.state).toBe(state.kind);
    expect(tile().getAttribute('aria-label')).toBe(`${camera.name}, ${label}`);
    expect(tile().querySelector('footer .pill')?.textContent).toBe(label);
    const reason = screen.queryByRole('status');
    expect(reason?.textContent ?? null).toBe(state.reason ? reasonWords(state.reason) : null);
  });

  test('a picture that stopped says how old it is, counted from the frame shown', () => {
    const { tile } = renderTile(true);
    report({
      kind: 'network',
      reason: { verbatim: 'The next 2 s of video has taken 8 s.' },
      pictureAt: Date.now() - 14_000,
    });
    expect(tile().querySelector('footer .pill')?.textContent).toBe('Waiting for network');
    expect(screen.getByRole('status').textContent).toBe(
      'Picture 14 s old: waiting for the networkThe next 2 s of video has taken 8 s.',
    );
    report({ kind: 'live', behindS: 21 });
    expect(tile().querySelector('footer .pill')?.textContent).toBe('Live · 21 s behind');
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('while the video is away, the still image stands in; back live, it goes', () => {
    renderTile(true);
    expect(mediaSources.size).toBe(1);
    const player = source();
    player.report({ kind: 'offline', reason: { verbatim: 'The camera is offline.' } });
    flushSync();
    const shown = screen.getAllByTestId('media-source').map((e) => e.dataset.src);
    expect(shown).toEqual([expect.stringContaining('playlist.m3u8'), camera.id]);
    player.report({ kind: 'live' });
    flushSync();
    expect(screen.getAllByTestId('media-source')).toHaveLength(1);
  });
});

test('a still tile shows the still image and its state', () => {
  const { tile } = renderTile(false);
  expect(tile().dataset.kind).toBe('still');
  expect(source().props['cameraId']).toBe(camera.id);
  report({ kind: 'reconnecting', reason: { verbatim: 'The image did not load: retrying.' } });
  expect(tile().dataset.state).toBe('reconnecting');
});

test('a video camera past the video cap shows still images and says why', () => {
  const { tile } = renderTile('capped');
  expect(tile().dataset.kind).toBe('still');
  expect(screen.getByRole('note').textContent).toMatch(/Video plays in at most \d+ tiles at once/);
});

test('in rewind, the tile shows the archived frame nearest the chosen time', () => {
  const minute = 60_000;
  const t0 = Date.parse('2026-11-20T11:00:00Z');
  const { tile } = renderTile(true, {
    rewindTime: t0 + 2.4 * minute,
    rewindTimes: [t0, t0 + 2 * minute, t0 + 4 * minute],
  });
  expect(tile().dataset.state).toBe('rewind');
  expect(mediaSources.size).toBe(0);
  expect(screen.getByText('Frame 11:02:00 UTC')).toBeTruthy();
});

test('a double click asks to maximise this tile', () => {
  const { tile, onAction } = renderTile(true);
  tile().dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
  expect(onAction).toHaveBeenCalledWith('maximise', 2, null);
});
