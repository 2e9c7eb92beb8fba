import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { SvelteSet } from 'svelte/reactivity';
import { expect, test } from 'vitest';
import { defaultSettings, type Settings } from '../../../../src/shared/settings.ts';
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

// The recording area's distances are typed in the user's unit and sent as the service takes
// them: the radius in meters, the route buffer in km.
async function searchWith(unit: Settings['distanceUnit'], near: string, within: string) {
  const api = fakeApi({
    'settings.get': () => ({ ...defaultSettings, distanceUnit: unit }),
    'recordings.search': () => ({
      features: [],
      total: 0,
      aggs: {},
      fetchedAt: new Date(0).toISOString(),
      fromCache: false,
    }),
  });
  const settings = new SettingsState(api);
  render(RecordingSearch, {
    props: { selected: new SvelteSet<string>(), allMatching: null, onAllMatching: () => {} },
    context: contextOf(
      provided(apiContext, api),
      provided(mapStateContext, new MapState()),
      provided(settingsContext, settings),
      provided(searchContext, new SearchState(api)),
    ),
  });
  await waitFor(() => expect(settings.current).not.toBeNull());
  const label = `Within (${unit})`;
  await fireEvent.input(screen.getByRole('textbox', { name: /Near/ }), { target: { value: near } });
  await fireEvent.input(screen.getByRole('spinbutton', { name: label }), {
    target: { value: within },
  });
  await fireEvent.click(screen.getByRole('button', { name: 'Search recordings' }));
  await waitFor(() => expect(api.inputsOf('recordings.search')).toHaveLength(1));
  return api.inputsOf('recordings.search')[0];
}

test('in miles, "within 5" near a point is 5 miles, sent in meters', async () => {
  expect(await searchWith('mi', '39.74,-104.99', '5')).toMatchObject({
    lat: 39.74,
    lon: -104.99,
    radius: 8047,
  });
});

test('in kilometres, "within 5" is 5 km', async () => {
  expect(await searchWith('km', '39.74,-104.99', '5')).toMatchObject({ radius: 5000 });
});
