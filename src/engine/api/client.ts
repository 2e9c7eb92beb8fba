/**
 * The ApiClient: every operation of the service interface, grouped by resource
 * (`client.cameras.search(...)`, `client.recordings.create(...)`), on one authenticated
 * requester. The groups receive the requester and the search machinery (searches.ts), never
 * the client. Plain Node: the desktop app, browser mode and the CLI share it.
 */
import type { FeatureCollection, SessionResponse } from '../../shared/api/index.ts';
import { sessionAnswer } from './answers/answers.ts';
import type { CallOptions, RequesterOptions } from './call.ts';
import { CollectionsApi } from './collections.ts';
import { AlertsApi, CamerasApi, ObservationsApi, RecordingsApi } from './groups.ts';
import type { FeatureOf, GeoKind, ParamsOf } from './kinds.ts';
import type { PagingLimits, SearchAllOptions, SearchAllResult } from './paging.ts';
import { Requester } from './requester.ts';
import { Searches } from './searches.ts';
import { said } from '../../shared/i18n/translator.ts';

export type { CallOptions } from './call.ts';
export type { FeatureOf, GeoKind, GeoSearches, ParamsOf } from './kinds.ts';
export { parseBbox } from './searches.ts';

export interface ApiClientOptions extends RequesterOptions {
  /** Overrides of the paging limits; tests lower them to exercise box splitting cheaply. */
  paging?: Partial<PagingLimits>;
}

export class ApiClient {
  readonly requester: Requester;
  readonly searches: Searches;
  readonly observations: ObservationsApi;
  readonly cameras: CamerasApi;
  readonly recordings: RecordingsApi;
  readonly alerts: AlertsApi;
  readonly collections: CollectionsApi;

  constructor(options: ApiClientOptions) {
    this.requester = new Requester(options);
    this.searches = new Searches(this.requester, options.paging, options.log);
    this.observations = new ObservationsApi(this.requester, this.searches);
    this.cameras = new CamerasApi(this.requester, this.searches);
    this.recordings = new RecordingsApi(this.requester, this.searches);
    this.alerts = new AlertsApi(this.requester, this.searches);
    this.collections = new CollectionsApi(this.requester);
  }

  /** The aggregations the service refused, by kind of search (spec-listed ones are kept). */
  refusedAggregations(): Record<string, string[]> {
    return this.searches.refusedAggregations();
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
   * `serviceNow`, after asking the service once when no answer has told its clock yet (a fresh
   * start): for times made from "now" that the service reads, such as the last minutes to record.
   */
  async serviceNowKnown(): Promise<number> {
    if (!this.requester.clock.known) await this.cameras.search({ limit: 1 });
    return this.serviceNow();
  }

  /**
   * Seconds the held token has left, from its own expiry (token-expiry.ts), or null without one.
   * What "token valid for" shows: the session's expires_in comes in a unit the interface leaves
   * open.
   */
  tokenSecondsLeft(): number | null {
    const at = this.requester.tokens.expiresAt;
    return at === null ? null : Math.max(0, Math.floor((at - this.requester.now()) / 1000));
  }

  /** GET /v1/session: the current token's attributes. */
  session(options: CallOptions = {}): Promise<SessionResponse> {
    return this.requester.json(
      {
        operation: said('api.op.session'),
        method: 'GET',
        path: '/v1/session',
        signal: options.signal,
      },
      sessionAnswer,
    );
  }

  /** One page of a search of any kind (searches.ts). */
  search<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: CallOptions = {},
  ): Promise<FeatureCollection<FeatureOf<K>>> {
    return this.searches.search(kind, params, options);
  }

  /** Every result, however many, by splitting the bounding box (searches.ts). */
  searchAll<K extends GeoKind>(
    kind: K,
    params: ParamsOf<K>,
    options: SearchAllOptions<FeatureOf<K>> = {},
  ): Promise<SearchAllResult<FeatureOf<K>>> {
    return this.searches.searchAll(kind, params, options);
  }
}
