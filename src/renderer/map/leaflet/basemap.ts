import L from 'leaflet';
import type { BasemapAnswer, BasemapRequest } from '../tiles/basemap-worker.ts';
import { showBitmap } from './point-tiles.ts';

/**
 * The offline base map: country shapes and US state lines from world-atlas and us-atlas, drawn
 * into canvas tiles under the raster tiles, so the map is never blank, with or without a network.
 * Tiles (not one canvas vector layer) because Leaflet redraws a vector layer's whole canvas after
 * every pan: with 50m outlines that cost most of each frame, while a tile is drawn once per view.
 * The tiles are drawn in a worker (basemap-worker.ts); this side only places the bitmaps.
 */
const TILE_SIZE = 256;
let serial = 0;

interface Pending {
  canvas: HTMLCanvasElement;
  done: L.DoneCallback;
}

class OutlineTiles extends L.GridLayer {
  #worker: Worker | null = null;
  #pending = new Map<string, Pending>();

  constructor(options: L.GridLayerOptions) {
    super(options);
    this.on('tileunload', (e: L.TileEvent) => this.#drop(e.tile));
  }

  override onAdd(map: L.Map): this {
    this.#worker = new Worker(new URL('../tiles/basemap-worker.ts', import.meta.url), {
      type: 'module',
    });
    this.#worker.onmessage = (e: MessageEvent<BasemapAnswer>) => this.#answer(e.data);
    return super.onAdd(map);
  }

  override onRemove(map: L.Map): this {
    super.onRemove(map);
    this.#worker?.terminate();
    this.#worker = null;
    this.#pending.clear();
    return this;
  }

  protected override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const canvas = L.DomUtil.create('canvas', 'outline-tile');
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    canvas.width = canvas.height = TILE_SIZE * ratio;
    const key = `b${++serial}`;
    canvas.dataset.key = key;
    this.#pending.set(key, { canvas, done });
    const { x, y, z } = coords;
    this.#post({ type: 'draw', key, coords: { x, y, z }, size: TILE_SIZE, ratio });
    return canvas;
  }

  #post(request: BasemapRequest): void {
    this.#worker?.postMessage(request);
  }

  #answer(answer: BasemapAnswer): void {
    const pending = this.#pending.get(answer.key);
    this.#pending.delete(answer.key);
    if (answer.type === 'error') {
      // The tile stays blank: the map's background shows where the outlines would be.
      pending?.done(
        new Error(`The offline base map could not be drawn: ${answer.message}`),
        pending.canvas,
      );
      return;
    }
    if (pending) {
      showBitmap(pending.canvas, answer.bitmap);
      pending.done(undefined, pending.canvas);
    } else {
      answer.bitmap.close();
    }
  }

  #drop(tile: HTMLElement): void {
    const key = tile.dataset.key;
    if (key === undefined || !this.#pending.delete(key)) return;
    this.#post({ type: 'drop', key });
  }
}

export function offlineBasemap(pane: string): L.GridLayer {
  return new OutlineTiles({ pane, tileSize: TILE_SIZE, updateWhenZooming: false, keepBuffer: 4 });
}

/**
 * Without raster tiles only the outlines show, and closer than this they show a county or less
 * of plain land: the map is kept at this zoom or further out. Close-up camera markers (zoom 12,
 * controller.ts) stay within reach.
 */
export const OUTLINE_MAX_ZOOM = 12;

/**
 * Watches whether the raster tiles load: a view whose tiles all failed (offline, a blocked or
 * wrong tile server) means the outlines are all there is, so the zoom is held to what they can
 * show until a view's tiles load again. `onChange` hears each change once, not each tile.
 */
export function watchRasterTiles(
  tiles: L.TileLayer,
  map: L.Map,
  onChange: (failing: boolean) => void,
): void {
  const normalMax = map.getMaxZoom();
  let loaded = 0;
  let failed = 0;
  let failing = false;
  tiles.on('loading', () => (loaded = failed = 0));
  tiles.on('tileload', () => loaded++);
  tiles.on('tileerror', () => failed++);
  tiles.on('load', () => {
    const now = failed > 0 && loaded === 0;
    if (now === failing) return;
    failing = now;
    map.setMaxZoom(failing ? Math.min(normalMax, OUTLINE_MAX_ZOOM) : normalMax);
    onChange(failing);
  });
}
