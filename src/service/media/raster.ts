/**
 * A tiny anti-aliased painter on raw RGB pixels, for the per-frame overlay of camera frames
 * (overlay.ts). Rasterizing that overlay from SVG cost about two thirds of a frame (a full
 * 640x360 surface per frame, and one more per group opacity); these shapes are a few hundred
 * pixels each. Every shape is drawn from its distance to the pixel centre: coverage is
 * 0.5 - distance, clamped to 0..1, which is what a one-sample-per-pixel SVG renderer gives
 * at the edges.
 */

export type Rgb = readonly [number, number, number];

export function hexColor(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export class RgbCanvas {
  readonly pixels: Buffer;
  readonly width: number;
  readonly height: number;

  constructor(pixels: Buffer, width: number, height: number) {
    this.pixels = pixels;
    this.width = width;
    this.height = height;
  }

  /** Blends `color` at opacity `a` (0..1) into pixel (x, y); outside the canvas is ignored. */
  blend(x: number, y: number, color: Rgb, a: number): void {
    if (a <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    const p = this.pixels;
    const k = a >= 1 ? 1 : a;
    p[i] = p[i]! + (color[0] - p[i]!) * k + 0.5;
    p[i + 1] = p[i + 1]! + (color[1] - p[i + 1]!) * k + 0.5;
    p[i + 2] = p[i + 2]! + (color[2] - p[i + 2]!) * k + 0.5;
  }

  /**
   * Paints every pixel of the box x0..x1, y0..y1 whose centre is within half a pixel of the
   * shape: `distance` is the signed distance from a point to the shape's edge (negative
   * inside).
   */
  shape(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    distance: (x: number, y: number) => number,
    color: Rgb,
    opacity: number,
  ): void {
    const xa = Math.max(0, Math.floor(x0 - 1));
    const xb = Math.min(this.width - 1, Math.ceil(x1 + 1));
    const ya = Math.max(0, Math.floor(y0 - 1));
    const yb = Math.min(this.height - 1, Math.ceil(y1 + 1));
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const cover = 0.5 - distance(x + 0.5, y + 0.5);
        if (cover > 0) this.blend(x, y, color, (cover > 1 ? 1 : cover) * opacity);
      }
    }
  }

  /** A rectangle with rounded corners of radius r. */
  roundRect(
    x: number,
    y: number,
    w: number,
    h: number,
    r: number,
    color: Rgb,
    opacity: number,
  ): void {
    const cx = x + w / 2;
    const cy = y + h / 2;
    const rr = Math.min(r, w / 2, h / 2);
    const hx = w / 2 - rr;
    const hy = h / 2 - rr;
    this.shape(
      x,
      y,
      x + w,
      y + h,
      (px, py) => {
        const qx = Math.abs(px - cx) - hx;
        const qy = Math.abs(py - cy) - hy;
        const outside = Math.sqrt(Math.max(qx, 0) ** 2 + Math.max(qy, 0) ** 2);
        return outside + Math.min(Math.max(qx, qy), 0) - rr;
      },
      color,
      opacity,
    );
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, opacity: number): void {
    const m = Math.min(rx, ry);
    this.shape(
      cx - rx,
      cy - ry,
      cx + rx,
      cy + ry,
      // Distance scaled from the unit circle: exact for circles, close for flat ellipses.
      (px, py) => (Math.sqrt(((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2) - 1) * m,
      color,
      opacity,
    );
  }

  /** A straight stroke of the given width between two points (butt ends). */
  line(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    width: number,
    color: Rgb,
    opacity: number,
  ): void {
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    const half = width / 2;
    this.shape(
      Math.min(x0, x1) - half,
      Math.min(y0, y1) - half,
      Math.max(x0, x1) + half,
      Math.max(y0, y1) + half,
      (px, py) => {
        const t = ((px - x0) * dx + (py - y0) * dy) / len2;
        if (t < 0 || t > 1) return Infinity;
        const ex = px - (x0 + t * dx);
        const ey = py - (y0 + t * dy);
        return Math.sqrt(ex * ex + ey * ey) - half;
      },
      color,
      opacity,
    );
  }

  /** A white-on-transparent coverage mask (one byte a pixel) blended in `color`. */
  mask(
    mask: Uint8Array,
    maskWidth: number,
    sx: number,
    sy: number,
    w: number,
    h: number,
    dx: number,
    dy: number,
    color: Rgb,
  ): void {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const a = mask[(sy + y) * maskWidth + sx + x]!;
        if (a > 0) this.blend(dx + x, dy + y, color, a / 255);
      }
    }
  }
}
