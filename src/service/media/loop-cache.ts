/**
 * The loops of live-loop.ts on disk, encoded on first use, kept across restarts and capped in
 * number: past the cap the least recently used loop no stream holds is deleted. A loop that
 * a stream serves is never deleted under it; while every loop is held the cap is exceeded
 * until one is released.
 */
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { isFile } from './live-encoder.ts';
import { encodeLoop, LOOP_SEGMENTS, loopFileName, type LoopLook } from './live-loop.ts';

/** Loops encoded at once: the machine's other work (a wall's page, say) keeps its cores. */
const ENCODES_AT_ONCE = 2;

/** A loop a stream serves: its folder, and the release that lets the cache evict it. */
export interface HeldLoop {
  dir: string;
  release(): void;
}

export class LoopCache {
  readonly #dir: string;
  readonly #maxLoops: number;
  readonly #loops = new Map<string, Promise<string>>();
  /** Loops on disk by key, with the rank of their last use (higher: more recent). */
  readonly #used = new Map<string, number>();
  readonly #holds = new Map<string, number>();
  readonly #waiting: (() => void)[] = [];
  /** Loops being deleted: a new hold of one waits, then encodes it again. */
  readonly #removing = new Map<string, Promise<void>>();
  #uses = 0;
  #encoding = 0;
  /** Loops of earlier runs, found on disk once (oldest first), before the first eviction. */
  #found: Promise<void> | undefined;
  encoded = 0;
  evicted = 0;

  constructor(dir: string, maxLoops: number) {
    this.#dir = dir;
    this.#maxLoops = maxLoops;
  }

  /** The look's loop, encoded unless on disk, held until released (the stream's stop). */
  async hold(look: LoopLook): Promise<HeldLoop> {
    const key = look.key;
    this.#holds.set(key, (this.#holds.get(key) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.#holds.get(key) ?? 1) - 1;
      if (left > 0) this.#holds.set(key, left);
      else this.#holds.delete(key);
    };
    try {
      const dir = await this.#loop(look);
      this.#used.set(key, ++this.#uses);
      // The folder's time is its last use, so that a restart evicts in the same order.
      const now = new Date();
      await utimes(dir, now, now).catch(() => undefined);
      await this.#evict();
      return { dir, release };
    } catch (err) {
      release();
      throw err;
    }
  }

  /** Loops on disk (those of earlier runs once an eviction has looked for them). */
  get count(): number {
    return this.#used.size;
  }

  #loop(look: LoopLook): Promise<string> {
    let loop = this.#loops.get(look.key);
    if (!loop) {
      loop = this.#ensure(look);
      loop.catch(() => this.#loops.delete(look.key));
      this.#loops.set(look.key, loop);
    }
    return loop;
  }

  async #ensure(look: LoopLook): Promise<string> {
    const dir = join(this.#dir, look.key);
    await this.#removing.get(look.key);
    if (await isFile(join(dir, loopFileName(LOOP_SEGMENTS - 1)))) return dir;
    await this.#turn();
    try {
      const tmp = `${dir}.${process.pid}.tmp`;
      await rm(tmp, { recursive: true, force: true });
      await mkdir(tmp, { recursive: true });
      await encodeLoop(tmp, look);
      await rm(dir, { recursive: true, force: true });
      await rename(tmp, dir);
      this.encoded++;
      return dir;
    } finally {
      this.#encoding--;
      this.#waiting.shift()?.();
    }
  }

  async #turn(): Promise<void> {
    if (this.#encoding >= ENCODES_AT_ONCE) await new Promise<void>((r) => this.#waiting.push(r));
    this.#encoding++;
  }

  /** Deletes the least recently used loops no stream holds, down to the cap. */
  async #evict(): Promise<void> {
    await (this.#found ??= this.#findEarlier());
    while (this.#used.size > this.#maxLoops) {
      let oldest: string | undefined;
      for (const [key, rank] of this.#used) {
        if (this.#holds.has(key)) continue;
        if (oldest === undefined || rank < this.#used.get(oldest)!) oldest = key;
      }
      if (oldest === undefined) return; // every loop is held: the cap waits for a release
      this.#used.delete(oldest);
      this.#loops.delete(oldest);
      this.evicted++;
      const removed = rm(join(this.#dir, oldest), { recursive: true, force: true });
      this.#removing.set(oldest, removed);
      await removed.finally(() => this.#removing.delete(oldest));
    }
  }

  /** Loops left by earlier runs, ranked below this run's by their folders' times. */
  async #findEarlier(): Promise<void> {
    const names = await readdir(this.#dir).catch(() => [] as string[]);
    const earlier = names.filter((n) => !n.endsWith('.tmp') && !this.#used.has(n));
    const times = await Promise.all(
      earlier.map((n) =>
        stat(join(this.#dir, n)).then(
          (s) => s.mtimeMs,
          () => undefined,
        ),
      ),
    );
    const found = earlier
      .map((name, i) => ({ name, t: times[i] }))
      .filter((f): f is { name: string; t: number } => f.t !== undefined)
      .sort((a, b) => a.t - b.t);
    // Ranks below zero: older than anything this run has used.
    found.forEach((f, i) => this.#used.set(f.name, i - found.length));
  }
}
