/**
 * Browsing without the service: the kept collections from SQLite, searched and paged the way
 * the service would (the same parameters, the same marker rule), so the view does not change
 * its behaviour when the connection goes.
 */
import type { Collection } from '../../shared/api/index.ts';
import type { CollectionSearch } from '../../shared/ipc/collections.ts';

/** A page of names after `marker` by the rule of interface 4.6 (names in service order). */
export function pageAfter(names: readonly string[], marker: string, limit: number): string[] {
  let start = 0;
  if (marker) {
    const exact = names.indexOf(marker);
    if (exact >= 0) start = exact + 1;
    else {
      // A partial name: the first image it matches, else the first that sorts after it.
      const partial = names.findIndex((n) => n.startsWith(marker));
      start = partial >= 0 ? partial : names.findIndex((n) => n > marker);
      if (start < 0) start = names.length;
    }
  }
  return names.slice(start, start + limit);
}

/** The index search (q, date ranges, tag, sort, paging) over collections held locally. */
export function searchLocal<C extends Collection>(
  all: readonly C[],
  p: CollectionSearch,
): { results: C[]; total: number; tags: { key: string; count: number }[] } {
  const q = p.q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const within = (value: string, min?: string, max?: string) =>
    (min === undefined || value >= min) && (max === undefined || value <= endOfDay(max));
  const matching = all.filter((c) => {
    const text = `${c.name} ${c.description} ${c.tags.join(' ')}`.toLowerCase();
    return (
      q.every((word) => text.includes(word)) &&
      within(c.created_at, p.created_at_min, p.created_at_max) &&
      within(c.updated_at, p.updated_at_min, p.updated_at_max)
    );
  });
  const tagged = p.tag
    ? matching.filter((c) => c.tags.some((t) => t.toLowerCase() === p.tag!.toLowerCase()))
    : matching;
  const key = p.sort ?? 'name';
  const dir = p.sort_dir === 'desc' ? -1 : 1;
  const sorted = [...tagged].sort(
    (a, b) => dir * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a._id < b._id ? -1 : 1),
  );
  const skip = p.skip ?? 0;
  return {
    results: sorted.slice(skip, skip + (p.limit ?? 10)),
    total: sorted.length,
    tags: tagFacet(matching),
  };
}

/** Up to ten tags by count, then name: the same shape as the service's aggregation. */
export function tagFacet(collections: readonly Collection[]): { key: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const c of collections) for (const t of c.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, 10);
}

/** A date-only maximum includes its whole day, as the service reads it. */
function endOfDay(max: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(max) ? `${max}T23:59:59.999Z` : max;
}
