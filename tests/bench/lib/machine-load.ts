/**
 * The machine's load, said the same way by every benchmark. Figures for docs/benchmarks.md come
 * from quiet runs only: a run that starts or ends above a one-minute load average of 2 (on these
 * 2-core machines, another job's worth of work) is marked noisy in its own output, so that a
 * figure copied from it says so.
 */
import { cpus, loadavg } from 'node:os';

/** Above this one-minute load average a run is noisy: its figures are not for the page. */
const QUIET_LOAD = 2;

/** The one-, five- and fifteen-minute load averages, rounded to a tenth. */
function loadNow(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

/**
 * Watches the load from a benchmark's start to its end; `line()` says both and whether the run
 * was quiet (the higher of the two one-minute figures decides).
 */
export class MachineLoad {
  private readonly atStart = loadavg()[0]!;
  private readonly startText = loadNow();

  /** True while neither the start nor now is above the quiet mark. */
  get quiet(): boolean {
    return Math.max(this.atStart, loadavg()[0]!) <= QUIET_LOAD;
  }

  /** "load average 0.8 1.1 1.3 at the start, 1.2 1.0 1.3 at the end (2 cores): quiet" or noisy. */
  line(): string {
    const verdict = this.quiet
      ? 'quiet'
      : `NOISY (one-minute load above ${QUIET_LOAD}): figures not for docs/benchmarks.md`;
    return `load average ${this.startText} at the start, ${loadNow()} at the end (${cpus().length} cores): ${verdict}`;
  }
}

/** "1.07 x the durable floor (target <= 1.05): met" — a ratio with its mark, said in words. */
export function ratioLine(what: string, value: number, floor: number, target: number): string {
  const ratio = value / floor;
  const met = ratio <= target ? 'met' : 'NOT met';
  return `${what}: ${ratio.toFixed(2)} x (target <= ${target.toFixed(2)} x): ${met}`;
}
