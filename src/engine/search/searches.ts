/**
 * The map's searches: one page with its age (cached for offline reading), and complete results
 * past the 4,100 reachable by paging, with progress events and cancellation.
 */
import type { FeatureCollection } from '../../shared/api/index.ts';
import type { SearchPage, SearchAllAnswer } from '../../shared/ipc/searches.ts';
import type { ApiClient, FeatureOf, GeoKind, ParamsOf } from '../api/client.ts';
import { NetworkError } from '../api/errors.ts';
import { searchWithCache } from '../cache/offline.ts';
import type { SearchCache } from '../cache/searches.ts';
import type { EventHub } from '../events.ts';

export async function searchPage<K extends GeoKind>(
  client: ApiClient,
  cache: SearchCache,
  kind: K,
  params: ParamsOf<K>,
): Promise<SearchPage<FeatureOf<K>>> {
  const outcome = await searchWithCache(client, cache, kind, params);
  return toResult(outcome.collection, outcome.fetchedAt, outcome.fromCache);
}

function toResult<F>(
  collection: FeatureCollection<F>,
  fetchedAt: string,
  fromCache: boolean,
): SearchPage<F> {
  return {
    features: collection.features,
    total: collection.properties?.total ?? collection.features.length,
    aggs: collection.properties?.aggs ?? {},
    fetchedAt,
    fromCache,
  };
}

/** Complete searches in flight, by the renderer's request id, so that they can be canceled. */
export class SearchAllRunner {
  #client: ApiClient;
  #cache: SearchCache;
  #hub: EventHub;
  #running = new Map<string, AbortController>();

  constructor(client: ApiClient, cache: SearchCache, hub: EventHub) {
    this.#client = client;
    this.#cache = cache;
    this.#hub = hub;
  }

  async run<K extends GeoKind>(
    kind: K,
    requestId: string,
    params: ParamsOf<K>,
  ): Promise<SearchAllAnswer<FeatureOf<K>>> {
    this.#running.get(requestId)?.abort();
    const controller = new AbortController();
    this.#running.set(requestId, controller);
    try {
      const result = await this.#client.searchAll(kind, params, {
        signal: controller.signal,
        onProgress: ({ found, requests }) =>
          this.#hub.emit('searches.progress', { requestId, found, requests }),
      });
      const fetchedAt = new Date();
      this.#cache.putAll(kind, params, result.features, fetchedAt);
      return {
        features: result.features,
        requests: result.requests,
        incompleteAreas: result.incomplete.length,
        fetchedAt: fetchedAt.toISOString(),
        fromCache: false,
      };
    } catch (error) {
      if (controller.signal.aborted) {
        throw new Error('The complete search was canceled; nothing was kept.', { cause: error });
      }
      if (!(error instanceof NetworkError)) throw error;
      const cached = this.#cache.getAll<FeatureOf<K>>(kind, params);
      if (!cached) throw error;
      return {
        features: cached.features,
        requests: 0,
        incompleteAreas: 0,
        fetchedAt: cached.fetchedAt,
        fromCache: true,
      };
    } finally {
      if (this.#running.get(requestId) === controller) this.#running.delete(requestId);
    }
  }

  cancel(requestId: string): boolean {
    const controller = this.#running.get(requestId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Every search still running stops (the core is closing: its database and network go). */
  cancelAll(): void {
    for (const controller of this.#running.values()) controller.abort();
  }
}
