import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { SvelteSet } from 'svelte/reactivity';
import { describe, expect, test } from 'vitest';
import { encodePolyline } from '../../../../src/shared/geo.ts';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { SearchState, searchContext } from '../../../../src/renderer/map/search/search.svelte.ts';
import { MapState, mapStateContext } from '../../../../src/renderer/map/map-state.svelte.ts';
import {
  SettingsState,
  settingsContext,
} from '../../../../src/renderer/settings/settings.svelte.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import RecordingSearch from '../../../../src/renderer/downloads/RecordingSearch.svelte';

// The recording filters inside their search form: what is typed or taken from the Map's drawn
// area is what the search channel receives.
function setup() {
  const api = fakeApi({
    'settings.get': () => {
      throw new Error('no settings in this test');
    },
    'recordings.search': () => ({
      features: [],
      total: 0,
      aggs: {},
      fetchedAt: new Date(0).toISOString(),
      fromCache: false,
    }),
  });
  const searchPage = new SearchState(api);
  render(RecordingSearch, {
    props: { selected: new SvelteSet<string>(), allMatching: null, onAllMatching: () => {} },
    context: contextOf(
      provided(apiContext, api),
      provided(mapStateContext, new MapState()),
      provided(settingsContext, new SettingsState(api)),
      provided(searchContext, searchPage),
    ),
  });
  const search = async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'Search recordings' }));
    await waitFor(() => expect(screen.queryByText('Searching…')).toBeNull());
  };
  return { api, searchPage, search };
}

describe('RecordingFilters: area shapes', () => {
  test('a typed polygon is sent as [lon, lat] corners; a wrong one says which corner', async () => {
    const { api, search } = setup();
    await fireEvent.change(screen.getByRole('combobox', { name: 'Area shape' }), {
      target: { value: 'polygon' },
    });
    const polygon = screen.getByRole('textbox', { name: /Polygon/ });
    await fireEvent.input(polygon, { target: { value: '-105 39.5, -104.5 39.5, -104.8 40' } });
    await search();
    expect(api.inputsOf('recordings.search')[0]).toMatchObject({
      polygon: [
        [-105, 39.5],
        [-104.5, 39.5],
        [-104.8, 40],
        [-105, 39.5],
      ],
    });

    await fireEvent.input(polygon, { target: { value: '-105 39.5, 39.5, -104.8 40' } });
    await search();
    expect(screen.getByRole('alert').textContent).toMatch(/Polygon corner 2 \("39.5"\)/);
    expect(api.inputsOf('recordings.search')).toHaveLength(1);
  });

  test('a route offers precision and buffer, and is sent with them', async () => {
    const { api, search } = setup();
    expect(screen.queryByRole('textbox', { name: /Route/ })).toBeNull();
    await fireEvent.change(screen.getByRole('combobox', { name: 'Area shape' }), {
      target: { value: 'route' },
    });
    const line = encodePolyline(
      [
        [-105, 39.7],
        [-104.9, 39.8],
      ],
      6,
    );
    await fireEvent.input(screen.getByRole('textbox', { name: /Route/ }), {
      target: { value: line },
    });
    await fireEvent.change(screen.getByRole('combobox', { name: 'Precision' }), {
      target: { value: '6' },
    });
    // jsdom's language is en-US and no unit is set: miles, sent in exact km.
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Buffer (mi)' }), {
      target: { value: '4' },
    });
    await search();
    expect(api.inputsOf('recordings.search')[0]).toMatchObject({
      polyline: line,
      polyline_precision: 6,
      polyline_radius: 6.437376,
    });
  });

  test("the map's drawn polygon fills the fields; without one the button is off", async () => {
    const { api, searchPage, search } = setup();
    const use = screen.getByRole('button', { name: "Use the map's drawn area" });
    expect((use as HTMLButtonElement).disabled).toBe(true);
    searchPage.form.spatial = {
      type: 'polygon',
      ring: [
        [-105, 39.5],
        [-104.5, 39.5],
        [-104.8, 40],
      ],
    };
    await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(use);
    expect((screen.getByRole('combobox', { name: 'Area shape' }) as HTMLSelectElement).value).toBe(
      'polygon',
    );
    expect((screen.getByRole('textbox', { name: /Polygon/ }) as HTMLInputElement).value).toBe(
      '-105 39.5, -104.5 39.5, -104.8 40',
    );
    await search();
    expect(api.inputsOf('recordings.search')[0]?.polygon).toHaveLength(4);
  });
});
