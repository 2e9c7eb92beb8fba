/**
 * One file: fetch the signed URL (resuming with Range from the `.part` file), stream into the
 * `.part`, verify the length (and that the ETag did not change under a resume), flush, and
 * rename into place. The `.part` on disk is the truth about what was received: a crash loses
 * nothing that reached it, and the next run resumes from its size.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdir, rename, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ApiClient } from '../api/client.ts';
import { ServiceError } from '../api/errors.ts';
import type { SignedStream } from '../api/requester.ts';
import { formatBytes } from '../../shared/format.ts';
import type { BottleneckMeter } from './bottleneck.ts';
import type { DiskOps, FreeSpace } from './disk.ts';
import { classify, DownloadFailure, StallError } from './failures.ts';
import type { SpeedLimiter } from './limiter.ts';
import { alternativeName, insideFolder } from './naming.ts';
import { describeTarget, type SignedUrls } from './signed-urls.ts';
import type { BatchRow, ItemRow } from './rows.ts';
import type { DownloadQueueStore } from './store.ts';

export interface TransferContext {
  item: ItemRow;
  batch: BatchRow;
  client: ApiClient;
  urls: SignedUrls;
  store: DownloadQueueStore;
  limiter: SpeedLimiter;
  disk: DiskOps;
  /** The folders' free space, shared by the transfers of one manager. */
  space: FreeSpace;
  /** Pause or cancel. */
  signal: AbortSignal;
  /** A body silent for this long is abandoned and resumed. */
  stallMs: number;
  /** Space to leave free on the disk besides the file. */
  reserveBytes: number;
  /** Called for every chunk written: the manager's progress counters. */
  onBytes(bytesDone: number, bytesTotal: number | null): void;
  /** Bytes of one chunk as they arrive from the network (listeners of the batch). */
  onChunk?: (bytes: number) => void;
  /** The whole body arrived: what is left (flush, rename) no longer uses the network. */
  onReceived?: () => void;
  /** Told how long the transfer paused for the disk or the speed limit (bottleneck.ts). */
  meter?: BottleneckMeter;
}

export interface TransferResult {
  bytesTotal: number;
  sha256: string;
  /** The file existed with the same size and was kept (skip policy). */
  skipped: boolean;
}

const partOf = (path: string) => `${path}.part`;

/** Folders made by this process: a mkdir (or a look) per file is measurable with hundreds. */
const madeDirs = new Set<string>();
async function ensureDir(dir: string): Promise<void> {
  if (madeDirs.has(dir)) return;
  await mkdir(dir, { recursive: true });
  madeDirs.add(dir);
}

/** Runs `use` in `dir`, making the folder again if someone removed it since it was made. */
async function inDir<T>(dir: string, use: () => Promise<T>): Promise<T> {
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

export async function transfer(t: TransferContext): Promise<TransferResult> {
  const what = t.item.kind === 'recording' ? describeTarget(t.item) : t.item.name;
  try {
    return await attempt(t, what);
  } catch (error) {
    if (t.signal.aborted) throw t.signal.reason;
    const failure = classify(error, what, t.batch.folder);
    throw t.item.kind === 'recording' ? failure : forImage(failure, error, what);
  }
}

/** The recording-specific readings of 404 and 409 do not fit an image of a collection. */
function forImage(failure: DownloadFailure, error: unknown, what: string): DownloadFailure {
  if (!(error instanceof ServiceError)) return failure;
  if (error.status === 404) {
    return new DownloadFailure(
      'permanent',
      `${what} is no longer in the collection on the service; the next sync drops it.`,
    );
  }
  if (failure.kind === 'not-ready') return new DownloadFailure('transient', error.message);
  return failure;
}

async function attempt(t: TransferContext, what: string): Promise<TransferResult> {
  const item = t.item;
  const finished = await finishedBeforeCrash(t);
  if (finished) return finished;

  let offset = 0;
  if (item.resolved && item.bytes_total !== null) {
    const part = partOf(insideFolder(t.batch.folder, item.name));
    if (existsSync(part)) offset = Math.min(statSync(part).size, item.bytes_total);
  }
  if (offset > 0 && offset === item.bytes_total) {
    // Killed after the last byte reached the `.part` but before the rename: finish from disk.
    const target = insideFolder(t.batch.folder, item.name);
    const sha256 = await hashFile(partOf(target));
    t.store.saveProgress(new Map([[item.id, offset]]));
    await rename(partOf(target), target);
    return { bytesTotal: offset, sha256, skipped: false };
  }
  const url = await t.urls.get(item, t.signal);
  // A stall aborts only this request; a pause or cancel aborts it through t.signal too (linked
  // by hand: AbortSignal.any costs more than the rest of a small file's bookkeeping).
  t.signal.throwIfAborted();
  const stall = new AbortController();
  const follow = () => stall.abort(t.signal.reason);
  t.signal.addEventListener('abort', follow, { once: true });
  try {
    return await fetchInto(t, what, item, url, offset, stall);
  } finally {
    t.signal.removeEventListener('abort', follow);
  }
}

/** Asks for the file (from `offset`) and streams it into its `.part`, then into place. */
async function fetchInto(
  t: TransferContext,
  what: string,
  item: ItemRow,
  url: string,
  offset: number,
  stall: AbortController,
): Promise<TransferResult> {
  const signal = stall.signal;
  let response: SignedStream;
  try {
    response = await t.client.requester.streamSigned(
      item.kind === 'recording' ? `recording ${what}` : `image ${item.image}`,
      url,
      offset > 0 ? { start: offset } : undefined,
      signal,
    );
  } catch (error) {
    if (classify(error, what, t.batch.folder).kind === 'expired') {
      t.urls.forget(item);
    }
    if (error instanceof ServiceError && error.status === 416) {
      // The `.part` does not fit the file any more: start it again.
      t.store.setHeaders(item.id, null, null, 0);
      throw new DownloadFailure('transient', `${what} changed on the service; starting again.`);
    }
    throw error;
  }
  const body = response.body;
  try {
    const got = readHeaders(response, offset, item);
    if (got === 'changed') {
      // The file changed on the service since the `.part` began (another ETag): start over.
      t.store.setHeaders(item.id, null, null, 0);
      throw new DownloadFailure('transient', `${what} changed on the service; starting again.`);
    }
    // A 200 to a range request carries the whole file: take it from the start.
    offset = got.offset;
    const total = got.total;
    if (!item.resolved) {
      const decision = resolveName(t, total);
      if (decision.skip) {
        body.destroy();
        return { bytesTotal: total, sha256: await hashFile(decision.path), skipped: true };
      }
      t.store.resolve(item.id, decision.name, total, response.etag);
      item = { ...item, name: decision.name, resolved: 1 };
    } else {
      t.store.setHeaders(item.id, total, response.etag, offset);
    }
    const target = insideFolder(t.batch.folder, item.name);
    const part = partOf(target);
    await checkSpace(t, total - offset, what);
    const hash = createHash('sha256');
    if (offset > 0) {
      await truncate(part, offset);
      await hashInto(hash, part);
    }
    const written = await stream(t, response, part, offset, total, hash, stall);
    if (written !== total) {
      throw new DownloadFailure(
        'transient',
        `${what} ended after ${written} of ${total} bytes; resuming.`,
      );
    }
    // Recorded before the rename: a crash between the two is recognised on the next run.
    t.store.saveProgress(new Map([[item.id, total]]));
    await rename(part, target);
    return { bytesTotal: total, sha256: hash.digest('hex'), skipped: false };
  } finally {
    // Gives the connection up unless the body was read to the end (then it is reused).
    if (!body.complete) body.destroy();
  }
}

/** A crash between the rename and the database write left a complete file and no `.part`. */
async function finishedBeforeCrash(t: TransferContext): Promise<TransferResult | undefined> {
  const i = t.item;
  if (!i.resolved || i.bytes_total === null || i.bytes_done !== i.bytes_total) return undefined;
  const target = insideFolder(t.batch.folder, i.name);
  if (existsSync(partOf(target)) || !existsSync(target)) return undefined;
  if (statSync(target).size !== i.bytes_total) return undefined;
  return { bytesTotal: i.bytes_total, sha256: await hashFile(target), skipped: false };
}

function readHeaders(
  r: SignedStream,
  offset: number,
  item: ItemRow,
): { total: number; offset: number } | 'changed' {
  if (r.status === 206) {
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.contentRange ?? '');
    const total = m ? Number(m[3]) : NaN;
    const sameFile =
      m !== null &&
      Number(m[1]) === offset &&
      total === item.bytes_total &&
      (item.etag === null || r.etag === null || r.etag === item.etag);
    return sameFile ? { total, offset } : 'changed';
  }
  if (r.contentLength === null) {
    throw new DownloadFailure(
      'permanent',
      'The service sent the file without a length, so it cannot be verified.',
    );
  }
  return { total: r.contentLength, offset: 0 };
}

/** Applies the existing-file policy once: the name the file will have, or skip it. */
function resolveName(
  t: TransferContext,
  total: number,
): { skip: boolean; path: string; name: string } {
  const { item, batch } = t;
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

async function checkSpace(t: TransferContext, needed: number, what: string): Promise<void> {
  const free = await inDir(t.batch.folder, () =>
    t.space.before(t.batch.folder, needed, t.reserveBytes),
  );
  if (free < needed + t.reserveBytes) {
    throw new DownloadFailure(
      'disk-full',
      `Not enough space for ${what} in ${t.batch.folder}: it needs ${formatBytes(needed)} and ${formatBytes(free)} are free. Free some space, then resume the batch.`,
    );
  }
}

/** Streams the body into the `.part`; returns the file's size at the end. */
async function stream(
  t: TransferContext,
  response: SignedStream,
  part: string,
  offset: number,
  total: number,
  hash: Hash,
  stall: AbortController,
): Promise<number> {
  const file = await inDir(dirname(part), () => t.disk.openPart(part, offset === 0));
  const body = response.body;
  let done = offset;
  // One timer, pushed back by each chunk (refresh() reuses it: no new timer per chunk).
  const timer = setTimeout(() => stall.abort(new StallError(t.stallMs)), t.stallMs);
  try {
    // The bytes are lent by the connection: the hash and the file's queue copy what they need.
    let waiting: Promise<unknown> | undefined;
    let failed: { error: unknown } | undefined;
    await body.pipe((chunk) => {
      timer.refresh();
      hash.update(chunk);
      const written = file.write(chunk);
      done += chunk.length;
      t.onBytes(done, total);
      t.onChunk?.(chunk.length);
      const limited = t.limiter.limited ? t.limiter.take(chunk.length, t.signal) : null;
      if (!written && !limited) return true;
      // The disk or the speed limit asks to wait: the connection pauses until both agree.
      const pausedAt = performance.now();
      waiting = Promise.all([written, limited]).then(
        () => {
          t.meter?.waited(limited ? 'speed limit' : 'disk', performance.now() - pausedAt);
          body.resume();
        },
        (error: unknown) => {
          failed ??= { error };
          body.destroy(error as Error);
        },
      );
      return false;
    });
    // The last chunk's write may still be under way (and fail) after the body's end.
    await waiting;
    if (failed) throw failed.error;
    if (done === total) t.onReceived?.();
    await file.sync();
    return done;
  } catch (error) {
    if (stall.signal.aborted && !t.signal.aborted) throw stall.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    await file.close();
  }
}

async function hashInto(hash: Hash, path: string): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await hashInto(hash, path);
  return hash.digest('hex');
}
