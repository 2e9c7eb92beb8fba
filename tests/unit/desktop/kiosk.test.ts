/**
 * `--kiosk` (src/desktop/kiosk.ts): the desktop app's window starts full screen on a wall tour, the
 * one a link names or else the last one started; without one it says why in words.
 */
import { describe, expect, test } from 'vitest';
import { displayArgument, kioskStart } from '../../../src/desktop/kiosk.ts';
import { routeFromLink } from '../../../src/desktop/deep-link.ts';
import type { Tour } from '../../../src/shared/tour.ts';

const last: Tour = { source: { kind: 'collection', id: 'col1' }, dwellSeconds: 30, mode: 'page' };

describe('--kiosk', () => {
  test('without the flag, nothing changes', () => {
    expect(kioskStart(['/opt/Roadcam/roadcam'], null, last)).toBeNull();
  });

  test("starts a link's tour, as the link's route", () => {
    const route = routeFromLink('roadcam://wall?tour=favourites&dwell=20&mode=page');
    expect(route).toBe('/wall?tour=favourites&dwell=20&mode=page');
    expect(kioskStart(['roadcam', '--kiosk', 'roadcam://wall?...'], route, last)).toEqual({
      route,
      problem: null,
    });
  });

  test('without a link, starts the last tour', () => {
    expect(kioskStart(['roadcam', '--kiosk'], null, last)).toEqual({
      route: '/wall?tour=collection:col1&dwell=30&mode=page',
      problem: null,
    });
  });

  test('says what is wrong: no tour at all, a wrong tour link, a link to another view', () => {
    expect(kioskStart(['roadcam', '--kiosk'], null, null)).toEqual({
      route: '/wall',
      problem: `--kiosk needs a roadcam://wall?tour=... link, or a tour started once in the app's Tour form (a link's tour counts once kept with "Keep this tour for --kiosk").`,
    });
    expect(kioskStart(['--kiosk'], '/wall?tour=favourites&dwell=1', null)).toEqual({
      route: '/wall?tour=favourites&dwell=1',
      problem: 'dwell must be whole seconds from 5 to 600, not "1".',
    });
    expect(kioskStart(['--kiosk'], '/map?camera=C1', last)).toEqual({
      route: '/map?camera=C1',
      problem:
        '--kiosk starts a wall tour, and the link opens /map instead: it was opened as it is.',
    });
  });
});

describe('--display N', () => {
  test('the number as typed, in either form; absent, null', () => {
    expect(displayArgument(['roadcam', '--kiosk', '--display', '2'])).toBe('2');
    expect(displayArgument(['roadcam', '--display=3', '--kiosk'])).toBe('3');
    expect(displayArgument(['roadcam', '--kiosk', '--display'])).toBe('');
    expect(displayArgument(['roadcam', '--kiosk'])).toBeNull();
  });
});
