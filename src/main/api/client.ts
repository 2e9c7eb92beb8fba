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
import type { z } from 'zod';
import { SEARCH_ANSWERS, sessionAnswer } from './answers.ts';
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

  constructor(options: ApiClientOptions) {
    this.requester = new Requester(options);
    this.#paging = options.paging ?? {};
    this.observations = new ObservationsApi(this);
    this.cameras = new CamerasApi(this);
    this.recordings = new RecordingsApi(this);
    this.alerts = new AlertsApi(this);
    this.collections = new CollectionsApi(this.requester);
  }

  get baseUrl(): string {
    return this.requester.baseUrl;
  }

  /** True while a usable token is held (the status bar's "signed in"). */
  get tokenHeld(): boolean {
    return this.requester.tokens.held;
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
    return this.requester.json(
      searchCall(kind, params, options.signal),
      SEARCH_ANSWERS[kind] as unknown as z.ZodType<FeatureCollection<FeatureOf<K>>>,
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
