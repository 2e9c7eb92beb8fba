/**
 * Wall layouts and wall links, as pure functions (tested in Node): which grid a layout draws,
 * how many tiles it shows, and the `wall?cameras=...&layout=...` links that open a wall.
 */
import { t } from '../lib/words.svelte.ts';
import {
  MAX_TILE_SPAN,
  MAX_WALL_COLUMNS,
  MAX_WALL_TILES,
  WALL_LAYOUTS,
  type WallLayout,
  type WallTile,
} from '../../shared/ipc/wall.ts';
import type { CameraSummary } from '../../shared/ipc/cameras.ts';

/**
 * Video tiles playing at once. Each is a decoder and a media player (Chromium refuses players
 * past a limit); 36 fill a 6x6 wall, which the benchmark plays on this machine class with
 * small tiles' players kept light (player-budget.ts). Cameras past it show still images.
 */
export const MAX_VIDEO_TILES = 36;

export const layoutLabels: Record<WallLayout, string> = {
  get '1x1'() {
    return t('wall.layout.one');
  },
  '2x2': '2 × 2',
  '3x3': '3 × 3',
  '4x4': '4 × 4',
  '5x5': '5 × 5',
  '6x6': '6 × 6',
  get custom() {
    return t('wall.layout.custom');
  },
};

/** Columns of the grid a wall draws. */
export function gridColumns(layout: WallLayout, columns: number): number {
  return layout === 'custom' ? clamp(columns, 1, MAX_WALL_COLUMNS) : Number(layout[0]);
}

/** Tiles a layout shows; the others stay on the wall, hidden, until the layout grows. */
export function capacity(layout: WallLayout): number {
  return layout === 'custom' ? MAX_WALL_TILES : Number(layout[0]) ** 2;
}

export function isLayout(value: unknown): value is WallLayout {
  return typeof value === 'string' && (WALL_LAYOUTS as readonly string[]).includes(value);
}

/** The smallest preset that shows `count` tiles (a new wall grows with its cameras). */
export function layoutFor(count: number): WallLayout {
  if (count <= 1) return '1x1';
  if (count <= 4) return '2x2';
  if (count <= 9) return '3x3';
  if (count <= 16) return '4x4';
  if (count <= 25) return '5x5';
  return '6x6';
}

export interface WallLink {
  cameras: string[];
  layout: WallLayout;
  columns: number;
  /** [colSpan, rowSpan] per camera; 1x1 when absent. */
  spans: [number, number][];
}

const cameraIdPattern = /^[\w.:-]{1,200}$/;

/**
 * Reads `cameras=A,B&layout=3x3[&columns=4&spans=2x2,1x1]` (a route's query, from a
 * roadcam://wall link or a browser-mode URL). Null when there are no usable camera ids; links
 * come from outside the app, so anything malformed is dropped rather than trusted.
 */
export function parseWallLink(query: Record<string, string>): WallLink | null {
  const cameras = [...new Set((query['cameras'] ?? '').split(',').map((id) => id.trim()))].filter(
    (id) => cameraIdPattern.test(id),
  );
  if (cameras.length === 0) return null;
  const limited = cameras.slice(0, MAX_WALL_TILES);
  const layout = isLayout(query['layout']) ? query['layout'] : layoutFor(limited.length);
  const columns = clamp(Number(query['columns']) || 4, 1, MAX_WALL_COLUMNS);
  const spanTexts = (query['spans'] ?? '').split(',');
  const spans = limited.map((_, i) => parseSpan(spanTexts[i]));
  return { cameras: limited, layout, columns, spans };
}

/** The tiles of a link: its cameras the service knows, in the link's order, with their spans. */
export function linkTiles(link: WallLink, cameras: readonly CameraSummary[]): WallTile[] {
  return link.cameras.flatMap((id, i): WallTile[] => {
    const camera = cameras.find((c) => c.id === id);
    const [colSpan, rowSpan] = link.spans[i] ?? [1, 1];
    return camera ? [{ ...camera, colSpan, rowSpan }] : [];
  });
}

function parseSpan(text: string | undefined): [number, number] {
  const match = /^(\d)x(\d)$/.exec(text ?? '');
  if (!match) return [1, 1];
  return [clamp(Number(match[1]), 1, MAX_TILE_SPAN), clamp(Number(match[2]), 1, MAX_TILE_SPAN)];
}

/** The query of a wall's link: `cameras=...&layout=...`, plus columns and spans when custom. */
export function wallQuery(wall: {
  layout: WallLayout;
  columns: number;
  tiles: WallTile[];
}): string {
  const parts = [
    `cameras=${wall.tiles.map((t) => encodeURIComponent(t.id)).join(',')}`,
    `layout=${wall.layout}`,
  ];
  if (wall.layout === 'custom') {
    parts.push(`columns=${wall.columns}`);
    if (wall.tiles.some((t) => t.colSpan > 1 || t.rowSpan > 1)) {
      parts.push(`spans=${wall.tiles.map((t) => `${t.colSpan}x${t.rowSpan}`).join(',')}`);
    }
  }
  return parts.join('&');
}

/** The app's link (roadcam://) and, in browser mode, the page address of the same wall. */
export function wallLinks(
  wall: { layout: WallLayout; columns: number; tiles: WallTile[] },
  pageOrigin: string | null,
): { app: string; browser: string | null } {
  const query = wallQuery(wall);
  return {
    app: `roadcam://wall?${query}`,
    browser: pageOrigin === null ? null : `${pageOrigin}/#/wall?${query}`,
  };
}

/** The list with the item at `from` moved to `to` (drag and drop, Alt+arrow keys). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(clamp(to, 0, next.length), 0, moved as T);
  return next;
}

/**
 * Which tiles may play video: the first MAX_VIDEO_TILES shown tiles of cameras with video.
 * Returns, per shown tile, true (video), false (still image) or 'capped' (video camera past
 * the cap, shown as stills with a message).
 */
export function videoPlan(tiles: readonly { video: boolean }[]): (boolean | 'capped')[] {
  let videos = 0;
  return tiles.map((tile) => {
    if (!tile.video) return false;
    videos += 1;
    return videos <= MAX_VIDEO_TILES ? true : 'capped';
  });
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(n)));
}
