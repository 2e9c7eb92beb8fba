/**
 * A rerun checks the files an earlier run completed: one the user deleted, truncated or
 * replaced since is fetched again, so that "run it again" always ends with the dataset whole
 * and every manifest row true to its file.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hashFile } from '../downloads/part-files.ts';
import type { ItemRow } from '../downloads/rows.ts';

type Completed = Pick<ItemRow, 'id' | 'state' | 'name' | 'bytes_total' | 'sha256'>;

/** The ids of the completed items whose file is missing, or differs in size or SHA-256. */
export async function changedFiles(folder: string, items: readonly Completed[]): Promise<number[]> {
  const changed: number[] = [];
  // One file at a time: a rerun of 20,000 images reads them in turn, never all at once.
  for (const item of items) {
    if (item.state !== 'completed') continue;
    if (!(await sameFile(join(folder, item.name), item))) changed.push(item.id);
  }
  return changed;
}

async function sameFile(path: string, item: Completed): Promise<boolean> {
  const size = await stat(path).then(
    (info) => (info.isFile() ? info.size : null),
    () => null,
  );
  if (size === null) return false;
  if (item.bytes_total !== null && size !== item.bytes_total) return false;
  return item.sha256 === null || (await hashFile(path).catch(() => null)) === item.sha256;
}
