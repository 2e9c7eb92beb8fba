/**
 * The normalised form of search parameters, used as the cache key: defaults applied, bbox and
 * polygon in wire form, keys and values sorted. Two searches that the service answers alike get
 * the same key (`{limit: 10}` and `{}`; `aggs: [b, a]` and `aggs: [a, b]`).
 */
import { encodeSearchParams, PAGE_LIMITS } from '../../shared/api/index.ts';

export type CacheKind = keyof typeof PAGE_LIMITS;

export function normaliseSearch(kind: CacheKind, params: object): string {
  const withDefaults: Record<string, unknown> = {
    limit: PAGE_LIMITS[kind].limitDefault,
    skip: 0,
    sort_dir: 'asc',
    ...stripUndefined(params),
  };
  const pairs = [...encodeSearchParams(withDefaults)].map(([k, v]) => [k, canonicalValue(k, v)]);
  pairs.sort(([ak, av], [bk, bv]) => (ak! < bk! ? -1 : ak! > bk! ? 1 : av! < bv! ? -1 : 1));
  return new URLSearchParams(pairs as [string, string][]).toString();
}

/** The key of a complete result (searchAll): paging and order do not matter there. */
export function normaliseSearchAll(kind: CacheKind, params: object): string {
  const rest = { ...stripUndefined(params), limit: 0, skip: 0 } as Record<string, unknown>;
  delete rest.sort;
  delete rest.sort_dir;
  delete rest.aggs;
  return `all&${normaliseSearch(kind, rest)}`;
}

function stripUndefined(params: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

/** Numbers written differently ("10" and "10.0", " 1,2,3,4") are the same number. */
function canonicalValue(key: string, value: string): string {
  if (key === 'bbox') return value.split(',').map(canonicalNumber).join(',');
  if (key === 'limit' || key === 'skip') return canonicalNumber(value);
  return value;
}

function canonicalNumber(text: string): string {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? String(n) : text;
}
