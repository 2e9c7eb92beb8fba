/**
 * The Map view's search: the form, the pages of results loaded so far (the list is virtualised,
 * more pages load as it scrolls), totals and facets, the age of the answer, and the complete
 * fetch for results past the 4,100 that paging reaches.
 */
import type { Aggs, Camera, Observation } from '../../../shared/api/index.ts';
import type { Api } from '../../../shared/ipc.ts';
import type {
  ObservationSearch,
  SearchPage,
  SearchAllAnswer,
} from '../../../shared/ipc/searches.ts';
import { contextSlot } from '../../lib/context.ts';
import { Operation } from '../../lib/operation.svelte.ts';
import { t } from '../../lib/words.svelte.ts';
import {
  cameraParams,
  emptyForm,
  observationParams,
  SEARCH_PAGE,
  type SearchForm,
  type MapSearchKind,
} from './params.ts';

export type ResultFeature = Camera | Observation;

/** limit 100 + skip max 4000: what paging can reach. */
export const PAGING_CEILING = 4100;

export class SearchState {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  form = $state<SearchForm>(emptyForm());
  /** The kind of the results shown (the form's kind may have changed since). */
  kind = $state<MapSearchKind>('cameras');
  results = $state.raw<ResultFeature[]>([]);
  total = $state(0);
  aggs = $state.raw<Aggs>({});
  fetchedAt = $state<string | null>(null);
  fromCache = $state(false);
  /** Every ask (a search, the next page, the complete fetch): a newer search drops the others. */
  readonly op = new Operation();
  /** True once a search ran: the panel shows "no results" only then. */
  searched = $state(false);
  /** The complete fetch: null when none runs. */
  fetchAll = $state<{ found: number; requests: number } | null>(null);
  complete = $state(false);
  #form: SearchForm = emptyForm();
  #fetchAllId = 0;

  /** A page is on its way (the complete fetch shows its own progress instead). */
  get loading(): boolean {
    return this.op.busy && this.fetchAll === null;
  }

  get error(): string | null {
    return this.op.error;
  }

  get canFetchAll(): boolean {
    return this.total > PAGING_CEILING && !this.complete;
  }

  get hasMore(): boolean {
    return !this.complete && this.results.length < Math.min(this.total, PAGING_CEILING);
  }

  reset(kind: MapSearchKind = this.form.kind): void {
    this.form = emptyForm(kind);
  }

  /** Runs the form as it is now; earlier answers still arriving are ignored. */
  async run(): Promise<void> {
    const form = (this.#form = $state.snapshot(this.form) as SearchForm);
    // A new search's error is its own: the last one's goes as soon as it is asked for.
    this.op.error = null;
    this.complete = false;
    const answer = await this.op.latest(() => this.#page(form, 0));
    if (!answer) return;
    this.kind = form.kind;
    this.results = answer.features;
    this.total = answer.total;
    this.aggs = answer.aggs;
    this.fetchedAt = answer.fetchedAt;
    this.fromCache = answer.fromCache;
    this.searched = true;
  }

  /** The next page, when the list scrolls near its end. */
  async more(): Promise<void> {
    if (this.op.busy || !this.hasMore) return;
    const answer = await this.op.latest(() => this.#page(this.#form, this.results.length));
    if (answer) this.results = [...this.results, ...answer.features];
  }

  /** Every result (core searchAll), with progress; replaces the paged list. */
  async runFetchAll(): Promise<void> {
    const requestId = `search-${++this.#fetchAllId}`;
    this.fetchAll = { found: 0, requests: 0 };
    const stop = this.#api.on('searches.progress', (p) => {
      if (p.requestId === requestId) this.fetchAll = { found: p.found, requests: p.requests };
    });
    const form = this.#form;
    const answer = await this.op.latest<SearchAllAnswer<ResultFeature>>(() =>
      form.kind === 'cameras'
        ? this.#api.invoke('cameras.searchAll', {
            requestId,
            params: strip(cameraParams(form)),
          })
        : this.#api.invoke('observations.searchAll', {
            requestId,
            params: strip(observationParams(form)),
          }),
    );
    stop();
    this.fetchAll = null;
    if (!answer) return;
    this.results = answer.features;
    this.total = answer.features.length;
    this.fetchedAt = answer.fetchedAt;
    this.fromCache = answer.fromCache;
    this.complete = true;
    if (answer.incompleteAreas > 0) {
      const count = answer.incompleteAreas;
      this.op.fail(() => t('common.incompleteAreas', { count, max: PAGING_CEILING }));
    }
  }

  /** The observation query of the results shown, without paging (Export as dataset). */
  observationQuery(): ObservationSearch {
    return strip(observationParams(this.#form));
  }

  cancelFetchAll(): void {
    void this.#api.invoke('searches.cancel', { requestId: `search-${this.#fetchAllId}` });
  }

  #page(form: SearchForm, skip: number): Promise<SearchPage<ResultFeature>> {
    return form.kind === 'cameras'
      ? this.#api.invoke('cameras.search', cameraParams(form, skip))
      : this.#api.invoke('observations.search', observationParams(form, skip));
  }
}

/** searchAll ignores paging, sorting and aggregations: the contract refuses nothing, but tidy. */
function strip<T extends { limit?: number; skip?: number; aggs?: unknown }>(params: T): T {
  const rest = { ...params };
  delete rest.limit;
  delete rest.skip;
  delete rest.aggs;
  return rest;
}

export { SEARCH_PAGE };
/** One per page (app-states.ts): the search survives leaving the map and coming back. */
export const searchContext = contextSlot<SearchState>('map search');
