/**
 * Display numbers and a wall's display (src/desktop/displays.ts, wall-window.ts): numbered from
 * the left whatever order the system lists them in, a wrong number refused with the displays
 * there are, a remembered display found by id or else by its bounds, else the main one with a
 * notice; and the links that ask for a wall on a display.
 */
import { describe, expect, test } from 'vitest';
import {
  describeDisplays,
  displayByNumber,
  displaysLeftToRight,
  placeWall,
} from '../../../src/desktop/displays.ts';
import { wallWindowRequest } from '../../../src/desktop/wall-window.ts';
import { wallOnlyRoute } from '../../../src/shared/wall-screens.ts';
import { routeFromLink } from '../../../src/desktop/deep-link.ts';

const left = { id: 7, bounds: { x: -1920, y: 0, width: 1920, height: 1080 } };
const main = { id: 3, bounds: { x: 0, y: 0, width: 2560, height: 1440 } };
const right = { id: 5, bounds: { x: 2560, y: 0, width: 1920, height: 1080 } };
const listed = [main, right, left]; // as a system lists them: the primary first

describe('display numbers', () => {
  test('count from the left, 1-based', () => {
    expect(displaysLeftToRight(listed).map((d) => d.id)).toEqual([7, 3, 5]);
    expect(displayByNumber(listed, '1')).toEqual({ display: left });
    expect(displayByNumber(listed, '3')).toEqual({ display: right });
  });

  test('a number that is not a display is refused, with the displays there are', () => {
    const displays = '1: 1920×1080 at -1920,0; 2: 2560×1440 at 0,0; 3: 1920×1080 at 2560,0';
    expect(describeDisplays(listed)).toBe(displays);
    for (const wrong of ['0', '4', 'two', '', '-1', '1.5']) {
      expect(displayByNumber(listed, wrong)).toEqual({
        refused: `display ${JSON.stringify(wrong)} does not exist: this computer has 3 displays, numbered from the left (${displays}). Give a number from 1 to 3.`,
      });
    }
    expect(displayByNumber([main], '2')).toMatchObject({
      refused: expect.stringContaining('this computer has one display') as string,
    });
  });
});

describe("a remembered wall's display", () => {
  test('by its id, or by its bounds when the id changed', () => {
    const byId = { displayId: 5, displayBounds: { x: 0, y: 0, width: 1, height: 1 } };
    expect(placeWall(byId, listed, main, 'the wall “North”')).toEqual({
      display: right,
      notice: null,
    });
    const moved = { displayId: 99, displayBounds: { ...left.bounds } };
    expect(placeWall(moved, listed, main, 'the wall “North”')).toEqual({
      display: left,
      notice: null,
    });
  });

  test('a display that is gone: the main one, with a notice in words', () => {
    const gone = { displayId: 99, displayBounds: { x: 4480, y: 0, width: 1280, height: 1024 } };
    expect(placeWall(gone, listed, main, 'the wall “North”')).toEqual({
      display: main,
      notice:
        'The display that showed the wall “North” (1280×1024 at 4480,0) is not connected: the wall is on the main display. Connect the display and restart Roadcam to have it there again.',
    });
  });
});

describe('links that put a wall on a display', () => {
  test('wall=ID or /wall/ID, with display=N and kiosk=1', () => {
    const route = routeFromLink('roadcam://wall?wall=12&display=2')!;
    expect(wallWindowRequest(route)).toEqual({
      request: { wallId: 12, display: '2', kiosk: false, tour: '' },
    });
    expect(wallWindowRequest(routeFromLink('roadcam://wall/12?display=x&kiosk=1')!)).toEqual({
      request: { wallId: 12, display: 'x', kiosk: true, tour: '' },
    });
    expect(wallOnlyRoute(12)).toBe('/wall/12?window=only');
  });

  test("a tour link's parameters go with the wall: its window runs that tour", () => {
    const route = routeFromLink(
      'roadcam://wall?wall=12&display=2&dwell=20&tour=favourites&mode=page&layout=2x2&x=1',
    )!;
    const reading = wallWindowRequest(route);
    expect(reading).toEqual({
      request: {
        wallId: 12,
        display: '2',
        kiosk: false,
        tour: 'tour=favourites&dwell=20&mode=page&layout=2x2',
      },
    });
    expect(wallOnlyRoute(12, 'tour=favourites&dwell=20')).toBe(
      '/wall/12?window=only&tour=favourites&dwell=20',
    );
    // Without a tour, a layout is the saved wall's own business.
    expect(wallWindowRequest('/wall/12?display=2&layout=3x3')).toMatchObject({
      request: { tour: '' },
    });
  });

  test('without display=, nothing to do here; without a saved wall, refused in words', () => {
    expect(wallWindowRequest('/wall?wall=12')).toBeNull();
    expect(wallWindowRequest('/map?display=2')).toBeNull();
    expect(wallWindowRequest('/wall?cameras=A,B&display=2')).toEqual({
      refused:
        'a link with display=N opens a saved wall on that display: it needs the wall too (wall=ID, the number in the wall\'s own link), and "" is not one',
    });
  });
});
