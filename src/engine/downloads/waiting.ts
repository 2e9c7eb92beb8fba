/**
 * Items whose recording is still `submitted`: the service builds it after its stop time. Each
 * such recording is looked at (once for all its formats) with a growing delay until it is
 * complete (its items are queued) or failed (they fail with the reason).
 */
import type { RecordingProperties } from '../../shared/api/index.ts';
import type { ApiClient } from '../api/client.ts';
import { ServiceError } from '../api/errors.ts';
import { backoff } from '../api/http.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import { reasonOf } from './failures.ts';
import type { ItemRow } from './rows.ts';
import type { DownloadQueueStore } from './store.ts';

export interface WaitingOptions {
  delay: { base: number; max: number };
  /**
   * How long past its stop time or its creation, whichever is later (on the service's clock), a
   * recording may still be in the making before its items fail, saying so: a service that
   * never finishes one must not hold its batch open for ever.
   */
  limitMs: number;
  changed(itemId: number, batchId: number): void;
  log?: ((line: string) => void) | undefined;
}

interface WaitOutcome {
  state: 'queued' | 'waiting' | 'failed';
  message: Said | null;
}

export class WaitingRecordings {
  readonly #client: ApiClient;
  readonly #store: DownloadQueueStore;
  readonly #o: WaitingOptions;
  readonly #inFlight = new Set<string>();

  constructor(client: ApiClient, store: DownloadQueueStore, options: WaitingOptions) {
    this.#client = client;
    this.#store = store;
    this.#o = options;
  }

  /** Starts a look at every recording that is due; returns at once. */
  poll(service: string, now: number): void {
    const due = new Map<string, ItemRow[]>();
    for (const item of this.#store.dueWaiting(service, now)) {
      // Only recordings wait (for the service to make them); collection images never do.
      const id = item.recording_id;
      if (id === null || this.#inFlight.has(id)) continue;
      due.set(id, [...(due.get(id) ?? []), item]);
    }
    for (const [recordingId, items] of due) {
      this.#inFlight.add(recordingId);
      void this.#look(recordingId, items).finally(() => this.#inFlight.delete(recordingId));
    }
  }

  /**
   * Waits on, or gives up once the service is far past the recording's stop time, or past its
   * creation for a period already over when it was asked for (the service builds it then).
   */
  #unfinished(recordingId: string, p: RecordingProperties): WaitOutcome {
    const due = Math.max(Date.parse(p.stop ?? ''), Date.parse(p.created_at ?? ''));
    const late = Number.isFinite(due) ? this.#client.serviceNow() - due : 0;
    if (late > this.#o.limitMs) {
      const minutes = Math.round(late / 60_000);
      return {
        state: 'failed',
        message: said('downloads.reason.overdue', { id: recordingId, minutes, stop: p.stop ?? '' }),
      };
    }
    return {
      state: 'waiting',
      message: said('downloads.reason.stillMaking', { id: recordingId, stop: p.stop ?? '' }),
    };
  }

  async #look(recordingId: string, items: ItemRow[]): Promise<void> {
    let outcome: WaitOutcome;
    try {
      const recording = await this.#client.recordings.show(recordingId);
      const status = recording.properties.status;
      outcome =
        status === 'complete'
          ? { state: 'queued', message: null }
          : status === 'failed'
            ? {
                state: 'failed',
                message: said('downloads.reason.recordingFailed', { id: recordingId }),
              }
            : this.#unfinished(recordingId, recording.properties);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) {
        outcome = {
          state: 'failed',
          message: said('downloads.reason.recordingGone', { id: recordingId }),
        };
      } else {
        this.#o.log?.(
          `downloads: looking at recording ${recordingId}: ${(error as Error).message}`,
        );
        outcome = { state: 'waiting', message: reasonOf(error) };
      }
    }
    if (!this.#store.open) return;
    for (const item of items) {
      // Paused or canceled meanwhile: leave it.
      if (this.#store.item(item.id)?.state !== 'waiting') continue;
      const polls = item.attempts + 1;
      const policy = {
        baseDelayMs: this.#o.delay.base,
        maxDelayMs: this.#o.delay.max,
        attempts: 0,
        maxRetryAfterMs: 0,
      };
      this.#store.setState(item.id, outcome.state, {
        message: outcome.message,
        attempts: outcome.state === 'waiting' ? polls : 0,
        notBefore: outcome.state === 'waiting' ? Date.now() + backoff(polls, policy) : 0,
      });
      this.#o.changed(item.id, item.batch_id);
    }
  }
}
