/**
 * Paging through searches. The service pages with limit (max 100) and skip (max 4000), so a
 * plain iterator reaches at most 4,100 results; `searchAll` goes past that by splitting the
 * bounding box until every part is under the ceiling, and returns each feature once.
 *
 * Pages advance by what the service returned, never by the limit asked for: a service may
 * lower any limit (the largest limit of alert search is not shown), and "all N" means all N.
 */
import type { FeatureCollection } from '../../shared/api/index.ts';
import { splitBbox, type Bbox } from '../../shared/geo.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

export type PageFetcher<T> = (skip: number, limit: number) => Promise<Page<T>>;

export interface PagingLimits {
  /** Page size asked for (the service's maximum, 100). */
  limit: number;
  /** The largest skip the service accepts (4000). */
  skipMax: number;
}

export const DEFAULT_PAGING: PagingLimits = { limit: 100, skipMax: 4000 };

/**
 * Every item a search can reach by paging, in the service's order, one page in flight at a
 * time. Stops on an empty page, at the total, or past the largest skip (whose page is fetched
 * at that skip when the pages' own size stepped over it; the items already seen are dropped).
 */
export async function* pageThrough<T>(
  fetchPage: PageFetcher<T>,
  limits: PagingLimits = DEFAULT_PAGING,
  start = 0,
): AsyncGenerator<T, void, undefined> {
  let skip = start;
  let asked = start;
  while (asked <= limits.skipMax) {
    const page = await fetchPage(asked, limits.limit);
    yield* page.items.slice(skip - asked);
    if (page.items.length <= skip - asked) return;
    skip = asked + page.items.length;
    if (skip >= page.total) return;
    asked = skip > limits.skipMax && asked < limits.skipMax ? limits.skipMax : skip;
  }
}

export interface SearchAllOptions {
  signal?: AbortSignal;
  /** How many results one box may hold and still be paged through; default skipMax + limit. */
  ceiling?: number;
  /** Pages fetched at once inside one box. */
  concurrency?: number;
  onProgress?: (progress: { found: number; requests: number }) => void;
}

export interface SearchAllResult<F> {
  features: F[];
  /** Page requests made, for the benchmark and the curious. */
  requests: number;
  /**
   * Boxes too small to split that still held more than the ceiling (many results at one
   * point); their first `ceiling` results are included, the rest could not be reached.
   */
  incomplete: Bbox[];
}

type Feature = { id: string | number };
export type BboxSearch<F> = (
  bbox: Bbox,
  skip: number,
  limit: number,
) => Promise<FeatureCollection<F>>;

const WORLD: Bbox = [-180, -90, 180, 90];
/** Below this size (degrees) a box is not split further: the points are all in one place. */
const MIN_SPAN = 1e-7;

export async function searchAll<F extends Feature>(
  search: BboxSearch<F>,
  bbox: Bbox | undefined,
  limits: PagingLimits = DEFAULT_PAGING,
  options: SearchAllOptions = {},
): Promise<SearchAllResult<F>> {
  const found = new Map<string | number, F>();
  const result: SearchAllResult<F> = { features: [], requests: 0, incomplete: [] };
  const fetchPage = async (box: Bbox, skip: number) => {
    options.signal?.throwIfAborted();
    result.requests++;
    const page = await search(box, skip, limits.limit);
    // Features on a split line match both halves: the map keeps each id once.
    for (const f of page.features) if (!found.has(f.id)) found.set(f.id, f);
    options.onProgress?.({ found: found.size, requests: result.requests });
    return page;
  };

  /**
   * The pages of a box after its first, several at once at the first page's size; a page that
   * comes back shorter than that leaves a gap, which is then paged through by what returns.
   */
  const rest = async (box: Bbox, size: number, end: number): Promise<void> => {
    const skips: number[] = [];
    for (let skip = size; skip < end; skip += size) {
      // A page past the largest skip is fetched at that skip: its first items are known already.
      skips.push(Math.min(skip, limits.skipMax));
      if (skip >= limits.skipMax) break;
    }
    const gaps: [number, number][] = [];
    await inParallel(skips, options.concurrency ?? 4, async (skip) => {
      const got = (await fetchPage(box, skip)).features.length;
      if (got < size && skip + got < end) gaps.push([skip + got, Math.min(skip + size, end)]);
    });
    for (const [from, stop] of gaps) {
      let skip = from;
      while (skip < stop && skip <= limits.skipMax) {
        const got = (await fetchPage(box, skip)).features.length;
        if (got === 0) break;
        skip += got;
      }
    }
  };

  const visit = async (box: Bbox): Promise<void> => {
    const first = await fetchPage(box, 0);
    const total = first.properties.total;
    const size = first.features.length;
    // What paging can reach: the largest skip plus one page of the size the service returns.
    const ceiling = options.ceiling ?? limits.skipMax + Math.max(size, 1);
    if (total <= ceiling || !splittable(box)) {
      if (total > ceiling) result.incomplete.push(box);
      if (size > 0) await rest(box, size, Math.min(total, ceiling));
      return;
    }
    for (const half of halve(box)) await visit(half);
  };

  for (const box of splitBbox(bbox ?? WORLD)) await visit(box);
  result.features = [...found.values()];
  return result;
}

function splittable(box: Bbox): boolean {
  return box[2] - box[0] > MIN_SPAN || box[3] - box[1] > MIN_SPAN;
}

/**
 * Two halves along the longer side. Both halves include the shared edge (the bbox filter is
 * inclusive), so a point on it is found twice and deduplicated, never lost.
 */
export function halve(box: Bbox): [Bbox, Bbox] {
  const [w, s, e, n] = box;
  if (e - w >= n - s) {
    const mid = (w + e) / 2;
    return [
      [w, s, mid, n],
      [mid, s, e, n],
    ];
  }
  const mid = (s + n) / 2;
  return [
    [w, s, e, mid],
    [w, mid, e, n],
  ];
}

async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
