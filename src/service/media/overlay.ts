/**
 * Paints a frame's per-frame layer (scene.ts: cars, precipitation streaks, the burnt-in UTC
 * time) onto a copy of its background pixels. The time is set from a strip of glyphs
 * rasterized once (with the same font through sharp), so no text is laid out per frame.
 */
import sharp from 'sharp';
import { hexColor, RgbCanvas, type Rgb } from './raster.ts';
import {
  carsAt,
  FRAME_HEIGHT,
  fogOpacity,
  formatFrameTime,
  streaksAt,
  type FrameConditions,
} from './scene.ts';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const STREAK = hexColor('#dde6ee');
const SPRAY = hexColor('#dfe5ea');
const HEADLIGHT = hexColor('#fff6b0');

/** The time box at the bottom left, and its text: DejaVu Sans Mono 15 px from x = 8. */
const BOX_WIDTH = 230;
const BOX_HEIGHT = 26;
const TEXT_X = 8;
const BASELINE = 18;
const FONT = 'DejaVu Sans Mono, monospace';
const FONT_SIZE = 15;
/** Advance of DejaVu Sans Mono (1233/2048 em); other monospace fonts are within a pixel. */
const ADVANCE = (FONT_SIZE * 1233) / 2048;
const GLYPHS = '0123456789-:UTC';
const CELL = 14;
/** Where a glyph's origin sits in its cell: room for a side bearing to the left. */
const CELL_ORIGIN = 2;

interface Atlas {
  mask: Uint8Array;
  width: number;
}

let atlas: Promise<Atlas> | undefined;

/** The glyphs of a frame time, white on transparent, one cell each; the alpha is the mask. */
function glyphAtlas(): Promise<Atlas> {
  atlas ??= (async () => {
    const width = GLYPHS.length * CELL;
    const texts = [...GLYPHS]
      .map(
        (g, i) =>
          `<text x="${i * CELL + CELL_ORIGIN}" y="${BASELINE}" font-family="${FONT}" font-size="${FONT_SIZE}" fill="#fff">${g}</text>`,
      )
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${BOX_HEIGHT}">${texts}</svg>`;
    const alpha = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer();
    return { mask: new Uint8Array(alpha), width };
  })();
  atlas.catch(() => (atlas = undefined));
  return atlas;
}

/** Paints the overlay of the frame at `tMs` onto `pixels` (the background, copied). */
export async function paintOverlay(
  pixels: Buffer,
  width: number,
  c: FrameConditions,
  cameraKey: number,
  tMs: number,
  clock = true,
): Promise<void> {
  const glyphs = await glyphAtlas();
  const canvas = new RgbCanvas(pixels, width, FRAME_HEIGHT);
  const t = Math.floor(tMs / 1000);
  const fade = Number((1 - fogOpacity(c.visibility) * 0.9).toFixed(2));
  for (const car of carsAt(cameraKey, t)) {
    const { x, y, s } = car;
    if (c.roadWeather === 2 || c.roadWeather === 3) {
      const spray = c.roadWeather === 3 ? 0.7 : 0.4;
      canvas.ellipse(x, y - 8 * s, 14 * s, 5 * s, SPRAY, spray * fade);
    }
    canvas.roundRect(x - 9 * s, y - 7 * s, 18 * s, 7 * s, 1.5 * s, hexColor(car.color), fade);
    if (c.night) {
      canvas.ellipse(x - 6 * s, y - 2 * s, 2 * s, 2 * s, HEADLIGHT, fade);
      canvas.ellipse(x + 6 * s, y - 2 * s, 2 * s, 2 * s, HEADLIGHT, fade);
    }
  }
  const streaks = streaksAt(cameraKey, t, c);
  for (const [x, y] of streaks.points) {
    if (streaks.snowing) {
      // A flake: white disc of radius 1.6 with a one-pixel outline.
      canvas.ellipse(x, y, 2.1, 2.1, STREAK, 0.6);
      canvas.ellipse(x, y, 1.1, 1.1, WHITE, 0.6);
    } else canvas.line(x, y, x - 4, y + 16, 1, STREAK, 0.6);
  }
  // A looped live stream shows no time: its playlist's PROGRAM-DATE-TIME gives it.
  if (!clock) return;
  const top = FRAME_HEIGHT - BOX_HEIGHT;
  for (let y = top; y < FRAME_HEIGHT; y++)
    for (let x = 0; x < BOX_WIDTH; x++) canvas.blend(x, y, BLACK, 0.6);
  const text = formatFrameTime(tMs);
  for (let i = 0; i < text.length; i++) {
    const g = GLYPHS.indexOf(text[i]!);
    if (g < 0) continue; // the space
    const dx = Math.round(TEXT_X + i * ADVANCE) - CELL_ORIGIN;
    canvas.mask(glyphs.mask, glyphs.width, g * CELL, 0, CELL, BOX_HEIGHT, dx, top, WHITE);
  }
}
