/**
 * The weather replay's dots: every camera of a snapshot (100,000 at national scale) drawn on one
 * canvas from column arrays, with no Leaflet layer per camera. A layer per camera (a
 * CircleMarker each) cost a JavaScript object, a projection at every zoom and a path of its own
 * at every redraw: tens of megabytes and hundreds of milliseconds a step at 100,000 cameras.
 * Here a step recolours a byte per camera and redraws once; each dot is a stamp of a small
 * pre-drawn sprite of its colour.
 *
 * Leaflet's canvas renderer is reused for what it already does right (the canvas in its pane,
 * sized to the view with padding, moved at each pan, scaled during zoom animations); only its
 * drawing (`_draw`, which would walk its paths) is replaced.
 */
import L from 'leaflet';

/** Where the dots are and what colour each is (CSS colours), index by index. */
export interface Dots {
  lat: readonly number[];
  lon: readonly number[];
  colours: readonly string[];
}

const RADIUS = 4;
const STROKE = 0.8;
const MAX_LATITUDE = 85.0511287798;

/** Leaflet's canvas renderer as this class uses it (private in Leaflet's types). */
interface CanvasInternals {
  _map: L.Map | undefined;
  _ctx: CanvasRenderingContext2D | undefined;
  _container: HTMLCanvasElement | undefined;
  _bounds: L.Bounds | undefined;
  _redraw(): void;
}

export class DotCanvas extends L.Canvas {
  #lat = new Float64Array(0);
  #lon = new Float64Array(0);
  /** Per dot, its colour's index in #palette. */
  #colour = new Uint8Array(0);
  #palette: string[] = [];
  #sprites = new Map<string, HTMLCanvasElement>();
  /** World pixel positions at #zoom (null: to compute). */
  #x: Float64Array | null = null;
  #y: Float64Array | null = null;
  #zoom = NaN;
  #frame = 0;

  /** How many dots the last drawing put on the canvas (also the canvas's `data-dots`). */
  drawn = 0;

  get #internals(): CanvasInternals {
    return this as unknown as CanvasInternals;
  }

  /** Replaces the dots and redraws once, at the next frame. */
  setDots(dots: Dots): void {
    const n = Math.min(dots.lat.length, dots.lon.length, dots.colours.length);
    if (n !== this.#lat.length) {
      this.#lat = new Float64Array(n);
      this.#lon = new Float64Array(n);
      this.#colour = new Uint8Array(n);
    }
    this.#lat.set(n === dots.lat.length ? dots.lat : dots.lat.slice(0, n));
    this.#lon.set(n === dots.lon.length ? dots.lon : dots.lon.slice(0, n));
    this.#x = null;
    const index = new Map<string, number>();
    this.#palette = [];
    for (let i = 0; i < n; i++) {
      const colour = dots.colours[i]!;
      let k = index.get(colour);
      if (k === undefined) {
        // A sensor's table has a handful of colours; past 255 the rest share the last one.
        k = Math.min(this.#palette.length, 255);
        if (k === this.#palette.length) this.#palette.push(colour);
        index.set(colour, k);
      }
      this.#colour[i] = k;
    }
    this.#requestDraw();
  }

  override onRemove(map: L.Map): this {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    return super.onRemove(map);
  }

  #requestDraw(): void {
    if (this.#frame || !this.#internals._map) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      if (this.#internals._map && this.#internals._ctx) this.#internals._redraw();
    });
  }

  /** Leaflet's renderer calls this to draw, its context already placed at the view's bounds. */
  _draw(): void {
    const { _map: map, _ctx: ctx, _bounds: bounds, _container: canvas } = this.#internals;
    if (!map || !ctx || !bounds || !canvas) return;
    const zoom = map.getZoom();
    if (!this.#x || zoom !== this.#zoom) this.#project(zoom);
    const origin = map.getPixelOrigin();
    const size = Math.ceil(2 * (RADIUS + STROKE));
    const half = size / 2;
    const minX = bounds.min!.x - half + origin.x;
    const minY = bounds.min!.y - half + origin.y;
    const maxX = bounds.max!.x + half + origin.x;
    const maxY = bounds.max!.y + half + origin.y;
    const sprites = this.#palette.map((colour) => this.#sprite(colour));
    const xs = this.#x!;
    const ys = this.#y!;
    // Worlds repeat every `world` pixels; a dot is drawn in the copy the view shows.
    const world = 256 * 2 ** zoom;
    let drawn = 0;
    for (let i = 0; i < xs.length; i++) {
      let x = xs[i]!;
      const y = ys[i]!;
      if (y < minY || y > maxY) continue;
      x += Math.ceil((minX - x) / world) * world;
      if (x > maxX) continue;
      const sprite = sprites[this.#colour[i]!]!;
      const left = Math.round(x - origin.x - half);
      ctx.drawImage(sprite, left, Math.round(y - origin.y - half), size, size);
      drawn += 1;
    }
    this.drawn = drawn;
    canvas.dataset['dots'] = String(drawn);
  }

  #project(zoom: number): void {
    const n = this.#lat.length;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    const scale = 256 * 2 ** zoom;
    for (let i = 0; i < n; i++) {
      // Spherical Mercator (Leaflet's EPSG:3857) at this zoom, in world pixels.
      const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, this.#lat[i]!));
      const sin = Math.sin((lat * Math.PI) / 180);
      x[i] = ((this.#lon[i]! + 180) / 360) * scale;
      y[i] = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
    }
    this.#x = x;
    this.#y = y;
    this.#zoom = zoom;
  }

  /** A dot of one colour with its white rim, drawn once. */
  #sprite(colour: string): HTMLCanvasElement {
    let sprite = this.#sprites.get(colour);
    if (sprite) return sprite;
    const size = Math.ceil(2 * (RADIUS + STROKE));
    // At the resolution of Leaflet's canvas (twice on a retina screen), stamped at `size`.
    const ratio = L.Browser.retina ? 2 : 1;
    sprite = document.createElement('canvas');
    sprite.width = size * ratio;
    sprite.height = size * ratio;
    const ctx = sprite.getContext('2d');
    if (ctx) {
      ctx.scale(ratio, ratio);
      ctx.beginPath();
      ctx.arc(size / 2, size / 2, RADIUS, 0, 2 * Math.PI);
      ctx.fillStyle = colour;
      ctx.fill();
      ctx.lineWidth = STROKE;
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
    this.#sprites.set(colour, sprite);
    return sprite;
  }
}
