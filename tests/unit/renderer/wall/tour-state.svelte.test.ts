/**
 * The wall tour's state (src/renderer/wall/tour.svelte.ts) against a real demo core, on a clock
 * the test moves and with each step's loading answered by the test (in the app it fetches the
 * live images, which the e2e test covers): what the grid draws in each mode, what is skipped and
 * said, and the last tour kept in the settings.
 */
import { describe, expect } from 'vitest';
import type { Prepared } from '../../../../src/renderer/wall/tour-schedule.ts';
import { TourState } from '../../../../src/renderer/wall/tour.svelte.ts';
import { cameraSummary, type CameraSummary } from '../../../../src/shared/ipc/cameras.ts';
import type { WallTile } from '../../../../src/shared/ipc/wall.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { test } from '../../../helpers/renderer-core.ts';

async function camerasOf(api: Api, n: number): Promise<CameraSummary[]> {
  const page = await api.invoke('cameras.search', { q: 'US', limit: n });
  return page.features.map(cameraSummary);
}

const tileOf = (c: CameraSummary): WallTile => ({ ...c, colSpan: 1, rowSpan: 1 });
const ids = (tiles: { id: string }[]) => tiles.map((t) => t.id);

/** A tour whose loading fails for the cameras in `bad` (the first camera of a step decides). */
function tourOn(api: Api, bad: Set<string> = new Set()) {
  const clock = new ManualClock();
  const loaded: string[][] = [];
  const load = (stepIds: string[]): Promise<Prepared> => {
    loaded.push(stepIds);
    return Promise.resolve(
      stepIds.every((id) => bad.has(id))
        ? { ok: false, reason: { kind: 'refused', words: () => 'HTTP 503.' } }
        : { ok: true },
    );
  };
  const tour = new TourState(api, load, clock);
  return { clock, tour, loaded };
}

describe('the tour state', () => {
  test("one tile over an empty wall: the camera fills it, in order, skipping a failing one; a link's tour is kept only when the user keeps it", async ({
    core,
  }) => {
    const [a, b, c] = await camerasOf(core.api, 3);
    const { clock, tour } = tourOn(core.api, new Set([b!.id]));
    const wall = { layout: '2x2' as const, tiles: [] };
    await tour.startFromQuery(
      { tour: `cameras:${a!.id},${b!.id},${c!.id}`, dwell: '5', mode: 'tile' },
      wall,
    );
    await clock.advance(0);
    expect(ids(tour.tilesOver([]))).toEqual([a!.id]);
    expect(tour.layoutOver('2x2', 0)).toBe('1x1');
    await clock.advance(5_000);
    expect(ids(tour.tilesOver([]))).toEqual([c!.id]);
    expect(tour.notice).toEqual({ text: `Skipped ${b!.name}: HTTP 503.`, error: false });
    // A link (any web page's) started it: what a plain --kiosk start shows is not changed, not
    // even by a change of its dwell or mode, until the user keeps it.
    const lastTour = async () => (await core.api.invoke('settings.get', {})).lastTour;
    expect(await lastTour()).toBeNull();
    expect(tour.fromLink).toBe(true);
    tour.setDwell(6);
    await tour.setMode('page', wall);
    await tour.setMode('tile', wall);
    expect(tour.fromLink).toBe(true);
    expect(await lastTour()).toBeNull();
    await tour.keep();
    expect(tour.fromLink).toBe(false);
    expect(tour.notice).toEqual({
      text: 'Kept: --kiosk and the Tour form start this tour now.',
      error: false,
    });
    expect(await lastTour()).toEqual({
      source: { kind: 'cameras', ids: [a!.id, b!.id, c!.id] },
      dwellSeconds: 6,
      mode: 'tile',
    });
    // Another link's tour leaves the kept one as it is; one started in the Tour form replaces it.
    await tour.startFromQuery({ tour: `cameras:${c!.id},${a!.id}` }, wall);
    expect(await lastTour()).toMatchObject({ dwellSeconds: 6 });
    await tour.start(
      { source: { kind: 'cameras', ids: [c!.id, a!.id] }, dwellSeconds: 8, mode: 'tile' },
      wall,
    );
    expect(tour.fromLink).toBe(false);
    expect(await lastTour()).toEqual({
      source: { kind: 'cameras', ids: [c!.id, a!.id] },
      dwellSeconds: 8,
      mode: 'tile',
    });
    tour.stopByHand();
    expect(tour.running).toBe(false);
    expect(tour.notice).toEqual({ text: 'The tour stopped: you chose a camera.', error: false });
    expect(clock.pending).toBe(0);
  });

  test('one tile over a wall: the first tile changes, the others stay and are not toured twice', async ({
    core,
  }) => {
    const [a, b, x, y] = await camerasOf(core.api, 4);
    const wallTiles = [tileOf(x!), tileOf(y!)];
    const { clock, tour, loaded } = tourOn(core.api);
    await tour.start(
      { source: { kind: 'cameras', ids: [a!.id, y!.id, b!.id] }, dwellSeconds: 5, mode: 'tile' },
      { layout: '2x2', tiles: wallTiles },
    );
    await clock.advance(5_000);
    expect(ids(tour.tilesOver(wallTiles))).toEqual([b!.id, y!.id]);
    expect(tour.layoutOver('2x2', 2)).toBe('2x2');
    expect(loaded.flat()).not.toContain(y!.id);
    // Another wall opened meanwhile holds the toured camera: the grid gets it once.
    const other = [tileOf(x!), tileOf(b!), tileOf(y!)];
    expect(ids(tour.tilesOver(other))).toEqual([b!.id, y!.id]);
    tour.stop();
  });

  test('page mode: a layout of cameras at a time; pause holds the page', async ({ core }) => {
    const cameras = await camerasOf(core.api, 6);
    const { clock, tour } = tourOn(core.api);
    await tour.startFromQuery(
      { tour: `cameras:${ids(cameras).join(',')}`, dwell: '10', mode: 'page', layout: '2x2' },
      { layout: '3x3', tiles: [] },
    );
    await clock.advance(0);
    expect(tour.steps).toBe(2);
    expect(tour.layoutOver('3x3', 0)).toBe('2x2');
    expect(ids(tour.tilesOver([]))).toEqual(ids(cameras.slice(0, 4)));
    tour.togglePause();
    await clock.advance(60_000);
    expect(ids(tour.tilesOver([]))).toEqual(ids(cameras.slice(0, 4)));
    tour.togglePause();
    await clock.advance(10_000);
    expect(ids(tour.tilesOver([]))).toEqual(ids(cameras.slice(4, 6)));
    tour.next();
    await clock.advance(0);
    expect(ids(tour.tilesOver([]))).toEqual(ids(cameras.slice(0, 4)));
    tour.stop();
  });

  test('a wrong link and an empty source are said in words, and nothing runs', async ({ core }) => {
    const { tour } = tourOn(core.api);
    await tour.startFromQuery({ tour: 'cameras:', dwell: '700' }, { layout: '2x2', tiles: [] });
    expect(tour.running).toBe(false);
    expect(tour.notice).toEqual({
      text: 'The tour link cannot start: tour=cameras: names no camera: give cameras:ID,ID,... dwell must be whole seconds from 5 to 600, not "700".',
      error: true,
    });
    await tour.start(
      { source: { kind: 'search', q: 'zzzz-no-such-place' }, dwellSeconds: 20, mode: 'page' },
      { layout: '2x2', tiles: [] },
    );
    expect(tour.running).toBe(false);
    expect(tour.notice).toEqual({
      text: 'Could not start the tour of the search “zzzz-no-such-place”: No camera matches “zzzz-no-such-place”: try other words.',
      error: true,
    });
  });

  test('a notice already shown follows a change of language', async ({ core }) => {
    const [a, b] = await camerasOf(core.api, 2);
    const { clock, tour } = tourOn(core.api, new Set([a!.id]));
    try {
      await tour.startFromQuery({ tour: 'cameras:', dwell: '700' }, { layout: '2x2', tiles: [] });
      await words.use('de');
      expect(tour.notice?.text).toBe(
        'Der Rundgang-Link kann nicht starten: tour=cameras: nennt keine Kamera: Geben Sie cameras:ID,ID,... an dwell muss ganze Sekunden von 5 bis 600 angeben, nicht "700".',
      );
      await tour.startFromQuery(
        { tour: `cameras:${a!.id},${b!.id}`, dwell: '5', mode: 'page', layout: '1x1' },
        { layout: '2x2', tiles: [] },
      );
      await clock.advance(0);
      expect(tour.notice?.text).toBe('Seite 1 übersprungen: HTTP 503.');
      await words.use('fr');
      expect(tour.notice?.text).toBe('Page 1 sautée : HTTP 503.');
    } finally {
      await words.use('en');
      tour.stop();
    }
  });
});
