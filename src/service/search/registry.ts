/** The searches by collection path: what a search worker can run (pool.ts). */
import type { ParamBag } from '../http/params.ts';
import { searchAlerts } from './alerts.ts';
import { searchCameras } from './cameras.ts';
import { searchCollections } from './collections.ts';
import type { SearchStore } from './common.ts';
import { searchObservations } from './observations.ts';
import { searchRecordings } from './recordings.ts';

export type StoreSearch = (store: SearchStore, params: ParamBag, nowS: number) => unknown;

export const SEARCHES: Readonly<Record<string, StoreSearch>> = {
  '/v1/observations': (store, params) => searchObservations(store, params),
  '/v1/cameras': (store, params) => searchCameras(store, params),
  '/v1/alerts': searchAlerts,
  '/v1/recordings': searchRecordings,
  '/v1/collections': searchCollections,
};
