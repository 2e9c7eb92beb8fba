import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** The newest crash dumps that go into a diagnostics zip: a few, and a bounded size. */
export const CRASH_DUMPS_KEPT = 3;
export const CRASH_DUMPS_BYTES = 20 * 1024 * 1024;

/** Where the desktop app's crash reporter keeps its minidumps (crash.ts sets it). */
export function crashDumpsDir(dataDir: string): string {
  return join(dataDir, 'crashes');
}

export interface CrashDump {
  path: string;
  /** Unique in the zip: the dump's own name (Crashpad names them by a UUID). */
  name: string;
  bytes: number;
  modifiedMs: number;
}

/**
 * The newest `.dmp` files under `dir` (Crashpad keeps them in `completed/`, `pending/`...),
 * newest first, at most CRASH_DUMPS_KEPT and CRASH_DUMPS_BYTES in all; a dump alone larger
 * than the bound is left out.
 */
export async function newestDumps(
  dir: string,
  kept = CRASH_DUMPS_KEPT,
  maxBytes = CRASH_DUMPS_BYTES,
): Promise<CrashDump[]> {
  const found: CrashDump[] = [];
  for (const path of await dumpPaths(dir, 3)) {
    const info = await stat(path).catch(() => null);
    if (info?.isFile()) {
      found.push({ path, name: basename(path), bytes: info.size, modifiedMs: info.mtimeMs });
    }
  }
  found.sort((a, b) => b.modifiedMs - a.modifiedMs);
  const chosen: CrashDump[] = [];
  let total = 0;
  for (const dump of found) {
    if (chosen.length >= kept) break;
    if (total + dump.bytes > maxBytes) continue;
    chosen.push(dump);
    total += dump.bytes;
  }
  return chosen;
}

async function dumpPaths(dir: string, depth: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const paths: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isFile() && entry.name.endsWith('.dmp')) paths.push(path);
    else if (entry.isDirectory() && depth > 1) paths.push(...(await dumpPaths(path, depth - 1)));
  }
  return paths;
}
