/**
 * Deterministic randomness for the synthetic world. Everything the world contains is a pure
 * function of the seed and of stable keys (camera index, time slot, epoch), so the same seed
 * gives the same world whatever order it is generated in, and a restart that catches up
 * produces exactly what an uninterrupted run would have.
 */

/** 32-bit hash of integers (murmur3-style mixing). */
export function hash(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const key of keys) {
    let k = Math.imul(key | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
    // Large keys (epoch seconds) keep their high bits too.
    const high = Math.floor(key / 4294967296);
    if (high !== 0) h ^= Math.imul(high, 0x85ebca6b);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A float in [0, 1) from integer keys. */
export function unit(...keys: number[]): number {
  return hash(...keys) / 4294967296;
}

/** Stable small integer for a string (for hashing names into keys). */
export function stringKey(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface Rng {
  next(): number;
  int(n: number): number;
  range(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32 stream seeded from integer keys. */
export function rng(...keys: number[]): Rng {
  let a = hash(...keys);
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    range: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/** Short lowercase base-36 id of a fixed length from integer keys. */
export function idFrom(length: number, ...keys: number[]): string {
  let out = '';
  let i = 0;
  while (out.length < length)
    out += hash(...keys, i++)
      .toString(36)
      .padStart(6, '0')
      .slice(0, 6);
  return out.slice(0, length);
}
