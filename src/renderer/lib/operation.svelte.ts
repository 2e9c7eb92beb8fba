import { readable } from './field-rules.ts';
import { t } from './words.svelte.ts';

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
  error = $state<string | null>(null);
  /** Items done of total, for operations that report progress (null total: not known yet). */
  done = $state(0);
  total = $state<number | null>(null);

  /**
   * Runs `work`; resolves with its answer, or undefined when it failed: then `error` says why,
   * after `failure` when given ("Could not list the collections: …").
   */
  async run<T>(work: () => Promise<T>, failure?: string): Promise<T | undefined> {
    this.busy = true;
    this.error = null;
    try {
      return await work();
    } catch (e) {
      this.fail((e as Error).message, failure);
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
  async latest<T>(work: () => Promise<T>, failure?: string): Promise<T | undefined> {
    const run = ++this.#newest;
    this.busy = true;
    try {
      const answer = await work();
      if (run !== this.#newest) return undefined;
      this.error = null;
      return answer;
    } catch (e) {
      if (run === this.#newest) this.fail((e as Error).message, failure);
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
   * A failure found by the view itself (a field left empty), shown as a refused call would be.
   * A contract's refusal never shows its insides (the fields' own words say what to fix).
   */
  fail(message: string, failure?: string): void {
    const reason = readable(message);
    this.error = failure ? t('common.failure', { failure, reason }) : reason;
  }

  progress(done: number, total: number | null): void {
    this.done = done;
    this.total = total;
  }
}
