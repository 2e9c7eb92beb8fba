/**
 * While the download engine has work (a batch being filled by a query's pages, or files
 * transferring), V8's old generation may grow by OLD_GROWTH_PERCENT over what its last full
 * collection kept, where V8 alone allows up to four times it on a heap as small as the engine's.
 *
 * Why: what a long queueing leaves (each search page's text, the recordings parsed from it that
 * outlived a scavenge while the next pages were in flight, the Buffers of their bodies) is
 * garbage the young generation has promoted, which only a full collection frees. With V8's own
 * factor the old generation grew from 13 to 30 MB before its next full collection while 50,000
 * recordings were queued, and the process's peak RSS with it (bench:queue: 163 MB at 50,000
 * against 144 MB at 10,000): the longer the queueing, the more of that garbage the peak holds.
 * Held, full collections come when the old generation has grown by that share (and at least
 * V8's own minimum step of a few MB) over what is alive: more of them, each short on a heap
 * of a few tens of MB, most of its marking done on V8's own threads.
 *
 * Why setting it while the process runs is safe: `--heap-growing-percent` is read each time V8
 * computes the old generation's next limit (after a full collection; see V8's
 * MemoryController::GrowingFactor), never when the heap is made, so it takes effect at the next
 * full collection and changes only when collections happen, never what they keep. It is V8's,
 * process-wide: the desktop app's main process, the CLI and browser mode's host each run one
 * engine; the app's renderers are processes of their own and keep V8's own growth. When the
 * engine has nothing to do V8's own factor is restored (0: V8 chooses), so that other work of
 * the process (a snapshot of every observation parsed at once) grows its heap as V8 would.
 */
import { setFlagsFromString } from 'node:v8';

/** How much the old generation may grow over what a full collection kept while files run. */
export const OLD_GROWTH_PERCENT = 30;

let held = false;

/** Holds the old generation's growth while `busy`, gives V8 its own back after; cheap. */
export function holdOldGeneration(busy: boolean): void {
  if (busy === held) return;
  held = busy;
  setFlagsFromString(`--heap-growing-percent=${busy ? OLD_GROWTH_PERCENT : 0}`);
}
