/**
 * A collection image decoded into a bitmap the page owns, instead of an `<img>`: Chromium keeps
 * every image an `<img>` decoded in a cache of its own (discardable memory the page cannot ask
 * back), which grew the renderer by ~0.9 MB a frame viewed, to ~470 MB. A bitmap is decoded off
 * the page's thread (createImageBitmap), shown without a copy (a `bitmaprenderer` canvas) and
 * freed the moment its cell or frame leaves. Bounded in time and size like every answer.
 */
import { t } from '../lib/words.svelte.ts';
import { WordedError } from '../lib/notice.ts';

/** A collection image larger than this is not one (frames are tens to hundreds of kilobytes). */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 30_000;

/**
 * Fetches and decodes `url`; when `width` is given and the image is wider, the bitmap is made
 * `width` pixels wide (its height in proportion): a grid cell holds no more than it shows.
 * Rejects with a sentence saying what went wrong.
 */
export async function decodeImage(
  url: string,
  signal: AbortSignal,
  width?: number,
): Promise<ImageBitmap> {
  const timeout = AbortSignal.timeout(IMAGE_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.any([signal, timeout]) });
  } catch (error) {
    const reason = (error as Error).message;
    const timedOut = timeout.aborted;
    throw new WordedError(
      () =>
        timedOut
          ? t('collections.image.timeout', { seconds: IMAGE_TIMEOUT_MS / 1000 })
          : t('collections.image.noServer', { reason }),
      { cause: error },
    );
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).trim().split('\n')[0]!.slice(0, 300);
    const status = String(response.status);
    throw new WordedError(() => text || t('collections.image.http', { status }));
  }
  const length = Number(response.headers.get('Content-Length') ?? 0);
  if (length > MAX_IMAGE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    const size = Math.round(length / 1e6);
    throw new WordedError(() => t('collections.image.large', { size }));
  }
  const blob = await response.blob();
  try {
    return await fitted(await createImageBitmap(blob), width);
  } catch (error) {
    const reason = (error as Error).message;
    throw new WordedError(() => t('collections.image.broken', { reason }), { cause: error });
  }
}

/** The bitmap at most `width` pixels wide; the larger one is freed at once. */
async function fitted(bitmap: ImageBitmap, width: number | undefined): Promise<ImageBitmap> {
  if (width === undefined || bitmap.width <= width) return bitmap;
  try {
    return await createImageBitmap(bitmap, { resizeWidth: width, resizeQuality: 'medium' });
  } finally {
    bitmap.close();
  }
}

/** The pixels a box of `cssWidth` needs on this screen (its device pixel ratio), at least 1. */
export function devicePixels(cssWidth: number, ratio = globalThis.devicePixelRatio || 1): number {
  return Math.max(1, Math.ceil(cssWidth * ratio));
}
