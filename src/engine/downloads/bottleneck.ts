/**
 * What holds the downloads back now: the network (or the service behind it), the disk, or the
 * user's speed limit. Each transfer says how long it paused for the disk's write queue or for
 * the speed limit; the rest of its time it waited for bytes. Counters only: nothing per chunk.
 */
import type { DownloadLimit } from '../../shared/ipc/downloads.ts';

/** A share of the transfers' time above which a pause names the bottleneck. */
const NAMES_IT = 0.3;

export class BottleneckMeter {
  #disk = 0;
  #limit = 0;
  #since = performance.now();
  #last: DownloadLimit | null = null;

  /** A transfer waited `ms` for the disk or the speed limit. */
  waited(kind: 'disk' | 'speed limit', ms: number): void {
    if (kind === 'disk') this.#disk += ms;
    else this.#limit += ms;
  }

  /**
   * What held `running` transfers since the last sample (null: none ran). Samples closer than
   * a second give the previous answer: too little time to tell.
   */
  sample(running: number): DownloadLimit | null {
    const now = performance.now();
    const spent = (now - this.#since) * running;
    if (running === 0) {
      this.#reset(now);
      return (this.#last = null);
    }
    if (now - this.#since < 1_000) return this.#last;
    const limit = this.#limit / spent;
    const disk = this.#disk / spent;
    this.#last = limit > NAMES_IT ? 'speed limit' : disk > NAMES_IT ? 'disk' : 'network';
    this.#reset(now);
    return this.#last;
  }

  #reset(now: number): void {
    this.#since = now;
    this.#disk = 0;
    this.#limit = 0;
  }
}
