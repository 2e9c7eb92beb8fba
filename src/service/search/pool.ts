/**
 * A pool of search workers (search-worker.ts), each with its own read-only connection to the
 * service database. better-sqlite3 is synchronous, so on the main thread one search at a time
 * holds the whole service; with the pool, searches run on every core while the main thread
 * keeps parsing requests, answering from the response cache, and writing the world.
 *
 * A search in a worker sees exactly what the main thread committed before sending it (WAL
 * readers start a new snapshot per statement), so answers are those of the main thread. If a
 * worker cannot start or dies, its searches, and later ones, run on the main thread instead.
 */
import { Worker } from 'node:worker_threads';
import { RequestError } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';

export interface SearchJob {
  id: number;
  /** the collection path, a key of SEARCHES (registry.ts) */
  base: string;
  params: ParamBag;
  nowS: number;
}

export type SearchReply =
  | { id: number; text: string }
  | { id: number; apiError: ConstructorParameters<typeof RequestError> }
  /** an unexpected error: a 500, as on the main thread */
  | { id: number; failure: string };

interface Pending {
  resolve: (text: string) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The worker is gone (not the search's fault): the caller runs the search itself. */
export class WorkerGone extends Error {}

export class SearchPool {
  readonly #slots: Slot[] = [];
  readonly #log: (line: string) => void;
  readonly ready: Promise<void>;
  #next = 0;
  #closed = false;

  constructor(file: string, size: number, log: (line: string) => void) {
    this.#log = log;
    const online: Promise<void>[] = [];
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./search-worker.ts', import.meta.url), {
        workerData: { file },
      });
      worker.unref();
      const slot: Slot = { worker, pending: new Map() };
      this.#slots.push(slot);
      online.push(
        new Promise<void>((resolve) => {
          worker.once('online', resolve);
          worker.once('exit', () => resolve());
        }),
      );
      worker.on('message', (m: SearchReply) => this.#settle(slot, m));
      worker.on('error', (e) => this.#drop(slot, e));
      worker.on('exit', (code) => this.#drop(slot, new Error(`exited with code ${code}`)));
    }
    this.ready = Promise.all(online).then(() => log(`${this.#slots.length} search workers ready`));
  }

  /** Workers still running. */
  get size(): number {
    return this.#slots.length;
  }

  /** The search's JSON text; rejects with its RequestError, or WorkerGone when no worker can run it. */
  run(base: string, params: ParamBag, nowS: number): Promise<string> {
    // The least busy worker: searches differ a lot in cost.
    let slot: Slot | undefined;
    for (const s of this.#slots) if (!slot || s.pending.size < slot.pending.size) slot = s;
    if (!slot || this.#closed) return Promise.reject(new WorkerGone('no search worker'));
    const id = this.#next++;
    const chosen = slot;
    return new Promise<string>((resolve, reject) => {
      chosen.pending.set(id, { resolve, reject });
      const request: SearchJob = { id, base, params, nowS };
      chosen.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const slots = this.#slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
    for (const s of slots) for (const p of s.pending.values()) p.reject(new WorkerGone('closed'));
  }

  #settle(slot: Slot, m: SearchReply): void {
    const p = slot.pending.get(m.id);
    if (!p) return;
    slot.pending.delete(m.id);
    if ('text' in m) p.resolve(m.text);
    else if ('apiError' in m) p.reject(new RequestError(...m.apiError));
    else p.reject(new Error(`search worker: ${m.failure}`));
  }

  #drop(slot: Slot, e: Error): void {
    const i = this.#slots.indexOf(slot);
    if (i < 0) return;
    this.#slots.splice(i, 1);
    if (!this.#closed)
      this.#log(`search worker stopped (${e.message}); its searches run on the main thread`);
    for (const p of slot.pending.values()) p.reject(new WorkerGone(e.message));
    slot.pending.clear();
  }
}
