import { describe, expect, it } from 'vitest';
import {
  capacity,
  gridColumns,
  layoutFor,
  MAX_VIDEO_TILES,
  moveItem,
  parseWallLink,
  videoPlan,
  wallLinks,
  wallQuery,
} from '../../../../src/renderer/wall/layout.ts';
import type { WallLayout, WallTile } from '../../../../src/shared/ipc/wall.ts';

function tile(id: string, video = true, colSpan = 1, rowSpan = 1): WallTile {
  const place = { lon: -105, lat: 39.7, country: 'US', state: 'CO', city: 'Denver' };
  return { id, name: `Camera ${id}`, video, ...place, colSpan, rowSpan };
}

describe('layouts', () => {
  it('presets draw N columns and show N² tiles; custom follows its column count', () => {
    expect([gridColumns('1x1', 5), gridColumns('3x3', 5), gridColumns('custom', 5)]).toEqual([
      1, 3, 5,
    ]);
    expect(['1x1', '2x2', '4x4', '5x5', '6x6'].map((l) => capacity(l as WallLayout))).toEqual([
      1, 4, 16, 25, 36,
    ]);
    expect([gridColumns('5x5', 2), gridColumns('6x6', 2)]).toEqual([5, 6]);
    expect(capacity('custom')).toBe(36);
    // A new wall of many cameras fills a preset up to the most a wall holds; never Custom.
    expect([1, 3, 5, 10, 16, 17, 25, 26, 36].map(layoutFor)).toEqual([
      '1x1',
      '2x2',
      '3x3',
      '4x4',
      '4x4',
      '5x5',
      '5x5',
      '6x6',
      '6x6',
    ]);
  });

  it('moves a tile to another place, keeping the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('caps video tiles: the cameras past the cap show stills', () => {
    const tiles = Array.from({ length: MAX_VIDEO_TILES + 3 }, (_, i) => tile(`C${i}`, i !== 1));
    const plan = videoPlan(tiles);
    expect(plan[1]).toBe(false);
    expect(plan.filter((p) => p === true)).toHaveLength(MAX_VIDEO_TILES);
    // Tile 1 is a still camera, so the last video tile under the cap is one further along.
    expect(plan[MAX_VIDEO_TILES]).toBe(true);
    expect(plan.slice(MAX_VIDEO_TILES + 1)).toEqual(['capped', 'capped']);
  });
});

describe('wall links', () => {
  it('reads cameras and layout, dropping malformed and repeated ids', () => {
    const link = parseWallLink({
      cameras: 'US-CO-000001,bad id!,US-CO-000002,US-CO-000001',
      layout: '3x3',
    });
    expect(link).toEqual({
      cameras: ['US-CO-000001', 'US-CO-000002'],
      layout: '3x3',
      columns: 4,
      spans: [
        [1, 1],
        [1, 1],
      ],
    });
  });

  it('picks a layout that fits when the link names none (or an unknown one)', () => {
    expect(parseWallLink({ cameras: 'A,B,C' })?.layout).toBe('2x2');
    expect(parseWallLink({ cameras: 'A', layout: '9x9' })?.layout).toBe('1x1');
    expect(parseWallLink({ cameras: 'A', layout: '6x6' })?.layout).toBe('6x6');
    const thirty = Array.from({ length: 30 }, (_, i) => `C${i}`).join(',');
    expect(parseWallLink({ cameras: thirty })?.layout).toBe('6x6');
    expect(parseWallLink({ cameras: '' })).toBeNull();
    expect(parseWallLink({})).toBeNull();
  });

  it('carries columns and spans of a custom wall there and back', () => {
    const wall = {
      layout: 'custom' as const,
      columns: 3,
      tiles: [tile('A', true, 2, 2), tile('B:1')],
    };
    const query = wallQuery(wall);
    expect(query).toBe('cameras=A,B%3A1&layout=custom&columns=3&spans=2x2,1x1');
    const parsed = parseWallLink(Object.fromEntries(new URLSearchParams(query)));
    expect(parsed).toEqual({
      cameras: ['A', 'B:1'],
      layout: 'custom',
      columns: 3,
      spans: [
        [2, 2],
        [1, 1],
      ],
    });
  });

  it('clamps spans and columns from outside', () => {
    const parsed = parseWallLink({
      cameras: 'A,B',
      layout: 'custom',
      columns: '40',
      spans: '9x9,0x1',
    });
    expect(parsed?.columns).toBe(6);
    expect(parsed?.spans).toEqual([
      [4, 4],
      [1, 1],
    ]);
  });

  it('gives the roadcam:// link, and the page address in browser mode only', () => {
    const wall = { layout: '2x2' as const, columns: 4, tiles: [tile('A'), tile('B')] };
    expect(wallLinks(wall, 'http://127.0.0.1:5000')).toEqual({
      app: 'roadcam://wall?cameras=A,B&layout=2x2',
      browser: 'http://127.0.0.1:5000/#/wall?cameras=A,B&layout=2x2',
    });
    expect(wallLinks(wall, null).browser).toBeNull();
  });
});
