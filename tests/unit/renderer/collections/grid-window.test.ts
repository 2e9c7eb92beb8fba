/**
 * The grid's geometry: every cell's width is known before it exists (its thumbnail is decoded
 * at that width), and only the rows near the view are rendered.
 */
import { describe, expect, test } from 'vitest';
import {
  CELL_MIN_WIDTH,
  GAP,
  gridLayout,
  gridWindow,
} from '../../../../src/renderer/collections/grid-window.ts';

describe('gridLayout', () => {
  test("the columns share the grid's width: the cell's width is what it shows", () => {
    const layout = gridLayout(1046);
    expect(layout.columns).toBe(5);
    expect(layout.cellWidth).toBeCloseTo((1046 - 4 * GAP) / 5);
    expect(layout.imageHeight).toBe(Math.round((layout.cellWidth * 9) / 16));
  });

  test('a grid narrower than one cell still has one, at the narrowest width', () => {
    const layout = gridLayout(100);
    expect(layout.columns).toBe(1);
    expect(layout.cellWidth).toBe(CELL_MIN_WIDTH);
  });
});

describe('gridWindow', () => {
  test('5,000 images render as the rows in view and three more each way', () => {
    const layout = gridLayout(1046);
    const top = 100 * layout.pitch;
    const win = gridWindow(layout, 5000, { top, height: 860 });
    expect(win.first).toBe((100 - 3) * 5);
    expect(win.end - win.first).toBeLessThanOrEqual((Math.ceil(860 / layout.pitch) + 7) * 5);
    expect(win.height).toBe(1000 * layout.pitch - GAP);
  });
});
