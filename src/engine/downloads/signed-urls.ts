/**
 * Signed download URLs, kept while they are fresh: the service signs them for 15 minutes, so
 * one is reused for resumes and retries, and a new one is asked for when it is older than that
 * or when the signed host refuses it (403: expired by the service's clock). A recording file's
 * URL comes from /v1/recordings/ID.FORMAT, a kept collection image's from
 * [/v1]/collections/ID/images/NAME (the collections API's, under the prefix it learned), an
 * observation's preview from /v1/observations/ID/preview.
 */
import type { ApiClient } from '../api/client.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { ItemRow } from './rows.ts';

/** A little under the 15 minutes of the service, for clock skew. */
const FRESH_MS = 14 * 60_000;

/**
 * URLs kept at most: far more than the files running and warmed at once (16 + 8), so a resume
 * or retry finds its URL, while a batch of 100,000 files does not keep 100,000 URLs for 14
 * minutes each.
 */
export const URLS_KEPT = 1_000;

/** What names a file on the service: the item's kind and key columns. */
export type UrlTarget = Pick<
  ItemRow,
  'kind' | 'recording_id' | 'format' | 'collection_id' | 'image'
>;

/** "r1.mp4", or "image NAME of collection ID": for keys and messages. */
export function describeTarget(t: UrlTarget): string {
  if (t.kind === 'recording') return `${t.recording_id}.${t.format}`;
  if (t.kind === 'observation-preview') return `preview of observation ${t.image}`;
  return `image ${t.image} of collection ${t.collection_id}`;
}

/**
 * The request for the file, as the client names the call that signed its URL: "recording r1
 * mp4", "observation O1 preview", "image NAME".
 */
export function operationOf(t: UrlTarget): Said {
  if (t.kind === 'recording') {
    return said('api.op.recordingFile', { id: t.recording_id ?? '', format: t.format ?? '' });
  }
  return t.kind === 'observation-preview'
    ? said('media.what.preview', { id: t.image ?? '' })
    : said('api.op.image', { name: t.image ?? '' });
}

/** Why a file other than a recording is gone (the service answered 404). */
export function goneWords(t: UrlTarget, what: string): Said {
  return t.kind === 'observation-preview'
    ? said('downloads.reason.noPreview', { what })
    : said('downloads.reason.imageGone', { what });
}

export class SignedUrls {
  readonly #client: ApiClient;
  readonly #urls = new Map<string, { url: string; at: number }>();
  readonly #pending = new Map<string, Promise<string>>();
  /** How many fresh URLs were asked for (tests check that an expired one was replaced). */
  requested = 0;

  constructor(client: ApiClient) {
    this.#client = client;
  }

  async get(target: UrlTarget, signal?: AbortSignal): Promise<string> {
    const key = describeTarget(target);
    const kept = this.#urls.get(key);
    if (kept && Date.now() - kept.at < FRESH_MS) return kept.url;
    // One request per file even when a prefetch and the transfer ask at the same time.
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#ask(target, signal);
      this.#pending.set(key, pending);
      void pending.then(
        (url) => {
          this.requested++;
          this.#urls.delete(key);
          this.#urls.set(key, { url, at: Date.now() });
          // The oldest first (insertion order), whether stale or only old.
          for (const k of this.#urls.keys()) {
            if (this.#urls.size <= URLS_KEPT) break;
            this.#urls.delete(k);
          }
        },
        () => undefined,
      );
      void pending.finally(() => this.#pending.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  #ask(t: UrlTarget, signal?: AbortSignal): Promise<string> {
    if (t.kind === 'recording') {
      return this.#client.recordings.downloadUrl(t.recording_id!, t.format!, { signal });
    }
    if (t.kind === 'observation-preview') {
      return this.#client.observations.previewUrl(t.image!, { signal });
    }
    // Under the prefix the collections API learned for this service (with or without /v1).
    return this.#client.collections.imageUrl(t.collection_id!, t.image!, { signal });
  }

  /** Fetches a URL ahead of need; a failure here is met again, and reported, by the transfer. */
  warm(target: UrlTarget): void {
    const kept = this.#urls.get(describeTarget(target));
    if (kept && Date.now() - kept.at < FRESH_MS) return;
    if (this.#pending.size >= 8) return;
    this.get(target).catch(() => undefined);
  }

  forget(target: UrlTarget): void {
    this.#urls.delete(describeTarget(target));
  }

  /** URLs held now (tests). */
  get size(): number {
    return this.#urls.size;
  }
}
