import type { Alert } from '../../shared/api/index.ts';
import type { NewAlertsNotice, WatchedArea } from '../../shared/ipc/alerts.ts';
import type { AlertSearch } from '../../shared/ipc/map.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';

export type Period = 'current' | 'expired' | 'any';

export interface AlertFilters {
  period: Period;
  severity: '' | NonNullable<AlertSearch['severity']>;
  event: string;
  state: string;
  q: string;
}

/** The Alerts view: a filtered alert search, the selected alert, and the watched areas. */
export class AlertsModel {
  filters = $state<AlertFilters>({ period: 'current', severity: '', event: '', state: '', q: '' });
  alerts = $state.raw<Alert[]>([]);
  total = $state(0);
  events = $state.raw<string[]>([]);
  fetchedAt = $state<string | null>(null);
  fromCache = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);
  selectedId = $state<string | null>(null);
  watches = $state.raw<WatchedArea[]>([]);
  notices = $state.raw<NewAlertsNotice[]>([]);
  #generation = 0;

  selected = $derived(this.alerts.find((a) => a.id === this.selectedId) ?? null);

  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
    api.on(
      'alerts.watchedNew',
      (notice) => (this.notices = [notice, ...this.notices].slice(0, 20)),
    );
  }

  async search(): Promise<void> {
    const generation = ++this.#generation;
    const f = this.filters;
    const params: AlertSearch = { limit: 100, sort: 'severity', sort_dir: 'desc', aggs: ['event'] };
    if (f.period !== 'current') params.expired = f.period === 'expired' ? 'true' : 'any';
    if (f.severity) params.severity = f.severity;
    if (f.event) params.event = f.event;
    if (f.state.trim()) params.state = f.state.trim();
    if (f.q.trim()) params.q = f.q.trim();
    this.loading = true;
    try {
      const result = await this.#api.invoke('map.alerts.search', params);
      if (generation !== this.#generation) return;
      this.alerts = result.features;
      this.total = result.total;
      this.fetchedAt = result.fetchedAt;
      this.fromCache = result.fromCache;
      if (!f.event) this.events = (result.aggs.event ?? []).map((b) => String(b.key));
      this.error = null;
    } catch (error) {
      if (generation === this.#generation) this.error = (error as Error).message;
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  async loadWatches(): Promise<void> {
    try {
      this.watches = await this.#api.invoke('watches.list', {});
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  async checkWatches(): Promise<void> {
    this.watches = await this.#api.invoke('watches.check', {});
  }

  async removeWatch(id: number): Promise<void> {
    this.watches = await this.#api.invoke('watches.remove', { id });
  }
}

export const alertsContext = contextSlot<AlertsModel>('alerts');
