/**
 * Thumbnails of collection images, made in the main process with sharp (libvips) so the grid
 * never loads full frames to scale them in the page. The media resolver caches them on disk.
 */
import sharp from 'sharp';

export async function makeThumbnail(path: string, width: number): Promise<Buffer> {
  return sharp(path, { failOn: 'none' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .jpeg({ quality: 78 })
    .toBuffer();
}
