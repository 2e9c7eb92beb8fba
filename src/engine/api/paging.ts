/**
 * Paging through searches. The service pages with limit (max 100) and skip (max 4000), so a
 * plain iterator reaches at most 4,100 results; `searchAll` goes past that by splitting the
 * bounding box until every part is under the ceiling, and returns each feature once.
 *
 * Pages advance by what the service returned, never by the limit asked for: a service may
 * lower any limit (the largest limit of alert search is not shown), and "all N" means all N.
 * Neither goes on without end against a service that repeats a page, hands out pages of a
 * result or two, or says "more" of every box however small: each stops in words.
 */
import { createHash } from 'node:crypto';
import type { FeatureCollection } from '../../shared/api/index.ts';
import { splitBbox, type Bbox } from '../../shared/geo.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { ApiError } from './errors.ts';

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

/** A service that pages without end (the same page again, pages of a result or two): stopped. */
export class PagingStopped extends ApiError {
  /** `why`: what the service did, in the catalogue (`api.paging.*`). */
  constructor(operation: Said, why: Said) {
    const words = said('api.paging.stopped', {
      operation: saidWithin(operation),
      why: saidWithin(why),
    });
    super(operation, english.say(words), { said: words });
    this.name = 'PagingStopped';
  }
}

/**
 * The smallest page a real service hands out: half the interface's default page size (10), for a
 * service may lower the limit asked for (the largest limit of alert search is not shown).
 */
const SMALLEST_PAGE = 5;

/** The most pages one search may take to reach the largest skip, in pages of SMALLEST_PAGE. */
export function maxPages(limits: PagingLimits): number {
  return Math.ceil((limits.skipMax + limits.limit) / Math.min(SMALLEST_PAGE, limits.limit)) + 1;
}

/** Counts one search's pages, and refuses past maxPages. */
function pageCounter(operation: Said, limits: PagingLimits): () => void {
  const max = maxPages(limits);
  let pages = 0;
  return () => {
    if (++pages <= max) return;
    throw new PagingStopped(
      operation,
      said('api.paging.tooManyPages', {
        max: String(max),
        skipMax: String(limits.skipMax),
        limit: String(limits.limit),
      }),
    );
  };
}

/**
 * Refuses a page seen before at another skip: a service that ignores skip hands the same page
 * forever. A real one cannot: the pages of different skips hold different records.
 */
function repeatWatch(operation: Said): (skip: number, items: readonly unknown[]) => void {
  const seen = new Map<string, number>();
  return (skip, items) => {
    const print = createHash('sha256').update(JSON.stringify(items)).digest('hex');
    const before = seen.get(print);
    if (before === undefined) return void seen.set(print, skip);
    throw new PagingStopped(
      operation,
      said('api.paging.samePage', { skip: String(skip), before: String(before) }),
    );
  };
}

/**
 * Every item a search can reach by paging, in the service's order, one page in flight at a
 * time. Stops on an empty page, at the total, or past the largest skip (whose page is fetched
 * at that skip when the pages' own size stepped over it; the items already seen are dropped).
 * Fails with PagingStopped on a page seen before or past maxPages.
 */
export async function* pageThrough<T>(
  fetchPage: PageFetcher<T>,
  limits: PagingLimits = DEFAULT_PAGING,
  start = 0,
  operation: Said = said('api.op.search', { kind: 'other' }),
): AsyncGenerator<T, void, undefined> {
  const count = pageCounter(operation, limits);
  const repeated = repeatWatch(operation);
  let skip = start;
  let asked = start;
  while (asked <= limits.skipMax) {
    count();
    const page = await fetchPage(asked, limits.limit);
    if (page.items.length > skip - asked) repeated(asked, page.items);
    yield* page.items.slice(skip - asked);
    if (page.items.length <= skip - asked) return;
    skip = asked + page.items.length;
    if (skip >= page.total) return;
    asked = skip > limits.skipMax && asked < limits.skipMax ? limits.skipMax : skip;
  }
}

export interface SearchAllOptions<F = unknown> {
  signal?: AbortSignal;
  /** How many results one box may hold and still be paged through; default skipMax + limit. */
  ceiling?: number;
  /** Pages fetched at once inside one box. */
  concurrency?: number;
  /** The most boxes one search may open (MAX_BOXES; tests lower it). */
  maxBoxes?: number;
  onProgress?: (progress: { found: number; requests: number }) => void;
  /** The service's count of the results, told once from the first pages (before any feature). */
  onTotal?: (total: number) => void;
  /** Each page's features not seen before, as they arrive: then `features` stays empty. */
  onFeatures?: (features: F[]) => void;
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
/** What searchAll keeps of a page: the service's count and the page's size. */
type Counted = { total: number; size: number };
export type BboxSearch<F> = (
  bbox: Bbox,
  skip: number,
  limit: number,
) => Promise<FeatureCollection<F>>;

const WORLD: Bbox = [-180, -90, 180, 90];
/** Below this size (degrees) a box is not split further: the points are all in one place. */
const MIN_SPAN = 1e-7;
/**
 * The most boxes one complete search opens. A box is split only when it holds more than one
 * box can page through (4,100): ten thousand boxes is a search of millions of results.
 */
export const MAX_BOXES = 10_000;

/**
 * Every result of a search, however many, by splitting the box until each part can be paged
 * through. Stops in words (PagingStopped) past `maxBoxes` boxes or maxPages pages in one box;
 * a box whose halves both count as many results as it does is not split (nothing narrows).
 */
export async function searchAll<F extends Feature>(
  search: BboxSearch<F>,
  bbox: Bbox | undefined,
  limits: PagingLimits = DEFAULT_PAGING,
  options: SearchAllOptions<F> = {},
  operation: Said = said('api.op.searchAll', { kind: 'other' }),
): Promise<SearchAllResult<F>> {
  const seen = new Set<string | number>();
  const kept: F[] = [];
  const result: SearchAllResult<F> = { features: [], requests: 0, incomplete: [] };
  const maxBoxes = options.maxBoxes ?? MAX_BOXES;
  let boxes = 0;
  const hand = (fresh: F[]) => {
    if (options.onFeatures) return void (fresh.length > 0 && options.onFeatures(fresh));
    for (const f of fresh) kept.push(f);
  };
  /** A page's count and size; its new features go to `hand` (or `held`: the first pages). */
  const fetchPage = async (box: Bbox, skip: number, held?: F[][]): Promise<Counted> => {
    options.signal?.throwIfAborted();
    result.requests++;
    const page = await search(box, skip, limits.limit);
    // Features on a split line match both halves: each id is handed over once.
    const fresh = page.features.filter((f) => !seen.has(f.id) && seen.add(f.id));
    if (held) held.push(fresh);
    else hand(fresh);
    options.onProgress?.({ found: seen.size, requests: result.requests });
    return { total: page.properties.total, size: page.features.length };
  };
  /**
   * The pages of a box after its first, several at once at the first page's size; a page that
   * comes back shorter than that leaves a gap, which is then paged through by what returns.
   */
  const rest = async (box: Bbox, size: number, end: number): Promise<void> => {
    const count = pageCounter(operation, limits);
    count();
    const page = (skip: number) => {
      count();
      return fetchPage(box, skip);
    };
    const skips: number[] = [];
    for (let skip = size; skip < end; skip += size) {
      // A page past the largest skip is fetched at that skip: its first items are known already.
      skips.push(Math.min(skip, limits.skipMax));
      if (skip >= limits.skipMax) break;
    }
    const gaps: [number, number][] = [];
    await inParallel(skips, options.concurrency ?? 4, async (skip) => {
      const got = (await page(skip)).size;
      if (got < size && skip + got < end) gaps.push([skip + got, Math.min(skip + size, end)]);
    });
    for (const [from, stop] of gaps) {
      let skip = from;
      while (skip < stop && skip <= limits.skipMax) {
        const got = (await page(skip)).size;
        if (got === 0) break;
        skip += got;
      }
    }
  };

  /** A box's first page: one more box, of at most `maxBoxes`. */
  const open = (box: Bbox, held?: F[][]) => {
    if (++boxes > maxBoxes) {
      throw new PagingStopped(operation, said('api.paging.tooManyBoxes', { boxes: maxBoxes }));
    }
    return fetchPage(box, 0, held);
  };

  const visit = async (box: Bbox, { total, size }: Counted): Promise<void> => {
    // What paging can reach: the largest skip plus one page of the size the service returns.
    const ceiling = options.ceiling ?? limits.skipMax + Math.max(size, 1);
    if (total > ceiling && splittable(box)) {
      const halves = halve(box);
      const firsts = [await open(halves[0]), await open(halves[1])];
      // One half of a real box counts fewer, unless every result lies on the line between them:
      // halves that both count as many narrow nothing, and splitting on would never end.
      if (firsts.some((half) => half.total < total)) {
        for (const [i, half] of halves.entries()) await visit(half, firsts[i]!);
        return;
      }
    }
    if (total > ceiling) result.incomplete.push(box);
    if (size > 0) await rest(box, size, Math.min(total, ceiling));
  };

  // The first page of each box (two across the antimeridian) before any feature: the count.
  const tops = splitBbox(bbox ?? WORLD);
  const held: F[][] = [];
  const firsts: Counted[] = [];
  for (const box of tops) firsts.push(await open(box, held));
  options.onTotal?.(firsts.reduce((sum, first) => sum + first.total, 0));
  for (const fresh of held) hand(fresh);
  for (const [i, box] of tops.entries()) await visit(box, firsts[i]!);
  result.features = kept;
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
