/** The views of the navigation, in order; a route is `#/<view>[/<rest>][?query]`. */
export const views = ['map', 'wall', 'downloads', 'collections', 'alerts', 'settings'] as const;
export type View = (typeof views)[number];

export const viewLabels: Record<View, string> = {
  map: 'Map',
  wall: 'Wall',
  downloads: 'Downloads',
  collections: 'Collections',
  alerts: 'Alerts',
  settings: 'Settings',
};

export interface Route {
  view: View;
  /** Path segments after the view, e.g. a collection id. */
  rest: string[];
  query: Record<string, string>;
}

export function parseRoute(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const [first = '', ...rest] = path.split('/').filter(Boolean).map(decodeURIComponent);
  const view = (views as readonly string[]).includes(first) ? (first as View) : 'map';
  // A throwaway parser, not reactive state: the route object is replaced whole on each change.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const query = Object.fromEntries(new URLSearchParams(search));
  return { view, rest, query };
}

class Router {
  route = $state<Route>(parseRoute(location.hash));

  constructor() {
    window.addEventListener('hashchange', () => (this.route = parseRoute(location.hash)));
  }

  /** Shows a route such as `/wall?cameras=A,B` (links from outside the app arrive so). */
  go(route: string): void {
    location.hash = `#${route}`;
  }

  href(view: View): string {
    return `#/${view}`;
  }
}

export const router = new Router();
