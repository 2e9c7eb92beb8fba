/**
 * The files of a transfer on disk: the `.part` beside the final name, the folders made for
 * them (again, if someone removed one), the hash of what a `.part` holds, the name a file takes
 * beside existing ones, and a file a crash left finished.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { alternativeName, insideFolder } from './naming.ts';
import type { BatchRow, ItemRow } from './rows.ts';

export const partOf = (path: string) => `${path}.part`;

/** Folders made by this process: a mkdir (or a look) per file is measurable with hundreds. */
const madeDirs = new Set<string>();
async function ensureDir(dir: string): Promise<void> {
  if (madeDirs.has(dir)) return;
  await mkdir(dir, { recursive: true });
  madeDirs.add(dir);
}

/** Runs `use` in `dir`, making the folder again if someone removed it since it was made. */
export async function inDir<T>(dir: string, use: () => Promise<T>): Promise<T> {
  await ensureDir(dir);
  try {
    return await use();
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    madeDirs.delete(dir);
    await ensureDir(dir);
    return use();
  }
}

export async function hashInto(hash: Hash, path: string): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await hashInto(hash, path);
  return hash.digest('hex');
}

/** Applies the existing-file policy once: the name the file will have, or skip it. */
export function resolveName(
  item: Pick<ItemRow, 'name'>,
  batch: Pick<BatchRow, 'folder' | 'existing'>,
  total: number,
): { skip: boolean; path: string; name: string } {
  let name = item.name;
  const path = insideFolder(batch.folder, name);
  if (existsSync(path)) {
    const sameSize = statSync(path).size === total;
    if (batch.existing === 'skip' && sameSize) return { skip: true, path, name };
    if (batch.existing !== 'overwrite') {
      for (let n = 2; ; n++) {
        name = alternativeName(item.name, n);
        const candidate = insideFolder(batch.folder, name);
        if (!existsSync(candidate) && !existsSync(partOf(candidate))) break;
      }
    }
  }
  return { skip: false, path: insideFolder(batch.folder, name), name };
}

/** A crash between the rename and the database write left a complete file and no `.part`. */
export async function finishedBeforeCrash(
  i: ItemRow,
  folder: string,
): Promise<{ bytesTotal: number; sha256: string; skipped: false } | undefined> {
  if (!i.resolved || i.bytes_total === null || i.bytes_done !== i.bytes_total) return undefined;
  const target = insideFolder(folder, i.name);
  if (existsSync(partOf(target)) || !existsSync(target)) return undefined;
  if (statSync(target).size !== i.bytes_total) return undefined;
  return { bytesTotal: i.bytes_total, sha256: await hashFile(target), skipped: false };
}
