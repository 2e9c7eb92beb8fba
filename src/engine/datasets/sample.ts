/**
 * Seeded choices that do not depend on the order the service answers in: each item gets a
 * rank, the SHA-256 of the seed and its id, and the lowest ranks are taken. An item's rank is
 * the same whatever else the query matched, so the same seed picks the same items.
 */
import { createHash } from 'node:crypto';

export function seededRank(seed: number, id: string): string {
  return createHash('sha256').update(`${seed}:${id}`).digest('hex');
}

/** The items in their seeded order (ties cannot happen: ids are unique). */
export function seededOrder<T>(items: readonly T[], seed: number, idOf: (item: T) => string): T[] {
  const ranked = items.map((item) => ({ item, rank: seededRank(seed, idOf(item)) }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return ranked.map((r) => r.item);
}
