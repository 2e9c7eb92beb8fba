/**
 * Housekeeping of a kept collection's folder, done by each sync before it fetches: files named
 * by an older version move to their names of today, and files that belong to no image go.
 */
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { partOf } from '../downloads/part-files.ts';
import type { KeptImage, KeptStore } from './store.ts';

/** Files named before image files were hashed take their new names (migration 0590). */
export async function moveOldFiles(kept: KeptStore, id: string, folder: string): Promise<void> {
  for (const image of kept.images(id)) {
    if (image.movedFrom === null) continue;
    const from = join(folder, image.movedFrom);
    const found = await rename(from, join(folder, image.file)).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw new Error(
          `Could not rename ${from} to ${image.file} (${error.message}); check the folder's permissions, then sync again.`,
        );
      },
    );
    kept.moved(id, image.name, found);
  }
}

/**
 * Deletes every file of the folder that is no image's file or `.part`: images gone from the
 * service, and files an older version named differently (whose bytes may be another image's).
 */
export async function removeStrayFiles(
  folder: string,
  images: readonly KeptImage[],
): Promise<void> {
  const wanted = new Set(images.flatMap((image) => [image.file, partOf(image.file)]));
  const entries = await readdir(folder, { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries) {
    if (entry.isFile() && !wanted.has(entry.name))
      await rm(join(folder, entry.name), { force: true });
  }
}
