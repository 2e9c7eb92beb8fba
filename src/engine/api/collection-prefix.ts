/**
 * The prefix of the collection image operations (Show Image, Add Image, Remove Image,
 * Preview, Empty, Destroy): the interface writes them as /collections/... and leaves /v1 open, so
 * a service may serve them under either. The first call finds out which, and it is
 * remembered (PrefixMemory: in memory, or per service in SQLite in the app).
 */
import { ServiceError } from './errors.ts';
import { segment } from './path.ts';

export type ImagesPrefix = '/v1' | '';

/** Where the prefix learned for this client's service is kept. */
export interface PrefixMemory {
  get(): ImagesPrefix | undefined;
  set(prefix: ImagesPrefix): void;
}

/** What tells a real 404 from a missing route when both prefixes answered 404. */
export interface PrefixProbes {
  /** The collection's Show (always /v1): its 404 when the collection is gone, else null. */
  collectionGone(id: string): Promise<ServiceError | null>;
  /** Resolves when the collection's Preview (a read) is served under `base`; throws when not. */
  previewServed(base: string, id: string): Promise<void>;
}

/** Tried first while nothing is known: the prefix of every other operation of the interface. */
const FIRST_GUESS: ImagesPrefix = '/v1';

class MemoryPrefix implements PrefixMemory {
  #prefix: ImagesPrefix | undefined;
  get() {
    return this.#prefix;
  }
  set(prefix: ImagesPrefix) {
    this.#prefix = prefix;
  }
}

/** 404 or 405: the operation may not be served under this prefix at all. */
function missedRoute(error: unknown): error is ServiceError {
  return error instanceof ServiceError && (error.status === 404 || error.status === 405);
}

/**
 * An answer only a served route gives (a request refused for its content): the prefix is
 * right. Statuses a proxy, the sign-in or a throttle may give prove nothing.
 */
function provesRoute(error: unknown): boolean {
  return (
    error instanceof ServiceError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 404, 405, 407, 408, 429].includes(error.status)
  );
}

const collectionBase = (prefix: ImagesPrefix, id: string): string =>
  `${prefix}/collections/${segment(id, 'collectionId')}`;

export class PrefixFinder {
  readonly #probes: PrefixProbes;
  #memory: PrefixMemory = new MemoryPrefix();
  /** The call finding the prefix out; others wait for it rather than guess too. */
  #learning: Promise<unknown> | undefined;

  constructor(probes: PrefixProbes) {
    this.#probes = probes;
  }

  get known(): ImagesPrefix | undefined {
    return this.#memory.get();
  }

  /** Keeps what is learned in `memory` (and what was learned before it). */
  rememberIn(memory: PrefixMemory): void {
    const known = this.#memory.get();
    if (memory.get() === undefined && known !== undefined) memory.set(known);
    this.#memory = memory;
  }

  /**
   * Runs an image operation of collection `id` under the prefix learned for the service, or
   * the first guess while none is; `run` gets the collection's base path. A 404 or 405 may
   * only mean "not under this prefix": the other one is tried once (a route that is not
   * served carried nothing out, so repeating a write there is safe), and whichever is served
   * is remembered.
   */
  async run<T>(id: string, run: (base: string) => Promise<T>): Promise<T> {
    while (this.#memory.get() === undefined && this.#learning) {
      await this.#learning.catch(() => undefined);
    }
    const known = this.#memory.get();
    const attempt = this.#attempt(id, known ?? FIRST_GUESS, run);
    if (known !== undefined) return attempt;
    this.#learning = attempt;
    try {
      return await attempt;
    } finally {
      if (this.#learning === attempt) this.#learning = undefined;
    }
  }

  async #attempt<T>(id: string, first: ImagesPrefix, run: (base: string) => Promise<T>) {
    const second: ImagesPrefix = first === '/v1' ? '' : '/v1';
    let missed: ServiceError;
    try {
      return this.#learned(first, await run(collectionBase(first, id)));
    } catch (error) {
      if (!missedRoute(error)) throw this.#learned(first, error, provesRoute(error));
      missed = error;
    }
    try {
      return this.#learned(second, await run(collectionBase(second, id)));
    } catch (error) {
      if (!missedRoute(error)) throw this.#learned(second, error, provesRoute(error));
      throw await this.#realMiss(id, [first, missed], [second, error]);
    }
  }

  /** Remembers `prefix` when `proves` (by default: the call succeeded); passes `value` on. */
  #learned<V>(prefix: ImagesPrefix, value: V, proves = true): V {
    if (proves && this.#memory.get() !== prefix) this.#memory.set(prefix);
    return value;
  }

  /**
   * Both prefixes answered 404 or 405: one is the service's real answer (a collection or an
   * image that is not there), the other a route it does not serve. A 405 is a route served
   * for other methods; between two 404s, the collection's Show tells whether the collection
   * is gone, else its Preview under the first prefix tells which prefix is served.
   */
  async #realMiss(
    id: string,
    [first, firstError]: [ImagesPrefix, ServiceError],
    [second, secondError]: [ImagesPrefix, ServiceError],
  ): Promise<ServiceError> {
    if (firstError.status !== secondError.status) {
      return firstError.status === 405
        ? this.#learned(second, secondError)
        : this.#learned(first, firstError);
    }
    try {
      const gone = await this.#probes.collectionGone(id);
      if (gone) return gone;
    } catch {
      return firstError;
    }
    try {
      await this.#probes.previewServed(collectionBase(first, id), id);
      return this.#learned(first, firstError);
    } catch (error) {
      return missedRoute(error) ? this.#learned(second, secondError) : firstError;
    }
  }
}
