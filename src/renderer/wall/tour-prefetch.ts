/**
 * Loading a toured camera's live image before the tour switches to it: the same request a tile
 * makes (still.ts: bounded in time and size), then a check that the bytes are a whole image, so
 * an error answer, a cut-off JPEG or a timeout makes the tour skip the camera instead of showing
 * a broken tile for a whole dwell.
 */
import { mediaUrl } from '../lib/media.ts';
import type { Prepared } from './tour-schedule.ts';
import { imageIsWhole } from './image-check.ts';
import { fetchStill } from './still.ts';
import { reasonWords } from './tile-reason.ts';

/** Loads one camera's live image; ok when it arrived whole and the browser can decode it. */
export async function prefetchCamera(cameraId: string, signal: AbortSignal): Promise<Prepared> {
  const result = await fetchStill(mediaUrl(`cameras/${encodeURIComponent(cameraId)}/live`), signal);
  if (!result.ok) {
    // The media request's own words (the service's, or still.ts's), in the language when drawn.
    const reason = result.reason;
    return { ok: false, reason: { kind: 'refused', words: () => reasonWords(reason) } };
  }
  try {
    const blob = result.still.blob;
    if (!imageIsWhole(new Uint8Array(await blob.arrayBuffer()))) {
      return { ok: false, reason: { kind: 'cutOff' } };
    }
    if (typeof createImageBitmap === 'function') (await createImageBitmap(blob)).close();
    return { ok: true };
  } catch (error) {
    // The browser's own words for why it cannot decode the image.
    return { ok: false, reason: { kind: 'undecodable', detail: (error as Error).message } };
  } finally {
    URL.revokeObjectURL(result.still.src);
  }
}

/** What the tour loads before a step shows: one camera's image, or a page's. */
export function loadTourStep(ids: string[], signal: AbortSignal): Promise<Prepared> {
  return ids.length === 1 ? prefetchCamera(ids[0]!, signal) : prefetchPage(ids, signal);
}

/** A page is shown when at least one of its cameras loads; the others show their own state. */
export async function prefetchPage(ids: readonly string[], signal: AbortSignal): Promise<Prepared> {
  const results = await Promise.all(ids.map((id) => prefetchCamera(id, signal)));
  if (results.some((r) => r.ok)) return { ok: true };
  const first = results[0];
  return { ok: false, reason: first && !first.ok ? first.reason : { kind: 'emptyPage' } };
}
