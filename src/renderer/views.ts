/**
 * The views' code, each in a chunk of its own that loads when the view is first shown (the wall
 * brings hls.js, the map Leaflet): the first view a user opens is drawn without parsing the
 * others (docs/benchmarks.md, Map: first cameras). Loading twice gives the same component.
 */
import type { Component } from 'svelte';
import type { View } from './lib/router.svelte.ts';

const loaders: Record<View, () => Promise<{ default: Component }>> = {
  map: () => import('./map/MapView.svelte'),
  route: () => import('./route/RouteView.svelte'),
  wall: () => import('./wall/WallView.svelte'),
  downloads: () => import('./downloads/DownloadsView.svelte'),
  collections: () => import('./collections/CollectionsView.svelte'),
  alerts: () => import('./alerts/AlertsView.svelte'),
  settings: () => import('./settings/SettingsView.svelte'),
};

const loading = new Map<View, Promise<Component>>();

export function loadView(view: View): Promise<Component> {
  let component = loading.get(view);
  if (!component) {
    component = loaders[view]().then((module) => module.default);
    // A chunk that failed to load (a damaged install) is tried again on the next visit.
    void component.catch(() => loading.delete(view));
    loading.set(view, component);
  }
  return component;
}
