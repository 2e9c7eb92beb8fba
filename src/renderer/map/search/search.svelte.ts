/**
 * The Map view's search: the form, the pages of results loaded so far (the list is virtualised,
 * more pages load as it scrolls), totals and facets, the age of the answer, and the complete
 * fetch for results past the 4,100 that paging reaches.
 */
import type { Aggs, Camera, Observation } from '../../../shared/api/index.ts';
import type { Api } from '../../../shared/ipc.ts';
import { contextSlot } from '../../lib/context.ts';
import {
  cameraParams,
  emptyForm,
  observationParams,
  PAGE,
  type SearchForm,
  type SearchKind,
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
  kind = $state<SearchKind>('cameras');
  results = $state.raw<ResultFeature[]>([]);
  total = $state(0);
  aggs = $state.raw<Aggs>({});
  fetchedAt = $state<string | null>(null);
  fromCache = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);
  /** True once a search ran: the panel shows "no results" only then. */
  searched = $state(false);
  /** The complete fetch: null when none runs. */
  fetchAll = $state<{ found: number; requests: number } | null>(null);
  complete = $state(false);
  #generation = 0;
  #form: SearchForm = emptyForm();

  get canFetchAll(): boolean {
    return this.total > PAGING_CEILING && !this.complete;
  }

  get hasMore(): boolean {
    return !this.complete && this.results.length < Math.min(this.total, PAGING_CEILING);
  }

  reset(kind: SearchKind = this.form.kind): void {
    this.form = emptyForm(kind);
  }

  /** Runs the form as it is now; earlier answers still arriving are ignored. */
  async run(): Promise<void> {
    const generation = ++this.#generation;
    this.#form = $state.snapshot(this.form) as SearchForm;
    this.loading = true;
    this.error = null;
    this.complete = false;
    try {
      const answer = await this.#page(this.#form, 0);
      if (generation !== this.#generation) return;
      this.kind = this.#form.kind;
      this.results = answer.features;
      this.total = answer.total;
      this.aggs = answer.aggs;
      this.fetchedAt = answer.fetchedAt;
      this.fromCache = answer.fromCache;
      this.searched = true;
    } catch (error) {
      if (generation === this.#generation) this.error = message(error);
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  /** The next page, when the list scrolls near its end. */
  async more(): Promise<void> {
    if (this.loading || !this.hasMore) return;
    const generation = this.#generation;
    this.loading = true;
    try {
      const answer = await this.#page(this.#form, this.results.length);
      if (generation !== this.#generation) return;
      this.results = [...this.results, ...answer.features];
    } catch (error) {
      if (generation === this.#generation) this.error = message(error);
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  /** Every result (core searchAll), with progress; replaces the paged list. */
  async runFetchAll(): Promise<void> {
    const generation = this.#generation;
    const requestId = `search-${generation}`;
    this.fetchAll = { found: 0, requests: 0 };
    const stop = this.#api.on('map.searchAllProgress', (p) => {
      if (p.requestId === requestId) this.fetchAll = { found: p.found, requests: p.requests };
    });
    try {
      const form = this.#form;
      const answer =
        form.kind === 'cameras'
          ? await this.#api.invoke('map.cameras.searchAll', {
              requestId,
              params: strip(cameraParams(form)),
            })
          : await this.#api.invoke('map.observations.searchAll', {
              requestId,
              params: strip(observationParams(form)),
            });
      if (generation !== this.#generation) return;
      this.results = answer.features;
      this.total = answer.features.length;
      this.fetchedAt = answer.fetchedAt;
      this.fromCache = answer.fromCache;
      this.complete = true;
      if (answer.incompleteAreas > 0) {
        this.error = `${answer.incompleteAreas} spots hold more than 4,100 results each at one point; only their first 4,100 are listed.`;
      }
    } catch (error) {
      if (generation === this.#generation) this.error = message(error);
    } finally {
      stop();
      this.fetchAll = null;
    }
  }

  cancelFetchAll(): void {
    void this.#api.invoke('map.searchAll.cancel', { requestId: `search-${this.#generation}` });
  }

  #page(form: SearchForm, skip: number) {
    return form.kind === 'cameras'
      ? this.#api.invoke('map.cameras.search', cameraParams(form, skip))
      : this.#api.invoke('map.observations.search', observationParams(form, skip));
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

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { PAGE };
/** One per page (app-states.ts): the search survives leaving the map and coming back. */
export const searchContext = contextSlot<SearchState>('map search');
