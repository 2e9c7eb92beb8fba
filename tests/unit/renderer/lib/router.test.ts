import { flushSync } from 'svelte';
import { expect, test } from 'vitest';
import { watch } from '../../../../src/renderer/testing/watch.svelte.ts';
import {
  ViewRouter,
  router as appRouter,
  type HashSource,
} from '../../../../src/renderer/lib/router.svelte.ts';
import { sleep } from '../../../helpers/wait.ts';

/** A window's location and its hashchange as a browser has them: the event comes after. */
class FakeWindow implements HashSource {
  readonly #events = new EventTarget();
  #hash: string;
  listening = 0;
  readonly location: { hash: string };

  constructor(hash = '') {
    this.#hash = hash;
    const hashOf = () => this.#hash;
    const navigate = (value: string) => {
      this.#hash = value.startsWith('#') ? value : `#${value}`;
      queueMicrotask(() => this.#events.dispatchEvent(new Event('hashchange')));
    };
    this.location = {
      get hash() {
        return hashOf();
      },
      set hash(value: string) {
        navigate(value);
      },
    };
  }

  addEventListener(type: 'hashchange', listener: () => void): void {
    this.listening++;
    this.#events.addEventListener(type, listener);
  }

  removeEventListener(type: 'hashchange', listener: () => void): void {
    this.listening--;
    this.#events.removeEventListener(type, listener);
  }
}

const settled = async () => {
  await sleep(0); // the source dispatches hashchange as a task of its own, as a window does
  flushSync();
};

test('reads the route from its source, and an unknown view is the map', () => {
  expect(new ViewRouter(new FakeWindow('#/collections/c%2F1?sort=name')).address).toEqual({
    view: 'collections',
    rest: ['c/1'],
    query: { sort: 'name' },
  });
  expect(new ViewRouter(new FakeWindow('#/nowhere')).address.view).toBe('map');
  expect(new ViewRouter(new FakeWindow('')).address.view).toBe('map');
});

test('an effect that reads the route follows every hash change, its own and others', async () => {
  const source = new FakeWindow('#/map');
  const router = new ViewRouter(source);
  const seen = watch(() => router.address);
  expect(source.listening).toBe(1);

  router.go('/alerts/a1');
  await settled();
  source.location.hash = '#/wall?add=cam1'; // a link from outside the app
  await settled();
  expect(seen.values.map((r) => [r.view, r.rest, r.query])).toEqual([
    ['map', [], {}],
    ['alerts', ['a1'], {}],
    ['wall', [], { add: 'cam1' }],
  ]);
  expect(router.href('downloads')).toBe('#/downloads');

  // Nothing reads it any more: it stops listening, and a change is not followed.
  seen.stop();
  await settled();
  expect(source.listening).toBe(0);
  router.go('/settings');
  await settled();
  expect(seen.values).toHaveLength(3);
  expect(router.address.view).toBe('settings');
});

test("the app's router is on the window, found at first use", async () => {
  appRouter.go('/downloads?batch=3');
  expect(window.location.hash).toBe('#/downloads?batch=3');
  expect(appRouter.address).toEqual({ view: 'downloads', rest: [], query: { batch: '3' } });
  const seen = watch(() => appRouter.address.view);
  window.location.hash = '#/alerts';
  await new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
  flushSync();
  expect(seen.values).toEqual(['downloads', 'alerts']);
  seen.stop();
});
