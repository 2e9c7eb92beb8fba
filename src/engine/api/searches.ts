/**
 * The searches of the GeoJSON kinds, one machinery for all four: a page (GET, or POST
 * .../_search for long queries and polylines; query.ts), every result reachable by paging, and
 * every result however many by splitting the bounding box (paging.ts). Aggregations a service
 * refuses are dropped and remembered (aggs.ts). The resource groups receive it (groups.ts).
 */
import type { FeatureCollection } from '../../shared/api/index.ts';
import { PAGE_LIMITS } from '../../shared/api/index.ts';
import type { Bbox } from '../../shared/geo.ts';
import { AggregationFallback } from './aggs.ts';
import type { CallOptions } from './call.ts';
import { SEARCH_ANSWERS } from './answers/features.ts';
import type { Log } from '../log.ts';
import type { FeatureOf, GeoKind, ParamsOf } from './kinds.ts';
import {
  pageThrough,
  searchAll,
  type PagingLimits,
  type SearchAllOptions,
  type SearchAllResult,
} from './paging.ts';
import { searchCall } from './query.ts';
import type { Requester } from './requester.ts';
import { said } from '../../shared/i18n/translator.ts';

export class Searches {
  readonly #requester: Requester;
  readonly #paging: Partial<PagingLimits>;
  readonly #aggs: AggregationFallback;

  /** `paging` overrides the service's limits; tests lower them to split boxes cheaply. */
  constructor(requester: Requester, paging: Partial<PagingLimits> = {}, log: Log = () => {}) {
    this.#requester = requester;
    this.#paging = paging;
    this.#aggs = new AggregationFallback(log);
  }

  /** The aggregations the service refused, by kind of search (spec-listed ones are kept). */
  refusedAggregations(): Record<string, string[]> {
    return this.#aggs.refused();
  }

  /** One page of a search (GET, or POST .../_search for long queries and polylines). */
  search<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: CallOptions = {},
  ): Promise<FeatureCollection<FeatureOf<K>>> {
    const answer = SEARCH_ANSWERS[kind];
    return this.#aggs.run(kind, params, (asked) =>
      this.#requester.json(searchCall(kind, asked, options.signal), answer),
    );
  }

  /** Every result reachable by paging (at most limit + skip max: 4,100), 100 per request. */
  iterate<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: CallOptions = {},
  ): AsyncGenerator<FeatureOf<K>, void, undefined> {
    return pageThrough(
      async (skip, limit) => {
        const page = await this.search(kind, { ...params, skip, limit }, options);
        return { items: page.features, total: page.properties.total };
      },
      this.limits(kind),
      params.skip ?? 0,
      said('api.op.search', { kind }),
    );
  }

  /**
   * Every result, however many: splits the bounding box (the given one, or the world) until
   * each part is under the paging ceiling. Sorting, skip, limit and aggs are ignored.
   */
  searchAll<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: SearchAllOptions<FeatureOf<K>> = {},
  ): Promise<SearchAllResult<FeatureOf<K>>> {
    const { bbox, ...rest } = params;
    const base = { ...rest, sort: undefined, sort_dir: undefined, aggs: undefined };
    return searchAll<FeatureOf<K>>(
      (box, skip, limit) => this.search(kind, { ...base, bbox: box, skip, limit }, options),
      bbox === undefined ? undefined : parseBbox(bbox),
      this.limits(kind),
      options,
      said('api.op.searchAll', { kind }),
    );
  }

  limits(kind: keyof typeof PAGE_LIMITS): PagingLimits {
    return {
      limit: this.#paging.limit ?? PAGE_LIMITS[kind].limitMax,
      skipMax: this.#paging.skipMax ?? PAGE_LIMITS[kind].skipMax,
    };
  }
}

export function parseBbox(bbox: Bbox | string): Bbox {
  if (typeof bbox !== 'string') return bbox;
  const [w, s, e, n, ...more] = bbox.split(',').map(Number);
  if (
    w === undefined ||
    s === undefined ||
    e === undefined ||
    n === undefined ||
    more.length > 0 ||
    ![w, s, e, n].every(Number.isFinite)
  ) {
    throw new RangeError(`bbox must be four numbers "minLon,minLat,maxLon,maxLat", not "${bbox}"`);
  }
  return [w, s, e, n];
}
