import type { Alert } from '../../shared/api/index.ts';
import type { NewAlertsNotice, WatchedArea } from '../../shared/ipc/alerts.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';
import { alertParams, noFilters, type AlertFilters } from './alert-params.ts';

export type { AlertFilters, Period } from './alert-params.ts';

/** The service pages up to skip 4000 (interface 2.1): past that, narrow the filters instead. */
const SKIP_MAX = 4000;

/** The Alerts view: a filtered alert search, the selected alert, and the watched areas. */
export class AlertsState {
  filters = $state<AlertFilters>({ ...noFilters });
  alerts = $state.raw<Alert[]>([]);
  total = $state(0);
  events = $state.raw<string[]>([]);
  fetchedAt = $state<string | null>(null);
  fromCache = $state(false);
  selectedId = $state<string | null>(null);
  /** An alert opened by id (a link) that the current list does not hold. */
  opened = $state.raw<Alert | null>(null);
  watches = $state.raw<WatchedArea[]>([]);
  notices = $state.raw<NewAlertsNotice[]>([]);
  /** The list's search or its next page: a new search makes a page still loading too late. */
  readonly #list = new Operation();
  #loadingWhat = $state<'search' | 'more'>('search');

  get loading(): boolean {
    return this.#list.busy && this.#loadingWhat === 'search';
  }
  get loadingMore(): boolean {
    return this.#list.busy && this.#loadingWhat === 'more';
  }
  get error(): string | null {
    return this.#list.error;
  }
  /** Asking the service for an alert opened by id: opening another makes its answer too late. */
  readonly #opening = new Operation();
  get openError(): string | null {
    return this.#opening.error;
  }

  selected = $derived(
    this.alerts.find((a) => a.id === this.selectedId) ??
      (this.opened?.id === this.selectedId ? this.opened : null),
  );
  /** More alerts match than are listed, and the service can still page to them. */
  canLoadMore = $derived(this.alerts.length < this.total && this.alerts.length <= SKIP_MAX);

  readonly #api: Api;

  readonly #stops: (() => void)[] = [];

  constructor(api: Api) {
    this.#api = api;
    this.#stops.push(
      api.on(
        'alerts.watchedNew',
        (notice) => (this.notices = [notice, ...this.notices].slice(0, 20)),
      ),
    );
  }

  /** Ends its subscriptions (the page's states end with the page: App.svelte). */
  dispose(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  async search(): Promise<void> {
    this.#loadingWhat = 'search';
    const found = await this.#list.latest(() => this.#page(0));
    if (!found) return;
    const { params, result } = found;
    this.alerts = result.features;
    this.total = result.total;
    this.fetchedAt = result.fetchedAt;
    this.fromCache = result.fromCache;
    if (!params.event) this.events = (result.aggs.event ?? []).map((b) => String(b.key));
  }

  /**
   * The next page. It starts after the alerts already listed, not after the limit asked: the
   * service may answer fewer than it was asked for, and skipping by the limit would lose some.
   */
  async loadMore(): Promise<void> {
    if (!this.canLoadMore || this.#list.busy) return;
    this.#loadingWhat = 'more';
    const found = await this.#list.latest(() => this.#page(this.alerts.length));
    if (!found) return;
    // A throwaway lookup, not reactive state.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const listed = new Set(this.alerts.map((a) => a.id));
    this.alerts = [...this.alerts, ...found.result.features.filter((a) => !listed.has(a.id))];
    this.total = found.result.total;
  }

  /** The filters' search from `skip`; filters that make no search (a bad area) fail in words. */
  async #page(skip: number) {
    const params = alertParams(this.filters, skip);
    if (typeof params === 'string') throw new Error(params);
    return { params, result: await this.#api.invoke('alerts.search', params) };
  }

  /** Selects an alert by id, asking the service for it when the list does not hold it. */
  async open(id: string): Promise<void> {
    this.selectedId = id;
    this.#forgetOpening();
    if (this.alerts.some((a) => a.id === id) || this.opened?.id === id) return;
    const alert = await this.#opening.latest(() => this.#api.invoke('alerts.show', { id }));
    if (alert) this.opened = alert;
  }

  close(): void {
    this.selectedId = null;
    this.#forgetOpening();
  }

  #forgetOpening(): void {
    this.#opening.cancel();
    this.#opening.error = null;
  }

  async loadWatches(): Promise<void> {
    try {
      this.watches = await this.#api.invoke('alerts.watches.list', {});
    } catch (error) {
      this.#list.fail(error as Error);
    }
  }

  async checkWatches(): Promise<void> {
    this.watches = await this.#api.invoke('alerts.watches.check', {});
  }

  async removeWatch(id: number): Promise<void> {
    this.watches = await this.#api.invoke('alerts.watches.remove', { id });
  }
}

export const alertsContext = contextSlot<AlertsState>('alerts');
