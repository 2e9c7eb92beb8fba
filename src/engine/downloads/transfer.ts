/**
 * One file: fetch the signed URL (resuming with Range from the `.part` file), stream into the
 * `.part`, verify the length (and that the ETag did not change under a resume), flush, and
 * rename into place. The `.part` on disk is the truth about what was received: a crash loses
 * nothing that reached it, and the next run resumes from its size.
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { rename, truncate } from 'node:fs/promises';
import {
  finishedBeforeCrash,
  hashFile,
  hashInto,
  inDir,
  partOf,
  resolveName,
} from './part-files.ts';
import { dirname } from 'node:path';
import type { ApiClient } from '../api/client.ts';
import { ServiceError } from '../api/errors.ts';
import type { SignedStream } from '../api/requester.ts';
import { formatBytes } from '../../shared/format.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { BottleneckMeter } from './bottleneck.ts';
import type { DiskOps } from './disk.ts';
import { BodyWatch } from './body-watch.ts';
import { classify, DownloadFailure, outOfSpace, reasonOf } from './failures.ts';
import { isShortfall, type Claim, type FreeSpace } from './free-space.ts';
import type { SpeedLimiter } from './limiter.ts';
import { insideFolder } from './naming.ts';
import { describeTarget, goneWords, operationOf, type SignedUrls } from './signed-urls.ts';
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
  /**
   * A body that sends less than STALL_RATE bytes a second over this long (silent, or a
   * trickle) is abandoned and resumed (body-watch.ts).
   */
  stallMs: number;
  /** MB to leave free on the disk besides the files; null: 5% of the disk, at most 1 GB. */
  reserveMB: number | null;
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

export async function transfer(t: TransferContext): Promise<TransferResult> {
  const what = t.item.kind === 'recording' ? describeTarget(t.item) : t.item.name;
  // What the file still needs, for the words of a full disk met on the way.
  const left = { bytes: t.item.bytes_total ?? 0 };
  try {
    return await attempt(t, what, left);
  } catch (error) {
    if (t.signal.aborted) throw t.signal.reason;
    const failure = classify(error, what, t.batch.folder);
    if (failure.kind === 'disk-full' && !failure.shortfall) {
      // A write refused with ENOSPC or EDQUOT: said in figures, as a claim refused would be.
      const room = await t.space
        .room(t.batch.folder, t.reserveMB, 0)
        .catch(() => ({ free: 0, reserve: 0 }));
      const needed = left.bytes + room.reserve;
      throw outOfSpace(t.batch.folder, { ...room, free: Math.max(0, room.free), needed }, error);
    }
    throw t.item.kind === 'recording' ? failure : forImage(failure, error, goneWords(t.item, what));
  }
}

/** The recording-specific readings of 404 and 409 do not fit an image (a collection's, a preview). */
function forImage(failure: DownloadFailure, error: unknown, gone: Said): DownloadFailure {
  if (!(error instanceof ServiceError)) return failure;
  if (error.status === 404) return new DownloadFailure('permanent', gone);
  if (failure.kind === 'not-ready') return new DownloadFailure('transient', reasonOf(error));
  return failure;
}

async function attempt(
  t: TransferContext,
  what: string,
  left: { bytes: number },
): Promise<TransferResult> {
  const item = t.item;
  const finished = await finishedBeforeCrash(t.item, t.batch.folder);
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
    return await fetchInto(t, what, item, url, offset, stall, left);
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
  left: { bytes: number },
): Promise<TransferResult> {
  const signal = stall.signal;
  let response: SignedStream;
  try {
    response = await t.client.requester.streamSigned(
      operationOf(item),
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
      throw new DownloadFailure('transient', said('downloads.reason.changed', { what }));
    }
    throw error;
  }
  const body = response.body;
  let sha256: string;
  try {
    const got = readHeaders(response, offset, item);
    if (got === 'changed') {
      // The file changed on the service since the `.part` began (another ETag): start over.
      t.store.setHeaders(item.id, null, null, 0);
      throw new DownloadFailure('transient', said('downloads.reason.changed', { what }));
    }
    // A 200 to a range request carries the whole file: take it from the start.
    offset = got.offset;
    const total = got.total;
    if (!item.resolved) {
      const decision = resolveName(t.item, t.batch, total);
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
    left.bytes = total - offset;
    const claim = await claimSpace(t, total - offset);
    let written: number;
    try {
      const hash = createHash('sha256');
      if (offset > 0) {
        await truncate(part, offset);
        await hashInto(hash, part);
      }
      written = await stream(t, response, part, offset, total, hash, stall, claim, what);
      if (written !== total) {
        const reason = said('downloads.reason.shortBody', { what, written, total });
        throw new DownloadFailure('transient', reason);
      }
      left.bytes = 0;
      sha256 = hash.digest('hex');
    } catch (error) {
      if (error instanceof TooLong) {
        // What arrived may not be the file: none of it is kept.
        t.store.setHeaders(item.id, null, null, 0);
        await truncate(part, 0).catch(() => undefined);
      }
      throw error;
    } finally {
      claim.release();
    }
    // The length reached (asked for at the body's end) is in SQLite before the rename: a crash
    // between the two is recognised on the next run (finishedBeforeCrash).
    t.store.settle();
    await rename(part, target);
    return { bytesTotal: total, sha256, skipped: false };
  } finally {
    // Gives the connection up unless the body was read to the end (then it is reused).
    if (!body.complete) body.destroy();
  }
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
    throw new DownloadFailure('permanent', said('downloads.reason.noLength'));
  }
  return { total: r.contentLength, offset: 0 };
}

/** Claims room for the rest of the file, or pauses the batch in figures (free-space.ts). */
async function claimSpace(t: TransferContext, needed: number): Promise<Claim> {
  const got = await inDir(t.batch.folder, () => t.space.claim(t.batch.folder, needed, t.reserveMB));
  if (isShortfall(got)) throw outOfSpace(t.batch.folder, got);
  return got;
}

/** The body went past the length the service declared for the file. */
class TooLong extends DownloadFailure {
  constructor(what: string, total: number) {
    super('permanent', said('downloads.reason.tooLong', { size: formatBytes(total), what }));
  }
}

/** Streams the body into the `.part`, never past `total`; returns the file's size at the end. */
async function stream(
  t: TransferContext,
  response: SignedStream,
  part: string,
  offset: number,
  total: number,
  hash: Hash,
  stall: AbortController,
  claim: Claim,
  what: string,
): Promise<number> {
  const file = await inDir(dirname(part), () => t.disk.openPart(part, offset === 0));
  const body = response.body;
  let done = offset;
  const watch = new BodyWatch({
    stallMs: t.stallMs,
    space: t.space,
    reserveMB: t.reserveMB,
    folder: t.batch.folder,
    stall,
    claim,
  });
  try {
    // The bytes are lent by the connection: hashed where they are, then kept there by the
    // file's queue until written (`keep`; a copy when the connection cannot lend them).
    let waiting: Promise<unknown> | undefined;
    let failed: { error: unknown } | undefined;
    await body.pipe((lent, keep) => {
      // Bytes past the declared length are never written: the file is cut there.
      const chunk = done + lent.length > total ? lent.subarray(0, total - done) : lent;
      hash.update(chunk);
      const written = file.write(chunk, keep);
      done += chunk.length;
      claim.wrote(chunk.length);
      watch.arrived(chunk.length, total - done);
      t.onBytes(done, total);
      t.onChunk?.(chunk.length);
      if (chunk !== lent) {
        failed ??= { error: new TooLong(what, total) };
        throw failed.error;
      }
      const limited = t.limiter.limited ? t.limiter.take(chunk.length, t.signal) : null;
      if (!written && !limited) return true;
      // The disk or the speed limit asks to wait: the connection pauses until both agree.
      const pausedAt = performance.now();
      watch.hold(true);
      waiting = Promise.all([written, limited]).then(
        () => {
          watch.hold(false);
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
    if (done === total) {
      t.store.bodyEnded(t.item.id, done);
      t.onReceived?.();
    }
    await file.sync();
    return done;
  } catch (error) {
    if (stall.signal.aborted && !t.signal.aborted) throw stall.signal.reason;
    throw error;
  } finally {
    watch.close();
    await file.close();
  }
}
