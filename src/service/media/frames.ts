/**
 * Renders camera frames as real JPEG or PNG with sharp: the background of a camera's
 * conditions is rendered once from SVG and kept as raw pixels, then each frame paints its
 * light overlay onto a copy of them (overlay.ts) and only the encoding is left to sharp. Frames are a pure function of (camera, time, conditions), so the disk
 * cache never needs invalidating.
 */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { stringKey } from '../world/random.ts';
import { paintOverlay } from './overlay.ts';
import {
  backgroundSvg,
  FRAME_HEIGHT,
  FRAME_WIDTH,
  type FrameCamera,
  type FrameConditions,
} from './scene.ts';

export type ImageFormat = 'jpeg' | 'png';

export interface FrameRequest {
  camera: FrameCamera;
  conditions: FrameConditions;
  /** UTC time of the frame, epoch milliseconds */
  tMs: number;
  /** false: no burnt-in time (a frame of a looped live stream, which repeats). */
  clock?: boolean;
}

const BACKGROUNDS_KEPT = 96;
const JPEG_QUALITY = 78;

export function conditionsKey(c: FrameConditions): string {
  return `${c.roadWeather}_${c.visibility}_${c.precip}_${c.night ? 'n' : 'd'}`;
}

/** Compact UTC stamp used in file and image names: 20261121T123456Z. */
export function timeStamp(tMs: number): string {
  return new Date(tMs).toISOString().slice(0, 19).replace(/[-:]/g, '') + 'Z';
}

export class FrameRenderer {
  readonly #cacheDir: string;
  readonly #backgrounds = new Map<string, Promise<Buffer>>();
  rendered = 0;

  constructor(cacheDir: string) {
    this.#cacheDir = cacheDir;
  }

  /** Renders one frame (not cached): the path of recordings, which write their own files. */
  async render(req: FrameRequest, format: ImageFormat = 'jpeg'): Promise<Buffer> {
    const key = stringKey(req.camera.id);
    const pixels = Buffer.from(await this.#background(req.camera, req.conditions, key));
    await paintOverlay(pixels, FRAME_WIDTH, req.conditions, key, req.tMs, req.clock ?? true);
    const image = sharp(pixels, {
      raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3 },
    });
    this.rendered++;
    return format === 'png'
      ? image.png({ compressionLevel: 6 }).toBuffer()
      : // Standard Huffman tables: optimising them is a second pass over every frame.
        image.jpeg({ quality: JPEG_QUALITY, mozjpeg: false, optimiseCoding: false }).toBuffer();
  }

  /** The frame as a file in the disk cache, rendered on first use; returns its path. */
  async file(req: FrameRequest, format: ImageFormat = 'jpeg'): Promise<string> {
    const dir = join(this.#cacheDir, safeName(req.camera.id));
    const path = join(
      dir,
      `${req.tMs}-${conditionsKey(req.conditions)}.${format === 'png' ? 'png' : 'jpg'}`,
    );
    if (await exists(path)) return path;
    const bytes = await this.render(req, format);
    await mkdir(dir, { recursive: true });
    // Written under a temporary name first so a concurrent reader never sees half a file.
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    return path;
  }

  #background(camera: FrameCamera, c: FrameConditions, key: number): Promise<Buffer> {
    const id = `${camera.id}|${conditionsKey(c)}`;
    let bg = this.#backgrounds.get(id);
    if (bg) {
      // Re-insert to keep the map in least-recently-used order.
      this.#backgrounds.delete(id);
      this.#backgrounds.set(id, bg);
      return bg;
    }
    bg = sharp(Buffer.from(backgroundSvg(camera, c, key)))
      .removeAlpha()
      .raw()
      .toBuffer();
    bg.catch(() => this.#backgrounds.delete(id));
    this.#backgrounds.set(id, bg);
    if (this.#backgrounds.size > BACKGROUNDS_KEPT)
      this.#backgrounds.delete(this.#backgrounds.keys().next().value!);
    return bg;
  }
}

/** Camera ids become directory names: keep them to a safe alphabet. */
export function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9_.-]/g, '_');
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
