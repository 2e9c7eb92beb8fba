import { setContext } from 'svelte';
import type { Api } from '../shared/ipc.ts';
import { AlertsState, alertsContext } from './alerts/alerts.svelte.ts';
import { CollectionDetailState, collectionDetailContext } from './collections/detail.svelte.ts';
import { CollectionsListState, collectionsListContext } from './collections/list.svelte.ts';
import { DownloadsState, downloadsContext } from './downloads/downloads.svelte.ts';
import { apiContext, type ContextSlot } from './lib/context.ts';
import { StatusState, statusContext } from './lib/status.svelte.ts';
import { MapState, mapStateContext } from './map/map-state.svelte.ts';
import { SearchState, searchContext } from './map/search/search.svelte.ts';
import { ThrottleState, throttleContext } from './lib/throttle.svelte.ts';
import { userUnit } from './lib/units.ts';
import { RouteState, routeContext } from './route/route.svelte.ts';
import { ProfilesState, profilesContext } from './settings/profiles.svelte.ts';
import { SettingsState, settingsContext } from './settings/settings.svelte.ts';
import { RewindState, rewindContext } from './wall/rewind.svelte.ts';
import { WallState, wallContext } from './wall/wall.svelte.ts';

/**
 * The states that outlive a view (a wall, a download queue, a collection list survive going to
 * the map and back), created once per page by App.svelte and handed to the views through context.
 */
export function createAppStates(api: Api) {
  const settings = new SettingsState(api);
  return {
    api,
    status: new StatusState(api),
    throttle: new ThrottleState(api),
    settings,
    profiles: new ProfilesState(api),
    downloads: new DownloadsState(api),
    alerts: new AlertsState(api),
    collectionsList: new CollectionsListState(api),
    collectionDetail: new CollectionDetailState(api),
    wall: new WallState(api),
    rewind: new RewindState(api),
    map: new MapState(),
    searchPage: new SearchState(api),
    route: new RouteState(api, () => userUnit(settings.current?.distanceUnit)),
  };
}

export type AppStates = ReturnType<typeof createAppStates>;

/** Ends the states' subscriptions to the main process's events, with the page (App.svelte). */
export function disposeAppStates(s: AppStates): void {
  for (const state of [
    s.status,
    s.throttle,
    s.settings,
    s.downloads,
    s.alerts,
    s.collectionsList,
    s.collectionDetail,
  ]) {
    state.dispose();
  }
}

/** Puts every state in the calling component's context (App.svelte's, or a test wrapper's). */
export function provideAppStates(s: AppStates): void {
  for (const [key, value] of appStateEntries(s)) setContext(key, value);
}

/** The slot each state is found by in context. */
const SLOTS: { readonly [K in keyof AppStates]: ContextSlot<AppStates[K]> } = {
  api: apiContext,
  status: statusContext,
  throttle: throttleContext,
  settings: settingsContext,
  profiles: profilesContext,
  downloads: downloadsContext,
  alerts: alertsContext,
  collectionsList: collectionsListContext,
  collectionDetail: collectionDetailContext,
  wall: wallContext,
  rewind: rewindContext,
  map: mapStateContext,
  searchPage: searchContext,
  route: routeContext,
};

/** The same, as the Map a component test passes to render(…, { context }). */
export function appStateEntries(s: AppStates): [symbol, unknown][] {
  return (Object.keys(SLOTS) as (keyof AppStates)[]).map((name) => [SLOTS[name].key, s[name]]);
}
