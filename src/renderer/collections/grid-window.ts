/**
 * The geometry of the thumbnail grid, which renders only the rows near the viewport: a
 * collection of 5,000 frames would otherwise be 5,000 cells and images in the page. Cells have
 * a size fixed by the grid's width alone (never measured), so the row of any image, and the
 * height of the whole grid, are known before its cells exist.
 */

/** The narrowest a cell may be; the columns share what is left over. */
export const CELL_MIN_WIDTH = 168;
export const GAP = 10;
/** Two lines of caption (camera, time) under the 16:9 thumbnail. */
export const CAPTION_HEIGHT = 40;
/** Rows rendered beyond each edge of the viewport, so a fast scroll or a Tab finds cells. */
export const OVERSCAN_ROWS = 3;
/**
 * Scrolled faster than this (px a ms: two screens a second), the grid is flying past its
 * images, and they wait; they load once it has scrolled slower for SETTLE_MS (a photo
 * library's grid does the same: a fling shows placeholders, where it stops fills in).
 */
export const FLYING_PX_PER_MS = 2;
export const SETTLE_MS = 150;

export interface GridLayout {
  columns: number;
  /** How wide a cell is (its thumbnail is decoded at this width, times the pixel ratio). */
  cellWidth: number;
  /** The height of a cell's thumbnail, and of a whole row (thumbnail and caption). */
  imageHeight: number;
  rowHeight: number;
  /** From the top of one row to the top of the next. */
  pitch: number;
}

export function gridLayout(width: number): GridLayout {
  const columns = Math.max(1, Math.floor((width + GAP) / (CELL_MIN_WIDTH + GAP)));
  const cellWidth = Math.max(CELL_MIN_WIDTH, (width - GAP * (columns - 1)) / columns);
  const imageHeight = Math.round((cellWidth * 9) / 16);
  const rowHeight = imageHeight + CAPTION_HEIGHT;
  return { columns, cellWidth, imageHeight, rowHeight, pitch: rowHeight + GAP };
}

/** The part of the grid in view: `top` is how far the viewport's top is below the grid's. */
export interface GridView {
  top: number;
  height: number;
}

export interface GridWindow {
  /** The images rendered: from `first` up to, not including, `end`. */
  first: number;
  end: number;
  /** The height of every row loaded. */
  height: number;
}

export function gridWindow(layout: GridLayout, count: number, view: GridView): GridWindow {
  const rows = Math.ceil(count / layout.columns);
  const height = rows === 0 ? 0 : rows * layout.pitch - GAP;
  const firstRow = Math.max(0, Math.floor(view.top / layout.pitch) - OVERSCAN_ROWS);
  const endRow = Math.min(
    rows,
    Math.max(0, Math.ceil((view.top + view.height) / layout.pitch) + OVERSCAN_ROWS),
  );
  const first = Math.min(count, firstRow * layout.columns);
  const end = Math.max(first, Math.min(count, endRow * layout.columns));
  return { first, end, height };
}

/**
 * Where image `index`'s cell sits in the grid, in CSS pixels from its top left corner. Each
 * cell is placed on its own, so the cells that stay in view stay where they are while rows
 * come and go at the edges: only the entering row is laid out, painted and rastered (cells
 * flowed under a space above them all moved, and were all repainted, at each new row).
 */
export function cellPlace(layout: GridLayout, index: number): { top: number; left: number } {
  const column = index % layout.columns;
  return { top: rowTop(layout, index), left: column * (layout.cellWidth + GAP) };
}

/** The view's top that shows image `index` in its row, for scrolling to it. */
export function rowTop(layout: GridLayout, index: number): number {
  return Math.floor(index / layout.columns) * layout.pitch;
}
