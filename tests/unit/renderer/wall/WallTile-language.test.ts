/**
 * A tile's reason follows a change of language at once: the state keeps what the reason means
 * and the tile words it when drawn, so a tile whose player reports nothing new (a stalled
 * stream between checks, a hidden still image) reads in German as soon as German is chosen.
 * The service's own text is shown as it came, marked as not the app's words.
 */
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, expect, test, vi } from 'vitest';
import { said, saidWithin } from '../../../../src/shared/i18n/translator.ts';
import type { WallTile } from '../../../../src/shared/ipc/wall.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { mediaSources } from '../../../../src/renderer/testing/media-sources.ts';
import type { TileState } from '../../../../src/renderer/wall/watchdog.ts';
import Tile from '../../../../src/renderer/wall/WallTile.svelte';
import { rate } from '../../../../src/renderer/wall/netgauge.ts';
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

stubIntersectionObserver();
afterEach(() => words.use('en'));

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

/** A tile whose one media source has reported `state`, and nothing since. */
function tileIn(video: boolean, state: TileState): HTMLElement {
  render(Tile, {
    props: {
      tile: { ...camera, video },
      index: 0,
      video,
      sensors: undefined,
      refreshSeconds: 30,
      rewindTime: null,
      rewindTimes: undefined,
      spans: false,
      maximised: false,
      obscured: false,
      focused: false,
      budget: playerBudget(1, false),
      onAction: () => {},
      onFocus: () => {},
    },
  });
  const [source] = mediaSources;
  source!.report(state);
  flushSync();
  return screen.getByRole('group', { name: new RegExp(`^${camera.name}, `) });
}

/** Speaks German from now on, and draws what changed (no tile reports anything). */
async function chooseGerman(): Promise<void> {
  await words.use('de');
  flushSync();
}

test("a stalled video tile's reason turns to German with no new report from its player", async () => {
  const tile = tileIn(true, { kind: 'stalled', reason: said('wall.reason.reload') });
  expect(screen.getByRole('status').textContent).toBe('No new video: reloading the playlist.');
  await chooseGerman();
  expect(screen.getByRole('status').textContent).toBe(
    'Kein neues Video: Die Playlist wird neu geladen.',
  );
  expect(tile.querySelector('footer .pill')?.getAttribute('title')).toBe(
    'Kein neues Video: Die Playlist wird neu geladen.',
  );
  expect(tile.querySelector('.reason [data-verbatim]')).toBeNull();
});

test("a hidden still tile's reason (its pill's tooltip) turns to German", async () => {
  const tile = tileIn(false, { kind: 'paused', reason: said('wall.reason.hidden') });
  const pill = () => tile.querySelector('footer .pill')!;
  expect(pill().getAttribute('title')).toBe('Not refreshed while the tile is hidden.');
  await chooseGerman();
  expect(pill().textContent).toBe('Angehalten');
  expect(pill().getAttribute('title')).toBe(
    'Nicht aktualisiert, solange die Kachel verborgen ist.',
  );
});

test('a reason made of reasons (the network, then the wait) turns whole, figures and all', async () => {
  const slow = said('wall.net.rate', {
    got: saidWithin(rate(1_900_000)),
    needed: saidWithin(rate(2_000_000)),
  });
  const idle = said('wall.reason.idle', { seconds: 12 });
  tileIn(true, {
    kind: 'network',
    reason: said('wall.tile.slowAndIdle', { slow: saidWithin(slow), idle: saidWithin(idle) }),
  });
  expect(screen.getByRole('status').textContent).toBe(
    'Waiting for the network: video arrives at 1.9 Mbit/s, the stream needs 2.0 Mbit/s. ' +
      'A faster connection, or fewer tiles, will help. No new video for 12 s: reconnecting.',
  );
  await chooseGerman();
  expect(screen.getByRole('status').textContent).toBe(
    'Wartet auf das Netz: Das Video kommt mit 1,9 Mbit/s an, der Stream braucht 2,0 Mbit/s. ' +
      'Eine schnellere Verbindung oder weniger Kacheln helfen. ' +
      'Seit 12 s kein neues Video: neue Verbindung.',
  );
});

test("the service's own words stay as they came, marked as not the app's", async () => {
  const sent = 'Camera CAM0001 is offline: its feed stopped. Retry later.';
  tileIn(true, { kind: 'offline', reason: { verbatim: sent } });
  await chooseGerman();
  const shown = screen.getByRole('status').querySelector('[data-verbatim]');
  expect(shown?.textContent).toBe(sent);
});
