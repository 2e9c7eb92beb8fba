/**
 * A download engine at work allocates fast and keeps a little of it alive across each collection
 * (the transfers in flight, their answers, their rows). V8 doubles its young generation whenever
 * the bytes that survived since its last growth pass its size, and gives it back only when told
 * to reduce memory: over a long batch it grows from 16 MB to 64 MB and more, so the process's
 * peak RSS grows with the batch's length rather than its work (bench:queue: 180 MB at 10,000
 * files, 310 MB at 50,000; the young generation alone was 64 MB of it).
 *
 * So while files finish, the young generation may grow to about YOUNG_MB and no further: more,
 * smaller scavenges (about a millisecond each) and a flat peak. Not smaller than that: a young
 * generation of 1 or 2 MB (where an idle process may have shrunk it) would promote what a batch
 * keeps briefly into the old generation and pay for it in full collections. V8 reads the growth
 * factor at each collection, so setting it while the process runs takes effect (unlike the
 * sizes, read once when the heap is made); it is V8's, process-wide: the desktop app's main
 * process, the CLI and browser mode's host each run one engine.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The young generation's size (both halves) it is held at (V8 may add a few pages of its own). */
export const YOUNG_MB = 16;
/** V8's own growth factor, restored below the size. */
const V8_GROWTH = 2;

let factor = V8_GROWTH;

/** Lets the young generation grow while a doubling stays within YOUNG_MB, then holds it; cheap. */
export function holdYoungGeneration(): void {
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  if (!young) return; // a V8 whose spaces are named otherwise: nothing to hold
  // Held once its next growth would pass the size: V8's sizes are not all powers of two.
  const wanted = young.space_size * V8_GROWTH > YOUNG_MB * 1024 * 1024 ? 1 : V8_GROWTH;
  if (wanted === factor) return;
  factor = wanted;
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
}
