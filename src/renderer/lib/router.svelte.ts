import { createSubscriber } from 'svelte/reactivity';
import { t } from './words.svelte.ts';

/** The views of the navigation, in order; a view's address is `#/<view>[/<rest>][?query]`. */
export const views = [
  'map',
  'route',
  'wall',
  'downloads',
  'collections',
  'alerts',
  'settings',
] as const;
export type View = (typeof views)[number];

/** A view's name in the user's language. */
export function viewName(view: View): string {
  return t(`view.${view}`);
}

export interface ViewAddress {
  view: View;
  /** Path segments after the view, e.g. a collection id. */
  rest: string[];
  query: Record<string, string>;
}

export function parseViewAddress(hash: string): ViewAddress {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const [first = '', ...rest] = path.split('/').filter(Boolean).map(decodeURIComponent);
  const view = (views as readonly string[]).includes(first) ? (first as View) : 'map';
  // A throwaway parser, not reactive state: the address object is replaced whole on each change.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const query = Object.fromEntries(new URLSearchParams(search));
  return { view, rest, query };
}

/**
 * Where the address lives: the window in the app; in a test, anything with a location whose hash
 * can be read and written and that sends `hashchange`.
 */
export interface HashSource {
  readonly location: { hash: string };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

export class ViewRouter {
  readonly #source: () => HashSource;
  readonly #follow: () => void;

  /**
   * On `source`, or on the window, looked up at first use: importing the router reads nothing,
   * so that states and components that use it can be imported where there is no window.
   */
  constructor(source?: HashSource) {
    this.#source = () => source ?? window;
    this.#follow = createSubscriber((changed) => {
      const followed = this.#source();
      followed.addEventListener('hashchange', changed);
      return () => followed.removeEventListener('hashchange', changed);
    });
  }

  /** The address shown; a template or effect that reads it follows every change of the hash. */
  get address(): ViewAddress {
    this.#follow();
    return parseViewAddress(this.#source().location.hash);
  }

  /** Shows an address such as `/wall?cameras=A,B` (links from outside the app arrive so). */
  go(address: string): void {
    this.#source().location.hash = `#${address}`;
  }

  href(view: View): string {
    return `#/${view}`;
  }
}

export const router = new ViewRouter();
