/**
 * The search form (SearchPanel and its filters): what the user sets becomes the parameters the
 * map's search channels receive.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import type { Aggs } from '../../../../../src/shared/api/index.ts';
import { apiContext } from '../../../../../src/renderer/lib/context.ts';
import { fakeApi } from '../../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../../src/renderer/testing/render.ts';
import { MapState, mapStateContext } from '../../../../../src/renderer/map/map-state.svelte.ts';
import SearchPanel from '../../../../../src/renderer/map/search/SearchPanel.svelte';
import { waitFor } from '../../../../helpers/wait.ts';
import {
  SearchState,
  searchContext,
} from '../../../../../src/renderer/map/search/search.svelte.ts';

// jsdom has no layout: the result list's ResizeObserver (lib/VirtualList) only needs to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const nothingFound = () => ({
  features: [],
  total: 0,
  aggs: {} as Aggs,
  fetchedAt: '2026-11-20T12:00:00Z',
  fromCache: false,
});

function setup() {
  const api = fakeApi({
    'cameras.search': nothingFound,
    'observations.search': nothingFound,
  });
  const search = new SearchState(api);
  render(SearchPanel, {
    props: {
      drawing: null,
      onSearchArea: () => {},
      onDraw: () => {},
      onFinishDrawing: () => {},
      onCancelDrawing: () => {},
      onSelect: () => {},
    },
    context: contextOf(
      provided(apiContext, api),
      provided(searchContext, search),
      provided(mapStateContext, new MapState()),
    ),
  });
  const type = (name: string, value: string) =>
    fireEvent.input(screen.getByRole('textbox', { name }), { target: { value } });
  const choose = (name: string, value: string) =>
    fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
  const submit = async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => !search.loading, {
      what: 'the search to finish',
      timeoutMs: 1_000,
      everyMs: 5,
    });
  };
  return { api, search, type, choose, submit };
}

describe('the search form', () => {
  test('text, place and provider become a camera search of the first page with facets', async () => {
    const { api, type, submit } = setup();
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search text' }), {
      target: { value: ' interstate ' },
    });
    await type('State', 'CO');
    await type('Provider', 'CDOT');
    await submit();

    expect(api.inputsOf('cameras.search')).toEqual([
      {
        q: 'interstate',
        state: 'CO',
        provider: 'CDOT',
        limit: 100,
        skip: 0,
        aggs: ['state', 'city', 'provider'],
      },
    ]);
  });

  test('observations: sensor filters, times and sort reach the observation search', async () => {
    const { api, type, choose, submit } = setup();
    await fireEvent.click(screen.getByRole('radio', { name: 'Observations' }));
    await type('Camera id', 'US-CO-000001');
    await choose('Visibility filter', 'range');
    await choose('Visibility minimum', '0.2');
    await choose('Visibility maximum', '0.5');
    await choose('Precipitation filter', 'transition');
    await choose('Precipitation previous value', '0');
    await choose('Precipitation current value', '1');
    await choose('Road weather filter', 'exact');
    await choose('Road weather value', '10');
    await type('From time', '08:00');
    await choose('Sort by', 'time');
    await choose('Direction', 'desc');
    await submit();

    expect(api.inputsOf('cameras.search')).toEqual([]);
    const [params] = api.inputsOf('observations.search');
    expect(params).toMatchObject({
      camera_id: 'US-CO-000001',
      sensors: {
        visibility: { min: 0.2, max: 0.5 },
        precip: { prev: 0, data: 1 },
        road_weather: 10,
      },
      time_min: '08:00',
      sort: 'time',
      sort_dir: 'desc',
      limit: 100,
      skip: 0,
    });
  });

  test('Reset empties the form: the next search asks for everything again', async () => {
    const { api, type, submit } = setup();
    await type('City', 'Denver');
    await fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await submit();

    expect(api.inputsOf('cameras.search')).toEqual([
      { limit: 100, skip: 0, aggs: ['state', 'city', 'provider'] },
    ]);
  });
});
