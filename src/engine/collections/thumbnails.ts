/**
 * Thumbnails of collection images, made in the main process with sharp (libvips) so the grid
 * never loads full frames to scale them in the page. The media resolver caches them on disk.
 */
// Loaded on the first thumbnail, not with the core: libvips costs a CLI start ~50 ms of CPU.
const loadSharp = () => import('sharp').then((m) => m.default);

export async function makeThumbnail(path: string, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(path, { failOn: 'none' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .jpeg({ quality: 78 })
    .toBuffer();
}
