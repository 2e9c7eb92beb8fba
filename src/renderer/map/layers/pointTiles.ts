/**
 * Dense points from the service's vector tiles (cameras or observations), drawn on one canvas
 * per tile: panning moves canvases, never redraws thousands of markers. At high zoom, cameras
 * become real markers (keyboard reachable, with a video badge). Clicks are hit-tested against
 * the decoded points, so the canvases need no per-point event listeners.
 */
import L from 'leaflet';
import { mediaUrl } from '../../lib/media.ts';
import { decodePoints, type TilePoint, type TileProps } from './mvt.ts';

export interface PointTileOptions {
  kind: 'cameras' | 'observations';
  colour: (props: TileProps) => string;
  /** From this zoom on, points are markers made by `marker` (when given). */
  markerZoom: number;
  marker?: (props: TileProps, at: L.LatLng) => L.Marker;
  onPick: (props: TileProps) => void;
  /** How many points are on the map now (tests and the benchmark read it). */
  onCount?: (count: number) => void;
  /** Drawn this much larger than camera dots, so both show where they share a place. */
  grow?: number;
  /** The map pane the canvases go in (its z-index orders the layers). */
  pane: string;
}

interface TileEntry {
  canvas: HTMLCanvasElement;
  points: TilePoint[];
  markers: L.Marker[];
  abort: AbortController;
}

const TILE_SIZE = 256;
const HIT_RADIUS = 7;

export class PointTileLayer extends L.GridLayer {
  #options: PointTileOptions;
  #tiles = new Map<string, TileEntry>();
  #markers = L.layerGroup();
  #firstDrawn = false;

  constructor(options: PointTileOptions) {
    super({
      tileSize: TILE_SIZE,
      updateWhenZooming: false,
      keepBuffer: 1,
      maxZoom: 19,
      pane: options.pane,
    });
    this.#options = options;
    this.on('tileunload', (e: L.TileEvent) => this.#unload(e.coords));
  }

  override onAdd(map: L.Map): this {
    super.onAdd(map);
    this.#markers.addTo(map);
    map.on('click', this.#click);
    map.on('mousemove', this.#hover);
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('click', this.#click);
    map.off('mousemove', this.#hover);
    this.#markers.remove();
    super.onRemove(map);
    this.#tiles.clear();
    this.#count();
    return this;
  }

  /** Redraws every loaded tile from memory, e.g. after the colouring sensor changed. */
  repaint(colour: (props: TileProps) => string): void {
    this.#options = { ...this.#options, colour };
    for (const entry of this.#tiles.values()) this.#draw(entry);
  }

  protected override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const canvas = L.DomUtil.create('canvas', 'point-tile');
    const ratio = window.devicePixelRatio || 1;
    canvas.width = TILE_SIZE * ratio;
    canvas.height = TILE_SIZE * ratio;
    const entry: TileEntry = { canvas, points: [], markers: [], abort: new AbortController() };
    this.#tiles.set(key(coords), entry);
    const n = 2 ** coords.z;
    const x = ((coords.x % n) + n) % n;
    const path = `tiles/${this.#options.kind}/${coords.z}-${x}-${coords.y}.mvt`;
    fetch(mediaUrl(path), { signal: entry.abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.arrayBuffer();
      })
      .then((bytes) => {
        entry.points = decodePoints(bytes, this.#options.kind, TILE_SIZE);
        if (coords.z >= this.#options.markerZoom && this.#options.marker)
          this.#place(entry, coords);
        else this.#draw(entry);
        this.#count();
        done(undefined, canvas);
      })
      .catch((error: unknown) => {
        // An aborted tile scrolled away; any other failure leaves the tile empty, and the
        // offline base map still shows under it.
        if (!entry.abort.signal.aborted) done(error as Error, canvas);
      });
    return canvas;
  }

  #draw(entry: TileEntry): void {
    const ctx = entry.canvas.getContext('2d');
    if (!ctx) return;
    const ratio = entry.canvas.width / TILE_SIZE;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, TILE_SIZE, TILE_SIZE);
    const zoom = this._map?.getZoom() ?? 4;
    const r = (zoom <= 4 ? 2.4 : zoom <= 7 ? 3.2 : 4.5) + (this.#options.grow ?? 0);
    ctx.lineWidth = zoom <= 4 ? 0.6 : 1;
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    for (const p of entry.points) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
      ctx.fillStyle = this.#options.colour(p.props);
      ctx.fill();
      ctx.stroke();
    }
    if (entry.points.length > 0 && !this.#firstDrawn && this.#options.kind === 'cameras') {
      this.#firstDrawn = true;
      performance.mark('roadcam:cameras-drawn');
    }
  }

  #place(entry: TileEntry, coords: L.Coords): void {
    const origin = L.point(coords.x * TILE_SIZE, coords.y * TILE_SIZE);
    for (const p of entry.points) {
      const at = this._map.unproject(origin.add([p.x, p.y]), coords.z);
      const marker = this.#options.marker!(p.props, at);
      marker.on('click', () => this.#options.onPick(p.props));
      entry.markers.push(marker);
      this.#markers.addLayer(marker);
    }
  }

  #unload(coords: L.Coords): void {
    const k = key(coords);
    const entry = this.#tiles.get(k);
    if (!entry) return;
    entry.abort.abort();
    for (const m of entry.markers) this.#markers.removeLayer(m);
    this.#tiles.delete(k);
    this.#count();
  }

  #countTimer: ReturnType<typeof setTimeout> | undefined;

  /** Distinct points (one near a tile edge is in both tiles' buffers), counted once tiles settle. */
  #count(): void {
    if (!this.#options.onCount) return;
    clearTimeout(this.#countTimer);
    this.#countTimer = setTimeout(() => this.#countNow(), 150);
  }

  #countNow(): void {
    if (!this.#options.onCount) return;
    const ids = new Set<unknown>();
    for (const entry of this.#tiles.values()) for (const p of entry.points) ids.add(p.props.id);
    this.#options.onCount(ids.size);
  }

  /** The point drawn nearest to a map position, within a few pixels. */
  #pointAt(latlng: L.LatLng): TilePoint | null {
    const map = this._map;
    const zoom = map.getZoom();
    if (zoom >= this.#options.markerZoom && this.#options.marker) return null;
    const px = map.project(latlng, zoom);
    const coords = { x: Math.floor(px.x / TILE_SIZE), y: Math.floor(px.y / TILE_SIZE), z: zoom };
    const entry = this.#tiles.get(key(coords as L.Coords));
    if (!entry) return null;
    const lx = px.x - coords.x * TILE_SIZE;
    const ly = px.y - coords.y * TILE_SIZE;
    let best: TilePoint | null = null;
    let bestD = HIT_RADIUS * HIT_RADIUS;
    for (const p of entry.points) {
      const d = (p.x - lx) ** 2 + (p.y - ly) ** 2;
      if (d <= bestD) {
        best = p;
        bestD = d;
      }
    }
    return best;
  }

  #click = (e: L.LeafletMouseEvent) => {
    const point = this.#pointAt(e.latlng);
    if (point) this.#options.onPick(point.props);
  };

  #hover = (e: L.LeafletMouseEvent) => {
    const container = this._map.getContainer();
    const over = this.#pointAt(e.latlng) !== null;
    container.classList.toggle(`over-${this.#options.kind}`, over);
  };
}

function key(c: { x: number; y: number; z: number }): string {
  return `${c.z}:${c.x}:${c.y}`;
}
