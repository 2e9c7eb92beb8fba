/**
 * What the Map view draws besides the search results: the active alerts (listed in the sidebar,
 * drawn as areas) and the recordings in the searched place (context on the map). Each has its
 * Operation; a newer ask replaces an older one still under way.
 */
import type { Recording } from '../../shared/api/index.ts';
import type { Api } from '../../shared/ipc.ts';
import { Operation } from '../lib/operation.svelte.ts';
import { t } from '../lib/words.svelte.ts';
import type { MapState } from './map-state.svelte.ts';
import { placeParams, type SearchForm } from './search/params.ts';

/** The recordings layer shows context, not a list: the first page is enough. */
const RECORDINGS_SHOWN = 100;

export class MapData {
  readonly #api: Api;
  readonly #mapState: MapState;
  /** Its error is not shown: the layer is context, and the search panel reports search failures. */
  readonly recordingsOp = new Operation();
  recordings = $state.raw<Recording[]>([]);

  constructor(api: Api, mapState: MapState) {
    this.#api = api;
    this.#mapState = mapState;
  }

  /** Every active alert; after a failure the alerts shown before stay, with why in the list. */
  async loadAlerts(): Promise<void> {
    const answer = await this.#mapState.alertsOp.latest(
      () => this.#api.invoke('alerts.all', {}),
      () => t('map.alertsFailed'),
    );
    if (answer) this.#mapState.alerts = answer.features;
  }

  /** The recordings in the place the search form names (its area, state, city, camera). */
  async loadRecordings(form: SearchForm): Promise<void> {
    const params = placeParams(form);
    const answer = await this.recordingsOp.latest(
      () => this.#api.invoke('recordings.search', { ...params, limit: RECORDINGS_SHOWN }),
      () => t('map.recordingsFailed'),
    );
    if (answer) this.recordings = answer.features;
    else if (!this.recordingsOp.busy && this.recordingsOp.error) this.recordings = [];
  }
}
