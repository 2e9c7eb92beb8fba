/**
 * Fixtures of the download tests: the embedded service with recordings made for the test
 * (short ones, so that building them is quick), the sha256 of every file as the service serves
 * it, and a DownloadManager on a fresh database with fast retries.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RecordingFormat } from '../../src/shared/api/index.ts';
import type { BatchFinished } from '../../src/shared/ipc/downloads.ts';
import type { ApiClient } from '../../src/engine/api/index.ts';
import { openDatabase, type Db } from '../../src/engine/db/database.ts';
import { DownloadManager, type ManagerOptions } from '../../src/engine/downloads/manager.ts';
import { demoClient, NOW, startTestService, type TestService } from './api.ts';
import { tempDir } from './core.ts';

export { demoClient, NOW, startTestService, tempDir, type TestService };

/**
 * Creates `count` recordings of `durationS` seconds (one image a second) on different cameras,
 * from archived imagery, and waits until the service has built them.
 */
export async function makeRecordings(
  service: TestService,
  client: ApiClient,
  count: number,
  durationS: number,
): Promise<string[]> {
  const cameras = await client.cameras.search({ limit: count, sort: 'city' });
  const start = new Date(Date.parse(NOW) - 40 * 60_000).toISOString();
  const ids: string[] = [];
  for (const camera of cameras.features) {
    const { recording_id } = await client.recordings.create({
      camera_id: camera.id,
      start,
      duration: durationS,
    });
    ids.push(recording_id);
  }
  await service.control.recordingsIdle();
  return ids;
}

/** The sha256 of each file as the service serves it, fetched directly (no faults). */
export async function expectedHashes(
  client: ApiClient,
  ids: readonly string[],
  formats: readonly RecordingFormat[],
): Promise<Map<string, { sha256: string; size: number }>> {
  const out = new Map<string, { sha256: string; size: number }>();
  for (const id of ids) {
    for (const format of formats) {
      const media = await client.recordings.download(id, format);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of media.body) {
        hash.update(chunk);
        size += chunk.length;
      }
      out.set(`${id}.${format}`, { sha256: hash.digest('hex'), size });
    }
  }
  return out;
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Every file under a folder, relative, sorted. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(dir, full).replace(/\\/g, '/'));
    }
  };
  walk(dir);
  return out.sort();
}

export function sizeOf(path: string): number {
  return statSync(path).size;
}

export interface TestManager {
  manager: DownloadManager;
  db: Db;
  dir: string;
  folder: string;
  finished: BatchFinished[];
  updates: number;
  /** Resolves when the batch is announced finished. */
  whenFinished(batchId: number, timeoutMs?: number): Promise<BatchFinished>;
  stop(): Promise<void>;
}

export function startManager(
  client: ApiClient,
  options: Partial<ManagerOptions> = {},
  given: {
    downloadConcurrency: number;
    speedLimitKBps: number;
    downloadReserveMB?: number | null;
    downloadStallSeconds?: number;
  } = {
    downloadConcurrency: 3,
    speedLimitKBps: 0,
  },
): TestManager {
  const dir = tempDir('roadcam-dl-');
  const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
  const finished: BatchFinished[] = [];
  const waiters: (() => void)[] = [];
  const t: TestManager = {
    manager: undefined as unknown as DownloadManager,
    db,
    dir: dir.path,
    folder: join(dir.path, 'out'),
    finished,
    updates: 0,
    whenFinished(batchId, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`batch ${batchId} did not finish in ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          const hit = finished.find((f) => f.batchId === batchId);
          if (!hit) return waiters.push(check);
          clearTimeout(timer);
          resolve(hit);
        };
        check();
      });
    },
    async stop() {
      await t.manager.close();
      db.close();
      dir.remove();
    },
  };
  t.manager = new DownloadManager({
    db,
    client,
    service: 'test',
    dataDir: dir.path,
    // No reserve unless a test asks: the temporary folders are on whatever disk the machine has.
    settings: () => ({ downloadReserveMB: 0, ...given }),
    stallMs: 1_000,
    retryDelayMs: { base: 20, max: 200 },
    waitDelayMs: { base: 100, max: 400 },
    progressIntervalMs: 100,
    onUpdate: () => t.updates++,
    onBatchFinished: (e) => {
      finished.push(e);
      waiters.splice(0).forEach((w) => w());
    },
    ...options,
  }).start();
  return t;
}
