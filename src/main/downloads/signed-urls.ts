/**
 * Signed download URLs, kept while they are fresh: the service signs them for 15 minutes, so
 * one is reused for resumes and retries, and a new one is asked for when it is older than that
 * or when the signed host refuses it (403: expired by the service's clock).
 */
import type { RecordingFormat } from '../../shared/api/index.ts';
import type { ApiClient } from '../api/client.ts';

/** A little under the 15 minutes of the service, for clock skew. */
const FRESH_MS = 14 * 60_000;

export class SignedUrls {
  readonly #client: ApiClient;
  readonly #urls = new Map<string, { url: string; at: number }>();
  readonly #pending = new Map<string, Promise<string>>();
  /** How many fresh URLs were asked for (tests check that an expired one was replaced). */
  requested = 0;

  constructor(client: ApiClient) {
    this.#client = client;
  }

  async get(recordingId: string, format: RecordingFormat, signal?: AbortSignal): Promise<string> {
    const key = `${recordingId}.${format}`;
    const kept = this.#urls.get(key);
    if (kept && Date.now() - kept.at < FRESH_MS) return kept.url;
    // One request per file even when a prefetch and the transfer ask at the same time.
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#client.recordings.downloadUrl(recordingId, format, { signal });
      this.#pending.set(key, pending);
      void pending.then(
        (url) => {
          this.requested++;
          this.#urls.set(key, { url, at: Date.now() });
        },
        () => undefined,
      );
      void pending.finally(() => this.#pending.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  /** Fetches a URL ahead of need; a failure here is met again, and reported, by the transfer. */
  warm(recordingId: string, format: RecordingFormat): void {
    const kept = this.#urls.get(`${recordingId}.${format}`);
    if (kept && Date.now() - kept.at < FRESH_MS) return;
    if (this.#pending.size >= 8) return;
    this.get(recordingId, format).catch(() => undefined);
  }

  forget(recordingId: string, format: RecordingFormat): void {
    this.#urls.delete(`${recordingId}.${format}`);
  }
}
