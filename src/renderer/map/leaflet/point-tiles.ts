/**
 * Dense points from the service's vector tiles (cameras or observations), one canvas per tile:
 * panning moves canvases, never redraws thousands of markers. Fetching, decoding and drawing
 * happen in a worker (tile-worker.ts); this side places bitmaps and hit-tests clicks against the
 * points' positions, so the canvases need no per-point listeners. At high zoom, cameras become
 * real markers (keyboard reachable, with a video badge).
 */
import L from 'leaflet';
import { mediaUrl } from '../../lib/media.ts';
import type { TileFeature } from '../tiles/mvt.ts';
import { metersPerPixel, type PickedPoint } from '../tiles/pick-resolve.ts';
import type { Colouring, WorkerAnswer, WorkerRequest } from '../tiles/tile-worker.ts';

export interface PointTileOptions {
  kind: 'cameras' | 'observations';
  colouring: Colouring;
  /** From this zoom on, points are markers made by `marker` (when given). */
  markerZoom: number;
  marker?: (feature: TileFeature, at: L.LatLng) => L.Marker;
  /** A point was clicked: its id when the tile names it, else what is known to find it. */
  onPick: (point: PickedPoint) => void;
  /**
   * How many distinct points are on the map now (tests and the benchmark read it), and whether
   * every tile in view has answered (else more may come).
   */
  onCount?: (count: number, complete: boolean) => void;
  /** Drawn this much larger than camera dots, so both show where they share a place. */
  grow?: number;
  /** The map pane the canvases go in (its z-index orders the layers). */
  pane: string;
}

interface TileEntry {
  canvas: HTMLCanvasElement;
  coords: L.Coords;
  xs: Float32Array;
  ys: Float32Array;
  /** Newline-joined ids, split on the first click that needs them. */
  idText: string;
  ids: string[] | null;
  /** Every point's feature, when the worker sent them (markers, or points without an id). */
  features: TileFeature[] | null;
  inside: number;
  markers: L.Marker[];
  done: L.DoneCallback | null;
}

/**
 * The service's vector tiles are 512x512 (spec: camera and observation Tile), so each is drawn at
 * 512 pixels, which puts the service's zoom one below the map's (Leaflet counts zoom in 256-pixel
 * tiles). Besides being the size the tiles are made for, it is a quarter of the canvases, fetches
 * and worker messages of 256-pixel tiles, and of the tiles Leaflet makes and prunes at each zoom
 * end, where most of the frames that missed the refresh were (docs/benchmarks.md, "Map").
 */
const TILE_SIZE = 512;
const SERVICE_ZOOM_OFFSET = 1;
const HIT_RADIUS = 7;
let serial = 0;

function startWorker(): Worker {
  return new Worker(new URL('../tiles/tile-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * The first layer's worker, started as this module loads: a worker fetches and compiles its
 * script before it can fetch a tile, hundreds of milliseconds on a busy machine that the first
 * cameras drawn would otherwise wait for after the map is built (docs/benchmarks.md, "Map").
 */
let spare: Worker | null = typeof Worker === 'undefined' ? null : startWorker();

function takeWorker(): Worker {
  const worker = spare ?? startWorker();
  spare = null;
  return worker;
}

export class PointTileLayer extends L.GridLayer {
  #options: PointTileOptions;
  #tiles = new Map<string, TileEntry>();
  #markers = L.layerGroup();
  #firstDrawn = false;
  #worker: Worker | null = null;
  #countTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: PointTileOptions) {
    super({
      tileSize: TILE_SIZE,
      updateWhenZooming: false,
      keepBuffer: 1,
      minZoom: SERVICE_ZOOM_OFFSET,
      maxZoom: 19,
      pane: options.pane,
    });
    this.#options = options;
    this.on('tileunload', (e: L.TileEvent) => this.#unload(e.tile));
  }

  override onAdd(map: L.Map): this {
    this.#worker = takeWorker();
    this.#worker.onmessage = (e: MessageEvent<WorkerAnswer>) => this.#answer(e.data);
    super.onAdd(map);
    this.#markers.addTo(map);
    map.on('click', this.#click);
    map.on('mousemove', this.#hover);
    map.on('moveend', this.#count);
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('click', this.#click);
    map.off('mousemove', this.#hover);
    map.off('moveend', this.#count);
    this.#markers.remove();
    super.onRemove(map);
    this.#worker?.terminate();
    this.#worker = null;
    this.#tiles.clear();
    this.#count();
    return this;
  }

  /** Redraws every loaded tile in the worker, e.g. after the colouring sensor changed. */
  repaint(colouring: Colouring): void {
    this.#options = { ...this.#options, colouring };
    for (const key of this.#tiles.keys()) this.#post({ type: 'paint', key, colouring });
  }

  protected override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const canvas = L.DomUtil.create('canvas', 'point-tile');
    const ratio = window.devicePixelRatio || 1;
    canvas.width = TILE_SIZE * ratio;
    canvas.height = TILE_SIZE * ratio;
    const key = `t${++serial}`;
    canvas.dataset.key = key;
    const entry: TileEntry = {
      canvas,
      coords,
      xs: new Float32Array(0),
      ys: new Float32Array(0),
      idText: '',
      ids: null,
      features: null,
      inside: 0,
      markers: [],
      done,
    };
    this.#tiles.set(key, entry);
    const z = coords.z - SERVICE_ZOOM_OFFSET;
    const n = 2 ** z;
    const x = ((coords.x % n) + n) % n;
    const path = `tiles/${this.#options.kind}/${z}-${x}-${coords.y}.mvt`;
    const zoom = coords.z;
    const radius = (zoom <= 4 ? 2.4 : zoom <= 7 ? 3.2 : 4.5) + (this.#options.grow ?? 0);
    this.#post({
      type: 'load',
      key,
      url: new URL(mediaUrl(path), location.href).href,
      kind: this.#options.kind,
      size: TILE_SIZE,
      ratio,
      radius,
      colouring: this.#options.colouring,
      withProps: this.#markersAt(zoom),
    });
    return canvas;
  }

  #markersAt(zoom: number): boolean {
    return zoom >= this.#options.markerZoom && this.#options.marker !== undefined;
  }

  #post(request: WorkerRequest): void {
    this.#worker?.postMessage(request);
  }

  #answer(answer: WorkerAnswer): void {
    const entry = this.#tiles.get(answer.key);
    if (!entry) {
      if (answer.type !== 'error' && answer.bitmap) answer.bitmap.close();
      return;
    }
    if (answer.type === 'error') {
      // The tile stays empty and the offline base map shows under it.
      entry.done?.(new Error(answer.message), entry.canvas);
      entry.done = null;
      this.#count();
      return;
    }
    if (answer.type === 'tile') {
      entry.xs = answer.xs;
      entry.ys = answer.ys;
      entry.idText = answer.ids;
      entry.inside = answer.inside;
      entry.features = answer.features;
      if (answer.features && this.#markersAt(entry.coords.z)) this.#place(entry, answer.features);
      this.#count();
    }
    if (answer.bitmap) {
      showBitmap(entry.canvas, answer.bitmap);
      if (!this.#firstDrawn && this.#options.kind === 'cameras') {
        this.#firstDrawn = true;
        performance.mark('roadcam:cameras-drawn');
      }
    }
    entry.done?.(undefined, entry.canvas);
    entry.done = null;
  }

  #place(entry: TileEntry, features: TileFeature[]): void {
    features.forEach((feature, i) => {
      const at = this.#latLngOf(entry, i);
      const marker = this.#options.marker!(feature, at);
      marker.on('click', (e: L.LeafletMouseEvent) =>
        this.#options.onPick(this.#picked(entry, i, e.originalEvent)),
      );
      entry.markers.push(marker);
      this.#markers.addLayer(marker);
    });
  }

  #latLngOf(entry: TileEntry, i: number): L.LatLng {
    const origin = L.point(entry.coords.x * TILE_SIZE, entry.coords.y * TILE_SIZE);
    return this._map.unproject(origin.add([entry.xs[i]!, entry.ys[i]!]), entry.coords.z);
  }

  /** What a click on point `i` of a tile hands on: its id, or what can find it. */
  #picked(entry: TileEntry, i: number, click: Event): PickedPoint {
    entry.ids ??= entry.idText.split('\n');
    const id = entry.ids[i] || null;
    const at = this.#latLngOf(entry, i);
    return {
      id,
      feature: entry.features?.[i] ?? null,
      lat: at.lat,
      lon: at.lng,
      radius: HIT_RADIUS * metersPerPixel(at.lat, entry.coords.z),
      click,
    };
  }

  #unload(tile: HTMLElement): void {
    const key = tile.dataset.key;
    const entry = key === undefined ? undefined : this.#tiles.get(key);
    if (!key || !entry) return;
    this.#post({ type: 'drop', key });
    for (const m of entry.markers) this.#markers.removeLayer(m);
    this.#tiles.delete(key);
    this.#count();
  }

  /**
   * Points of the tiles in view (each counted in its own tile only), once tiles settle or the
   * map rests. Leaflet keeps a tile beside the view after a pan or a resize (`keepBuffer`): its
   * points are not in view, and counting them made the count depend on the map's first size.
   */
  #count = (): void => {
    if (!this.#options.onCount) return;
    clearTimeout(this.#countTimer);
    this.#countTimer = setTimeout(() => {
      const inView = this.#tilesInView();
      let n = 0;
      let complete = true;
      for (const entry of this.#tiles.values()) {
        if (!inView(entry.coords)) continue;
        n += entry.inside;
        // A tile's `done` is called (and cleared) once the worker has answered for it.
        if (entry.done) complete = false;
      }
      this.#options.onCount?.(n, complete);
    }, 200);
  };

  /** Whether a tile touches the map's view, as Leaflet picks the tiles to load for it. */
  #tilesInView(): (coords: L.Coords) => boolean {
    const map = this._map as L.Map | undefined;
    const bounds = map?.getPixelBounds();
    if (!map || !bounds?.min || !bounds.max) return () => false;
    const zoom = Math.round(map.getZoom());
    const [min, max] = [bounds.min.divideBy(TILE_SIZE).floor(), bounds.max.divideBy(TILE_SIZE)];
    return (c) =>
      c.z === zoom &&
      c.x >= min.x &&
      c.y >= min.y &&
      c.x < Math.ceil(max.x) &&
      c.y < Math.ceil(max.y);
  }

  /** The point drawn nearest to a map position, within a few pixels. */
  #pointAt(latlng: L.LatLng): { entry: TileEntry; index: number } | null {
    const map = this._map;
    const zoom = map.getZoom();
    if (this.#markersAt(zoom)) return null;
    const px = map.project(latlng, zoom);
    const tx = Math.floor(px.x / TILE_SIZE);
    const ty = Math.floor(px.y / TILE_SIZE);
    let found: { entry: TileEntry; index: number } | null = null;
    let bestD = HIT_RADIUS * HIT_RADIUS;
    for (const entry of this.#tiles.values()) {
      const c = entry.coords;
      if (c.z !== zoom || c.x !== tx || c.y !== ty) continue;
      const lx = px.x - tx * TILE_SIZE;
      const ly = px.y - ty * TILE_SIZE;
      let best = -1;
      for (let i = 0; i < entry.xs.length; i++) {
        const d = (entry.xs[i]! - lx) ** 2 + (entry.ys[i]! - ly) ** 2;
        if (d <= bestD) {
          best = i;
          bestD = d;
        }
      }
      if (best >= 0) found = { entry, index: best };
    }
    return found;
  }

  #click = (e: L.LeafletMouseEvent) => {
    const found = this.#pointAt(e.latlng);
    if (found !== null)
      this.#options.onPick(this.#picked(found.entry, found.index, e.originalEvent));
  };

  #hover = (e: L.LeafletMouseEvent) => {
    const over = this.#pointAt(e.latlng) !== null;
    this._map.getContainer().classList.toggle(`over-${this.#options.kind}`, over);
  };
}

/**
 * Hands the worker's bitmap to the tile's canvas without a copy: a 2d context would clear and
 * redraw it on the page's thread, for every tile that arrives while the map moves.
 */
export function showBitmap(canvas: HTMLCanvasElement, bitmap: ImageBitmap): void {
  const context = canvas.getContext('bitmaprenderer');
  if (context) context.transferFromImageBitmap(bitmap);
  else bitmap.close();
}
