/**
 * The Route view's state (src/renderer/route/route.svelte.ts) against a real demo core: a route
 * from a file, from two typed places, from a link (and a malformed link refused in words), saved,
 * seen again by a new page, renamed and removed, and the wall of the cameras ahead.
 */
import { afterEach, describe, expect } from 'vitest';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import type { ViewAddress } from '../../../../src/renderer/lib/router.svelte.ts';
import { RouteState } from '../../../../src/renderer/route/route.svelte.ts';
import { routeLinkQuery } from '../../../../src/shared/route-link.ts';
import { test } from '../../../helpers/renderer-core.ts';

const route = (query: Record<string, string> = {}): ViewAddress => ({
  view: 'route',
  rest: [],
  query,
});

/** Across the country through Denver, Chicago and New York: the small world's cameras lie near. */
const ACROSS: [number, number][] = [
  [-122.4, 37.75],
  [-104.99, 39.74],
  [-87.63, 41.88],
  [-74.0, 40.71],
];
const geojson = JSON.stringify({
  type: 'Feature',
  properties: { name: 'Across' },
  geometry: { type: 'LineString', coordinates: ACROSS },
});

afterEach(() => words.use('en'));

describe('the route state', () => {
  test('imports a GeoJSON route and shows its cameras in driving order', async ({ core }) => {
    const state = new RouteState(core.api);
    await state.show(route());
    await state.setBuffer(50);
    await state.importFile('across.geojson', geojson, geojson.length);
    expect(state.notice).toEqual({ text: 'Imported Across (4 points).', error: false });
    // The notice already shown follows a change of language.
    await words.use('de');
    expect(state.notice?.text).toBe('Across importiert (4 Punkte).');
    await words.use('en');
    expect(state.name).toBe('Across');
    const cameras = state.shown!.cameras;
    expect(cameras.length).toBeGreaterThan(1);
    const along = cameras.map((c) => c.alongKm);
    expect(along).toEqual([...along].sort((a, b) => a - b));
    expect(state.wallRoute(4)).toBe(
      `/wall?cameras=${cameras
        .slice(0, 4)
        .map((c) => c.id)
        .join(',')}&layout=2x2`,
    );
  });

  test("a new route's name is said in the language of the moment, until one is given", async ({
    core,
  }) => {
    // Made at the app's start, before the system's language is loaded.
    const state = new RouteState(core.api);
    expect(state.name).toBe('New route');
    await words.use('fr');
    expect(state.name).toBe('Nouvel itinéraire');
    state.name = 'Col du Galibier';
    await words.use('de');
    expect(state.name).toBe('Col du Galibier');
  });

  test('says what is wrong with a file that is no route, and keeps the route shown', async ({
    core,
  }) => {
    const state = new RouteState(core.api);
    await state.importFile('across.geojson', geojson, geojson.length);
    const gpx = '<?xml version="1.0"?><gpx><wpt lat="1" lon="2"/></gpx>';
    await state.importFile('home.gpx', gpx, gpx.length);
    expect(state.notice).toEqual({
      text: 'home.gpx: the GPX file has no track or route points (no <trkpt> or <rtept>). Export the route as a track from your routing app.',
      error: true,
    });
    expect(state.line).toEqual(ACROSS);
    await state.importFile('big.gpx', '', 6 * 1024 * 1024);
    expect(state.notice?.text).toMatch(/^big\.gpx is 6\.0 MB; a route file may be at most 5 MB/);
    // The refusal already shown follows a change of language, numbers in its way.
    await words.use('de');
    expect(state.notice?.text).toMatch(
      /^big\.gpx ist 6,0 MB groß; eine Routendatei darf höchstens 5 MB/,
    );
  });

  test('makes a straight line between typed places when no routing service is set', async ({
    core,
  }) => {
    const state = new RouteState(core.api);
    await state.places(['Denver', '39.5, -104.9', 'Colorado Springs']);
    expect(state.line).toEqual([
      [-104.9847, 39.73915],
      [-104.9, 39.5],
      [-104.82136, 38.83388],
    ]);
    expect(state.notice?.text).toBe(
      'A straight line from Denver, CO, US to Colorado Springs, CO, US: choose a routing service in Settings > Route to follow the roads, or draw on the map.',
    );
    expect(state.shown).not.toBeNull();
    await state.places(['zzqxv', 'Denver']);
    expect(state.op.error).toBe(
      'Could not find the places: No city or camera matches "zzqxv": type a city ("Denver", "Springfield, MO"), a road or a camera\'s name, or "lat,lon".',
    );
  });

  test('a name several places share asks which one, and the line waits', async ({ core }) => {
    const state = new RouteState(core.api);
    await state.places(['Springfield', 'Denver']);
    expect(state.choice?.q).toBe('Springfield');
    expect(state.choice?.choices[0]).toMatchObject({ name: 'Springfield, MO, US' });
    expect(state.line).toEqual([]);
    await state.places(['Springfield, MO, US', 'Denver']);
    expect(state.choice).toBeNull();
    expect(state.line).toEqual([
      [-93.29824, 37.21533],
      [-104.9847, 39.73915],
    ]);
  });

  test('opens a route from a link, saves it, and a new page lists it; rename and remove', async ({
    core,
  }) => {
    const query = Object.fromEntries(
      new URLSearchParams(
        routeLinkQuery({ name: 'Shared', line: ACROSS, bufferKm: 20 }).split('?')[1],
      ),
    );
    const state = new RouteState(core.api);
    await state.show(route(query));
    expect(state).toMatchObject({ name: 'Shared', bufferKm: 20, id: null, line: ACROSS });
    expect(state.notice).toEqual({
      text: 'Opened Shared from a link; save it to keep it.',
      error: false,
    });
    expect(state.shown?.route.name).toBe('Shared');

    await state.save('Coast to coast');
    expect(state.id).not.toBeNull();
    const later = new RouteState(core.api);
    await later.show(route());
    expect(later.saved.map((r) => r.name)).toEqual(['Coast to coast']);
    await later.open(later.saved[0]!);
    expect(later).toMatchObject({ id: state.id, line: ACROSS, bufferKm: 20 });
    expect(later.shown?.cameras.map((c) => c.id)).toEqual(state.shown?.cameras.map((c) => c.id));

    await later.rename(later.saved[0]!, 'East');
    expect(later.saved.map((r) => r.name)).toEqual(['East']);
    expect(later.name).toBe('East');
    await later.remove(later.saved[0]!);
    expect(later.saved).toEqual([]);
    expect(later.id).toBeNull();
  });

  test('refuses a malformed link in words', async ({ core }) => {
    const state = new RouteState(core.api);
    await state.show(route({ name: 'x', line: '_p~iF~ps|U_ulL' }));
    expect(state.notice).toEqual({
      text: 'This route link cannot be opened: its line is not an encoded polyline (polyline has a latitude without longitude). Ask for a new link.',
      error: true,
    });
    await words.use('de');
    expect(state.notice?.text).toMatch(
      /^Dieser Routenlink lässt sich nicht öffnen: Seine Linie ist keine kodierte Polylinie \(/,
    );
    expect(state.line).toEqual([]);
  });

  test('watches the road conditions along the route: its line and buffer', async ({ core }) => {
    const state = new RouteState(core.api);
    await state.show(route());
    await state.setBuffer(20);
    await state.importFile('across.geojson', geojson, geojson.length);
    await state.watchConditions();
    expect(state.op.error).toBeNull();
    expect(state.notice?.text).toMatch(/^Watching the road conditions along Across/);
    const watches = await core.api.invoke('conditions.watches.list', {});
    expect(watches.map((w) => [w.name, w.target])).toEqual([
      ['Across', { area: { route: ACROSS, radiusKm: 20 } }],
    ]);
  });
});
