/**
 * A still camera's live image, fetched by the tile itself so that it can read when the image was
 * taken: the answer's Last-Modified (the service's, passed on by the media route). Bounded in
 * time and size like every answer. A failure's reason is kept as what it means (tile-reason.ts),
 * worded when drawn.
 */
import { said } from '../../shared/i18n/translator.ts';
import { mediaReason, type TileReason } from './tile-reason.ts';

export interface Still {
  /** An object URL of the image; the tile revokes it when it shows the next. */
  src: string;
  /** The image itself (the page's CSP lets no fetch read `src` back; a tour checks the bytes). */
  blob: Blob;
  /** When the camera took it (Last-Modified), or null: the service did not say. */
  takenAt: number | null;
  fetchedAt: number;
  /** The media route served the last copy kept, because the service cannot be reached. */
  offline: boolean;
}

export type StillResult =
  { ok: true; still: Still } | { ok: false; status: number; reason: TileReason };

/** A camera image larger than this is not one (the service's are tens of kilobytes). */
export const MAX_STILL_BYTES = 32 * 1024 * 1024;
export const STILL_TIMEOUT_MS = 20_000;

/** An image older than this is stale: road cameras send one every minute or few. */
export function staleAfterMs(refreshSeconds: number): number {
  return Math.max(5 * 60_000, 3 * refreshSeconds * 1000);
}

export async function fetchStill(url: string, signal: AbortSignal): Promise<StillResult> {
  const timeout = AbortSignal.timeout(STILL_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', signal: AbortSignal.any([signal, timeout]) });
  } catch (error) {
    const reason = timeout.aborted
      ? said('wall.reason.timeout', { seconds: STILL_TIMEOUT_MS / 1000 })
      : said('wall.reason.noAnswer', { reason: (error as Error).message });
    return { ok: false, status: 0, reason };
  }
  if (!response.ok) {
    return { ok: false, status: response.status, reason: await mediaReason(response) };
  }
  const type = response.headers.get('Content-Type') ?? '';
  const length = Number(response.headers.get('Content-Length') ?? 0);
  if (!type.startsWith('image/') || length > MAX_STILL_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    const reason = type.startsWith('image/')
      ? said('wall.reason.tooLarge', { megabytes: Math.round(length / 1e6) })
      : said('wall.reason.notImage', { type });
    return { ok: false, status: 502, reason };
  }
  const blob = await response.blob().catch(() => null);
  if (!blob || blob.size > MAX_STILL_BYTES) {
    return { ok: false, status: 502, reason: said('wall.reason.broken') };
  }
  const fetchedAt = Date.now();
  return {
    ok: true,
    still: {
      src: URL.createObjectURL(blob),
      blob,
      takenAt: takenAt(response.headers.get('Last-Modified'), fetchedAt),
      fetchedAt,
      offline: response.headers.get('X-Roadcam-Offline') === '1',
    },
  };
}

/** Last-Modified as epoch ms; never later than the fetch (a camera clock ahead of ours). */
export function takenAt(header: string | null, fetchedAt: number): number | null {
  const t = header === null ? Number.NaN : Date.parse(header);
  return Number.isFinite(t) ? Math.min(t, fetchedAt) : null;
}
