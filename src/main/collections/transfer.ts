/**
 * One image of a kept collection onto disk, resumable: the body streams into `<file>.part`
 * (appending from its current size with an HTTP Range on a later try), the length is checked
 * against what the service announced, and only then is the file renamed into place. The
 * `.part` is the truth about what arrived: an interrupted sync loses nothing that reached it.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, open, rename, rm, truncate } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ApiClient } from '../api/client.ts';
import type { MediaResponse } from '../api/requester.ts';
import { partOf } from './files.ts';
import type { KeptImage, KeptStore } from './store.ts';

export interface ImageTransfer {
  client: ApiClient;
  store: KeptStore;
  collectionId: string;
  folder: string;
  image: KeptImage;
  signal?: AbortSignal | undefined;
  /** Bytes received over the network (tests check that a resume fetched only the rest). */
  onBytes?: (bytes: number) => void;
  /** A body silent this long is abandoned (the next sync resumes it); default 30 s. */
  stallMs?: number;
}

export async function fetchImage(t: ImageTransfer): Promise<void> {
  // The request's signal also ends its body: a stall aborts just this image.
  const stall = new AbortController();
  const signal = t.signal ? AbortSignal.any([t.signal, stall.signal]) : stall.signal;
  try {
    await attempt({ ...t, signal }, stall, t.stallMs ?? 30_000);
  } catch (error) {
    if (stall.signal.aborted && !t.signal?.aborted) throw stall.signal.reason;
    throw error;
  }
}

async function attempt(t: ImageTransfer, stall: AbortController, stallMs: number): Promise<void> {
  const target = join(t.folder, t.image.file);
  const part = partOf(target);
  await mkdir(dirname(target), { recursive: true });
  let offset = 0;
  if (t.image.size !== null && existsSync(part)) offset = statSync(part).size;
  if (t.image.size !== null && offset >= t.image.size) {
    // Every byte arrived before the interruption; only the rename was missing.
    if (offset === t.image.size) return finish(t, part, target);
    offset = 0;
  }
  let timer: NodeJS.Timeout | undefined;
  let response = await request(t, offset);
  let plan = rangePlan(response, offset, t.image);
  if (plan === 'restart') {
    await response.body.cancel().catch(() => undefined);
    response = await request(t, 0);
    plan = rangePlan(response, 0, t.image);
  }
  if (plan === 'restart') throw new Error(`${t.image.name}: the service refused to resume.`);
  const { start, total } = plan;
  const type = response.contentType ?? t.image.contentType;
  if (total !== null) t.store.setHeaders(t.collectionId, t.image.name, total, response.etag, type);
  if (start > 0) await truncate(part, start);
  else await rm(part, { force: true });
  let written: number;
  try {
    written = await append(part, start, response, t, () => {
      clearTimeout(timer);
      const why = `${t.image.name} stalled for ${stallMs / 1000} s; the next sync resumes it.`;
      timer = setTimeout(() => stall.abort(new Error(why)), stallMs);
    });
  } finally {
    clearTimeout(timer);
  }
  if (total === null) {
    // No length announced: nothing to verify against, so what arrived is the file.
    t.store.setHeaders(t.collectionId, t.image.name, written, response.etag, type);
  } else if (written !== total) {
    throw new Error(
      `${t.image.name} ended after ${written} of ${total} bytes; the next sync resumes it.`,
    );
  }
  await finish(t, part, target);
}

function request(t: ImageTransfer, offset: number): Promise<MediaResponse> {
  return t.client.collections.image(t.collectionId, t.image.name, {
    signal: t.signal,
    ...(offset > 0 ? { range: { start: offset } } : {}),
  });
}

async function finish(t: ImageTransfer, part: string, target: string): Promise<void> {
  await rename(part, target);
  t.store.markDone(t.collectionId, t.image.name);
}

/**
 * Where the body starts and how long the file is. A 206 must continue exactly where the
 * `.part` ends, for the same file (length and ETag); anything else starts over.
 */
function rangePlan(
  r: MediaResponse,
  offset: number,
  image: KeptImage,
): { start: number; total: number | null } | 'restart' {
  if (r.status === 206) {
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.contentRange ?? '');
    if (!m) return 'restart';
    const same =
      Number(m[1]) === offset &&
      Number(m[3]) === image.size &&
      (image.etag === null || r.etag === null || image.etag === r.etag);
    return same ? { start: offset, total: Number(m[3]) } : 'restart';
  }
  return { start: 0, total: r.contentLength };
}

/**
 * Appends the body to the `.part`, awaiting each write: whatever arrived before a failure is
 * on disk for the next try. Returns the file's size at the end.
 */
async function append(
  part: string,
  start: number,
  r: MediaResponse,
  t: ImageTransfer,
  alive: () => void,
) {
  const file = await open(part, start > 0 ? 'a' : 'w');
  let written = start;
  try {
    alive();
    for await (const chunk of r.body) {
      alive();
      t.signal?.throwIfAborted();
      await file.write(chunk);
      written += chunk.length;
      t.onBytes?.(chunk.length);
    }
    await file.sync();
    return written;
  } finally {
    await file.close();
    await r.body.cancel().catch(() => undefined);
  }
}
