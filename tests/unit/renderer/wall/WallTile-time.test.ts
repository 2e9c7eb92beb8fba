import { render, screen, waitFor } from '@testing-library/svelte';
import { expect, test, vi } from 'vitest';
import type { WallTile } from '../../../../src/shared/ipc/wall.ts';
import { defaultSettings } from '../../../../src/shared/settings.ts';
import {
  SettingsState,
  settingsContext,
} from '../../../../src/renderer/settings/settings.svelte.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import Tile from '../../../../src/renderer/wall/WallTile.svelte';
import { playerBudget } from '../../../../src/renderer/wall/player-budget.ts';
import { stubIntersectionObserver } from '../../../../src/renderer/testing/intersection.ts';

vi.mock(
  '../../../../src/renderer/wall/HlsPlayer.svelte',
  async () => import('../../../../src/renderer/testing/FakeMediaSource.svelte'),
);
vi.mock(
  '../../../../src/renderer/wall/StillImage.svelte',
  async () => import('../../../../src/renderer/testing/FakeMediaSource.svelte'),
);

// A camera in Hawaii whose state the country table does not list: only its position gives
// its zone (Pacific/Honolulu, HST all year, never UTC).
const camera: WallTile = {
  ...{ id: 'CAM0002', name: 'H-1 at Exit 5', video: false, lon: -157.86, lat: 21.31 },
  ...{ country: 'US', state: 'XX', city: 'Honolulu', colSpan: 1, rowSpan: 1 },
};

stubIntersectionObserver();

test("a tile's caption gives the camera's own clock, then the user's in UTC when chosen", async () => {
  const api = fakeApi({ 'settings.get': () => ({ ...defaultSettings, timeZone: 'utc' }) });
  const settings = new SettingsState(api);
  const t = Date.parse('2026-01-15T15:42:07Z');
  render(Tile, {
    props: {
      ...{ tile: camera, index: 0, video: false, sensors: undefined, refreshSeconds: 30 },
      ...{ rewindTime: t, rewindTimes: [], spans: false, maximised: false, obscured: false },
      ...{ focused: false, budget: playerBudget(1, false), onAction: () => {}, onFocus: () => {} },
    },
    context: contextOf(provided(settingsContext, settings)),
  });
  await waitFor(() => expect(settings.current).not.toBeNull());
  const caption = screen.getByRole('heading', { name: camera.name }).nextElementSibling!;
  await waitFor(() =>
    expect(caption.textContent!.replace(/\s+/g, ' ').trim()).toBe('05:42:07 HST · 15:42:07 UTC'),
  );
});
