/**
 * The weather replay's dots: every camera of a snapshot (100,000 at national scale) drawn on one
 * canvas from column arrays, with no Leaflet layer per camera. A layer per camera (a
 * CircleMarker each) cost a JavaScript object, a projection at every zoom and a path of its own
 * at every redraw: tens of megabytes and hundreds of milliseconds a step at 100,000 cameras.
 * Here a step recolours a byte per camera and redraws once, and a redraw writes each dot's
 * pixels into one image put on the canvas at once: stamping 100,000 small images through the
 * canvas's drawImage took 300 ms a redraw in software rendering, this takes a few tens.
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
  #sprites = new Map<string, Sprite>();
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

  /** Leaflet's renderer calls this to draw, after clearing its canvas. */
  _draw(): void {
    const { _map: map, _ctx: ctx, _bounds: bounds, _container: canvas } = this.#internals;
    if (!map || !ctx || !bounds || !canvas || canvas.width === 0 || canvas.height === 0) return;
    const zoom = map.getZoom();
    if (!this.#x || zoom !== this.#zoom) this.#project(zoom);
    // Device pixels per CSS pixel of Leaflet's canvas (twice on a retina screen).
    const ratio = L.Browser.retina ? 2 : 1;
    const sprites = this.#palette.map((colour) => this.#sprite(colour, ratio, canvas.width));
    const reach = Math.ceil((RADIUS + STROKE) * ratio);
    const width = canvas.width;
    const height = canvas.height;
    // A world pixel's column on the canvas is (x - left) * ratio, its row (y - top) * ratio.
    const origin = map.getPixelOrigin();
    const left = bounds.min!.x + origin.x;
    const top = bounds.min!.y + origin.y;
    const world = 256 * 2 ** zoom;
    const image = ctx.createImageData(width, height);
    const pixels = new Uint32Array(image.data.buffer);
    const xs = this.#x!;
    const ys = this.#y!;
    let drawn = 0;
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round((ys[i]! - top) * ratio);
      if (row < reach || row >= height - reach) continue;
      // Worlds repeat every `world` pixels: the dot is drawn in the copy the canvas shows.
      let x = xs[i]! - left;
      x -= Math.floor(x / world) * world;
      const column = Math.round(x * ratio);
      if (column < reach || column >= width - reach) continue;
      const sprite = sprites[this.#colour[i]!]!;
      const at = row * width + column;
      for (let k = 0; k < sprite.offsets.length; k++)
        pixels[at + sprite.offsets[k]!] = sprite.rgba[k]!;
      drawn += 1;
    }
    // The dots near the canvas's edges are out of the view (the canvas has a margin around it).
    ctx.putImageData(image, 0, 0);
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

  /** The pixels of a dot of one colour with its white rim, as offsets on a canvas `width` wide. */
  #sprite(colour: string, ratio: number, width: number): Sprite {
    const key = `${colour} ${ratio} ${width}`;
    let sprite = this.#sprites.get(key);
    if (sprite) return sprite;
    const fill = rgba(colour);
    const rim = rgba('#ffffff');
    const inner = RADIUS * ratio;
    const outer = (RADIUS + STROKE) * ratio;
    const reach = Math.ceil(outer);
    const offsets: number[] = [];
    const colours: number[] = [];
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const d = Math.hypot(dx, dy);
        if (d > outer) continue;
        offsets.push(dy * width + dx);
        colours.push(d > inner ? rim : fill);
      }
    }
    sprite = { offsets: Int32Array.from(offsets), rgba: Uint32Array.from(colours) };
    // One set per colour and canvas width (the width changes with the window).
    if (this.#sprites.size > 64) this.#sprites.clear();
    this.#sprites.set(key, sprite);
    return sprite;
  }
}

interface Sprite {
  /** Each pixel's offset from the dot's centre, in pixels of the canvas's image. */
  offsets: Int32Array;
  /** Each pixel's colour as the image's 32-bit word (RGBA bytes, little-endian). */
  rgba: Uint32Array;
}

/** A `#rrggbb` colour as an opaque pixel word of ImageData on a little-endian machine. */
export function rgba(colour: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1] ?? '9aa3ab';
  const value = parseInt(hex, 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}
