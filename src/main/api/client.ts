/**
 * The ApiClient: every operation of the service interface, grouped by resource
 * (`client.cameras.search(...)`, `client.recordings.create(...)`), on one authenticated
 * requester. Plain Node: the desktop app, browser mode and the CLI share it.
 */
import type {
  Alert,
  AlertSearchParams,
  Camera,
  CameraSearchParams,
  FeatureCollection,
  Observation,
  ObservationSearchParams,
  Recording,
  RecordingSearchParams,
  SessionResponse,
} from '../../shared/api/index.ts';
import { PAGE_LIMITS } from '../../shared/api/index.ts';
import type { Bbox } from '../../shared/geo.ts';
import { AggregationFallback } from './aggs.ts';
import { SEARCH_ANSWERS, sessionAnswer, type AnswerShape } from './answers.ts';
import { CollectionsApi } from './collections.ts';
import { AlertsApi, CamerasApi, ObservationsApi, RecordingsApi } from './groups.ts';
import {
  pageThrough,
  searchAll,
  type PagingLimits,
  type SearchAllOptions,
  type SearchAllResult,
} from './paging.ts';
import { searchCall } from './query.ts';
import { Requester, type RequesterOptions } from './requester.ts';

export interface CallOptions {
  signal?: AbortSignal;
}

/** The searches that return GeoJSON, with their parameter and feature types. */
export interface GeoSearches {
  observations: { params: ObservationSearchParams; feature: Observation };
  cameras: { params: CameraSearchParams; feature: Camera };
  recordings: { params: RecordingSearchParams; feature: Recording };
  alerts: { params: AlertSearchParams; feature: Alert };
}
export type GeoKind = keyof GeoSearches;
export type ParamsOf<K extends GeoKind> = GeoSearches[K]['params'];
export type FeatureOf<K extends GeoKind> = GeoSearches[K]['feature'];

export interface ApiClientOptions extends RequesterOptions {
  /** Overrides of the paging limits; tests lower them to exercise box splitting cheaply. */
  paging?: Partial<PagingLimits>;
}

export class ApiClient {
  readonly requester: Requester;
  readonly observations: ObservationsApi;
  readonly cameras: CamerasApi;
  readonly recordings: RecordingsApi;
  readonly alerts: AlertsApi;
  readonly collections: CollectionsApi;
  #paging: Partial<PagingLimits>;
  #aggs: AggregationFallback;

  constructor(options: ApiClientOptions) {
    this.requester = new Requester(options);
    this.#paging = options.paging ?? {};
    this.#aggs = new AggregationFallback(options.log ?? (() => {}));
    this.observations = new ObservationsApi(this);
    this.cameras = new CamerasApi(this);
    this.recordings = new RecordingsApi(this);
    this.alerts = new AlertsApi(this);
    this.collections = new CollectionsApi(this.requester);
  }

  /** The aggregations the service refused, by kind of search (spec-listed ones are kept). */
  refusedAggregations(): Record<string, string[]> {
    return this.#aggs.refused();
  }

  get baseUrl(): string {
    return this.requester.baseUrl;
  }

  /** True while a usable token is held (the status bar's "signed in"). */
  get tokenHeld(): boolean {
    return this.requester.tokens.held;
  }

  /**
   * Now on the service's clock (epoch ms), learnt from its answers' Date header: every
   * comparison of a service time (created_at + 90 days, alert expiry...) uses this, never the
   * machine's clock, which the service need not share (clock.ts).
   */
  serviceNow(): number {
    return this.requester.clock.now();
  }

  /**
   * Seconds the held token has left, from its own expiry (token-expiry.ts), or null without one.
   * What "token valid for" shows: the session's expires_in comes in a unit the spec leaves open.
   */
  tokenSecondsLeft(): number | null {
    const at = this.requester.tokens.expiresAt;
    return at === null ? null : Math.max(0, Math.floor((at - this.requester.now()) / 1000));
  }

  /** GET /v1/session: the current token's attributes. */
  session(options: CallOptions = {}): Promise<SessionResponse> {
    return this.requester.json(
      { operation: 'session', method: 'GET', path: '/v1/session', signal: options.signal },
      sessionAnswer,
    );
  }

  /** One page of a search (GET, or POST .../_search for long queries and polylines). */
  search<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: CallOptions = {},
  ): Promise<FeatureCollection<FeatureOf<K>>> {
    return this.#aggs.run(kind, params, (asked) =>
      this.requester.json(
        searchCall(kind, asked, options.signal),
        SEARCH_ANSWERS[kind] as unknown as AnswerShape<FeatureCollection<FeatureOf<K>>>,
      ),
    );
  }

  /** Every result reachable by paging (at most limit + skip max: 4,100), 100 per request. */
  iterate<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: CallOptions = {},
  ): AsyncGenerator<FeatureOf<K>, void, undefined> {
    const limits = this.limits(kind);
    return pageThrough(
      async (skip, limit) => {
        const page = await this.search(kind, { ...params, skip, limit }, options);
        return { items: page.features, total: page.properties.total };
      },
      limits,
      params.skip ?? 0,
    );
  }

  /**
   * Every result, however many: splits the bounding box (the given one, or the world) until
   * each part is under the paging ceiling. Sorting, skip, limit and aggs are ignored.
   */
  searchAll<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: SearchAllOptions = {},
  ): Promise<SearchAllResult<FeatureOf<K>>> {
    const { bbox, ...rest } = params;
    const base = { ...rest, sort: undefined, sort_dir: undefined, aggs: undefined };
    return searchAll<FeatureOf<K>>(
      (box, skip, limit) => this.search(kind, { ...base, bbox: box, skip, limit }, options),
      bbox === undefined ? undefined : parseBbox(bbox),
      this.limits(kind),
      options,
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
  const parts = bbox.split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
    throw new RangeError(`bbox must be four numbers "minLon,minLat,maxLon,maxLat", not "${bbox}"`);
  }
  return parts as unknown as Bbox;
}
