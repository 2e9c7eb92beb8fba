/**
 * What the Node references of `npm run bench:downloads` (downloads-bare.ts, downloads-raw.ts)
 * share: their command line, OUT_DIR URLS_FILE [plain|hash|fsync|durable|durable-pool], where
 * URLS_FILE holds one
 * "URL<TAB>file name" per line; and their measure: 4 lanes taking the next file until none is
 * left, timed, printed as {"wallMs", "cpuMs"} on one line.
 */
import { mkdirSync, readFileSync } from 'node:fs';

export function referenceArgs(): {
  outDir: string;
  files: [string, string][];
  /** Each file hashed (SHA-256) as it comes (`hash`, `durable`). */
  hash: boolean;
  /** Each file flushed (fsync) before its rename (`fsync`, `durable`, `durable-pool`). */
  flush: boolean;
  /** The writes go through libuv's thread pool, never blocking the thread (`durable-pool`). */
  pool: boolean;
} {
  const [outDir, urlsFile, mode = 'plain'] = process.argv.slice(2);
  if (!['plain', 'hash', 'fsync', 'durable', 'durable-pool'].includes(mode))
    throw new Error(`mode ${mode}: expected plain, hash, fsync, durable or durable-pool`);
  mkdirSync(outDir!, { recursive: true });
  const files = readFileSync(urlsFile!, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t') as [string, string]);
  return {
    outDir: outDir!,
    files,
    hash: mode === 'hash' || mode.startsWith('durable'),
    flush: mode === 'fsync' || mode.startsWith('durable'),
    pool: mode === 'durable-pool',
  };
}

/** Fetches the files on 4 lanes, each taking the next one until none is left, then `settle`s. */
export async function measure(
  files: [string, string][],
  fetchOne: (lane: number, url: string, name: string) => Promise<void>,
  settle: () => Promise<unknown> = () => Promise.resolve(),
): Promise<void> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      while (next < files.length) {
        const [url, name] = files[next++]!;
        await fetchOne(lane, url, name);
      }
    }),
  );
  await settle();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const [userMs, systemMs] = [cpu.user / 1000, cpu.system / 1000];
  process.stdout.write(
    `${JSON.stringify({ wallMs, cpuMs: userMs + systemMs, userMs, systemMs })}\n`,
  );
}
