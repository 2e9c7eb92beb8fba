import { readable } from './field-rules.ts';
import { failureWords } from './notice.ts';
import { t } from './words.svelte.ts';

/**
 * Words an operation keeps: made when drawn (`() => t(...)`), so a failure already shown follows a
 * change of language. A string is for words that are not ours (a browser's, a service's).
 */
export type Words = string | (() => string);

/** Why an operation failed: its words, or the failure caught (read with failureWords when drawn). */
export type Why = Words | Error;

/**
 * What a view shows while it asks the main process for something: whether it is busy, what went
 * wrong (in the main process's words), and how far a long operation got. One instance per form
 * or button group; `run` is the only way in, so busy is never left set after a failure.
 *
 * The one way for a view's loading state: every call whose busy or error a view shows goes
 * through an Operation (held by the view's state class, or by the component for a one-off form),
 * `latest` where a newer ask replaces an older one still under way (a search, a slider, the thing
 * a panel is open on), `cancel` when what was asked for is gone. A panel that shows one answer
 * keeps it with its Operation in a `Latest` (map/panels/latest.svelte.ts). No hand-rolled
 * `loading`, `error` or "stale" flags beside it.
 */
export class Operation {
  busy = $state(false);
  /** The number of the newest `latest` run: an older one's answer comes too late to count. */
  #newest = 0;
  /** What went wrong, kept as words made when drawn (never a finished sentence). */
  #failed = $state<(() => string) | null>(null);
  /** Items done of total, for operations that report progress (null total: not known yet). */
  done = $state(0);
  total = $state<number | null>(null);

  /**
   * What went wrong, in the language in force now: read by the views as they draw, so an error
   * already shown follows a change of language.
   */
  get error(): string | null {
    return this.#failed?.() ?? null;
  }

  /** Only cleared from outside (a view starting again); a failure is set through `fail`. */
  set error(_: null) {
    this.#failed = null;
  }

  /**
   * Runs `work`; resolves with its answer, or undefined when it failed: then `error` says why,
   * after `failure` when given ("Could not list the collections: …").
   */
  async run<T>(work: () => Promise<T>, failure?: Words): Promise<T | undefined> {
    this.busy = true;
    this.#failed = null;
    try {
      return await work();
    } catch (e) {
      this.fail(e as Why, failure);
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  /**
   * Runs `work` for a list the user can ask for again before the last answer (typing a
   * filter): only the newest run counts. An older one resolves undefined and leaves busy and
   * error to the newest. The error of the last answer stays while the next is asked for (the
   * list it explains is still shown), and goes with the next answer.
   */
  async latest<T>(work: () => Promise<T>, failure?: Words): Promise<T | undefined> {
    const run = ++this.#newest;
    this.busy = true;
    try {
      const answer = await work();
      if (run !== this.#newest) return undefined;
      this.#failed = null;
      return answer;
    } catch (e) {
      if (run === this.#newest) this.fail(e as Why, failure);
      return undefined;
    } finally {
      if (run === this.#newest) this.busy = false;
    }
  }

  /** Forgets the `latest` runs under way (what they were asked for is gone): their answers come too late. */
  cancel(): void {
    this.#newest++;
    this.busy = false;
  }

  /**
   * A failure: one found by the view itself (a field left empty: `() => t(...)`), or one caught
   * (the core's words re-read in the language drawn), shown as a refused call would be. A
   * contract's refusal never shows its insides (the fields' own words say what to fix).
   */
  fail(why: Why, failure?: Words): void {
    const reason = typeof why === 'function' ? why : failureWords(why);
    const said = failure === undefined ? undefined : lazy(failure);
    this.#failed = () =>
      said
        ? t('common.failure', { failure: said(), reason: readable(reason()) })
        : readable(reason());
  }

  progress(done: number, total: number | null): void {
    this.done = done;
    this.total = total;
  }
}

function lazy(words: Words): () => string {
  return typeof words === 'string' ? () => words : words;
}
