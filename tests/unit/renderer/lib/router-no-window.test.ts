// @vitest-environment node
// No window here: the router is imported, and reads a route, without one (it used to read the
// window's location as it was imported).
import { expect, test } from 'vitest';
import {
  ViewRouter,
  parseViewAddress,
  router,
} from '../../../../src/renderer/lib/router.svelte.ts';

test('is imported where there is no window, and uses a source it is given', () => {
  expect(typeof window).toBe('undefined');
  expect(router.href('wall')).toBe('#/wall');
  expect(parseViewAddress('#/wall/w1?cameras=A,B')).toEqual({
    view: 'wall',
    rest: ['w1'],
    query: { cameras: 'A,B' },
  });
  const source = {
    location: { hash: '#/alerts/a1' },
    addEventListener() {},
    removeEventListener() {},
  };
  expect(new ViewRouter(source).address).toEqual({ view: 'alerts', rest: ['a1'], query: {} });
});
