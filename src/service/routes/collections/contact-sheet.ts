/**
 * A collection's Preview: a contact sheet of its first nine images (name order) in a 3x3
 * grid, 640x360. Stored under a name derived from the images it shows, so it is rendered
 * once per distinct content and the signed URL stays valid while the collection changes.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { ServiceContext } from '../../context.ts';
import { FRAME_HEIGHT, FRAME_WIDTH } from '../../media/scene.ts';
import { parseFrameName } from '../../media/image-names.ts';
import { mediaOf } from '../../media/services.ts';

const GRID = 3;
const CELL_W = Math.floor(FRAME_WIDTH / GRID);
const CELL_H = Math.floor(FRAME_HEIGHT / GRID);

async function cell(s: ServiceContext, name: string): Promise<Buffer | undefined> {
  const m = mediaOf(s);
  const frame = parseFrameName(name);
  const camera = frame && m.world.camera(frame.cameraId);
  if (!frame || !camera) return undefined;
  return sharp(await m.frameFile(camera, frame.tMs))
    .resize(CELL_W - 2, CELL_H - 2)
    .toBuffer();
}

/** Renders (or finds) the sheet; returns its file name under media/sheets. */
export async function contactSheet(s: ServiceContext, collection: number): Promise<string> {
  const names = s.world.db
    .prepare('SELECT name FROM collection_images WHERE collection = ? ORDER BY name LIMIT ?')
    .pluck()
    .all(collection, GRID * GRID) as string[];
  const file = `${createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 32)}.jpg`;
  const dir = join(mediaOf(s).dir, 'sheets');
  const path = join(dir, file);
  if (existsSync(path)) return file;
  const cells = await Promise.all(names.map((n) => cell(s, n)));
  const overlays: OverlayOptions[] = cells.flatMap((input, i) =>
    input ? [{ input, left: (i % GRID) * CELL_W + 1, top: Math.floor(i / GRID) * CELL_H + 1 }] : [],
  );
  if (names.length === 0) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}"><text x="50%" y="50%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#9aa3ab">No images yet</text></svg>`;
    overlays.push({ input: Buffer.from(svg), left: 0, top: 0 });
  }
  const jpeg = await sharp({
    create: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3, background: '#20242a' },
  })
    .composite(overlays)
    .jpeg({ quality: 80 })
    .toBuffer();
  await mkdir(dir, { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, jpeg);
  await rename(tmp, path);
  return file;
}
