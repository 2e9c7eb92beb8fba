/**
 * The Map view's search state (src/renderer/map/search/search.svelte.ts) against a real demo
 * core through its direct transport: what the form asks becomes parameters the core accepts and
 * the service answers, pages follow each other, a late answer never replaces a newer one, and
 * the complete fetch replaces the list.
 */
import { describe, expect } from 'vitest';
import { haversineMeters } from '../../../../../src/shared/geo.ts';
import { SearchState } from '../../../../../src/renderer/map/search/search.svelte.ts';
import { drawnSpatial } from '../../../../../src/renderer/map/search/params.ts';
import { test } from '../../../../helpers/renderer-core.ts';

describe('the map search state', () => {
  test('a camera search lists what the service finds for the form, with totals and facets', async ({
    core,
  }) => {
    const search = new SearchState(core.api);
    const any = await core.client.cameras.search({ limit: 1 });
    const state = any.features[0]!.properties.state!;
    search.form.state = ` ${state} `;
    await search.run();

    const direct = await core.client.cameras.search({ state, limit: 100 });
    expect(search.error).toBeNull();
    expect(search.searched).toBe(true);
    expect(search.kind).toBe('cameras');
    expect(search.total).toBe(direct.properties.total);
    expect(search.results.map((f) => f.id)).toEqual(direct.features.map((f) => f.id));
    expect(
      search.results.every((f) => 'state' in f.properties && f.properties.state === state),
    ).toBe(true);
    expect(Object.keys(search.aggs).sort()).toEqual(['city', 'provider', 'state']);
    expect(search.fetchedAt).not.toBeNull();
  });

  test('a drawn radius becomes the search area: every camera found lies inside it', async ({
    core,
  }) => {
    const search = new SearchState(core.api);
    const some = await core.client.cameras.search({ limit: 1 });
    const [lon, lat] = some.features[0]!.geometry.coordinates;
    search.form.spatial = drawnSpatial(search.form.spatial, 'radius', [[lon, lat]]);
    expect(search.form.spatial).toEqual({ type: 'radius', center: [lon, lat], radiusKm: 25 });
    await search.run();

    expect(search.error).toBeNull();
    expect(search.results.map((f) => f.id)).toContain(some.features[0]!.id);
    for (const f of search.results) {
      const [fLon, fLat] = f.geometry.coordinates;
      expect(haversineMeters([lon, lat], [fLon, fLat])).toBeLessThanOrEqual(25_010);
    }
  });

  test('observations page on as the list scrolls, without repeats, up to the total', async ({
    core,
  }) => {
    const search = new SearchState(core.api);
    search.reset('observations');
    await search.run();
    expect(search.kind).toBe('observations');
    expect(search.total).toBeGreaterThan(100);
    expect(search.results).toHaveLength(100);
    expect(search.hasMore).toBe(true);

    await search.more();
    expect(search.error).toBeNull();
    expect(search.results).toHaveLength(Math.min(200, search.total));
    expect(new Set(search.results.map((f) => f.id)).size).toBe(search.results.length);
  });

  test('a sensor range reaches the service as a range: every observation found is in it', async ({
    core,
  }) => {
    const search = new SearchState(core.api);
    search.reset('observations');
    const rw = search.form.sensors.road_weather;
    search.form.sensors.road_weather = { ...rw, mode: 'range', min: '2', max: '3' };
    await search.run();

    expect(search.error).toBeNull();
    expect(search.total).toBeGreaterThan(0);
    for (const f of search.results) {
      if (!('sensors' in f.properties)) throw new Error(`${f.id} is not an observation`);
      const value = f.properties.sensors.road_weather?.data;
      expect(value).toBeGreaterThanOrEqual(2);
      expect(value).toBeLessThanOrEqual(3);
    }
  });

  test('an answer that arrives after a newer search started is dropped', async ({ core }) => {
    const search = new SearchState(core.api);
    search.reset('observations');
    const first = search.run();
    search.reset('cameras');
    const second = search.run();
    await Promise.all([first, second]);

    expect(search.kind).toBe('cameras');
    expect(search.results.every((f) => !('sensors' in f.properties))).toBe(true);
    expect(search.loading).toBe(false);
  });

  test('the complete fetch lists every result and ends paging', async ({ core }) => {
    const search = new SearchState(core.api);
    search.reset('observations');
    await search.run();
    const total = search.total;
    await search.runFetchAll();

    expect(search.error).toBeNull();
    expect(search.complete).toBe(true);
    expect(search.fetchAll).toBeNull();
    expect(search.results).toHaveLength(total);
    expect(search.total).toBe(total);
    expect(search.hasMore).toBe(false);
  });

  test('while the complete fetch runs no further page is asked for; a new search drops it', async ({
    core,
  }) => {
    const search = new SearchState(core.api);
    search.reset('observations');
    await search.run();
    const firstPage = search.results.map((f) => f.id);
    const fetching = search.runFetchAll();
    // The list scrolled to its end meanwhile: the complete list replaces it, no page is appended.
    expect(search.op.busy).toBe(true);
    expect(search.loading).toBe(false);
    await search.more();
    expect(search.results.map((f) => f.id)).toEqual(firstPage);
    search.reset('cameras');
    const newer = search.run();
    await Promise.all([fetching, newer]);

    expect(search.kind).toBe('cameras');
    expect(search.complete).toBe(false);
    expect(search.results.every((f) => !('sensors' in f.properties))).toBe(true);
    expect(search.op).toMatchObject({ busy: false, error: null });
  });

  test('a form the core refuses says so in words and keeps the last results', async ({ core }) => {
    const search = new SearchState(core.api);
    await search.run();
    const shown = search.results.map((f) => f.id);
    // Not one of the form's choices: as if a stale form met a newer contract.
    search.form.sort = 'nonsense';
    await search.run();

    // In words: the contract's own text ("Invalid input for cameras.search: sort") never shows.
    expect(search.error).toBe(
      'Roadcam could not use a value given here: check the fields and try again.',
    );
    expect(search.loading).toBe(false);
    expect(search.results.map((f) => f.id)).toEqual(shown);
  });
});
