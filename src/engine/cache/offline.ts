/**
 * Searches that survive going offline: a successful answer is cached; when the service cannot
 * be reached, the cached answer is returned with the time it was fetched. Only network
 * failures fall back: an error of the service itself (a bad parameter) is the user's to see.
 */
import type { FeatureCollection } from '../../shared/api/index.ts';
import type { ApiClient, CallOptions, FeatureOf, GeoKind, ParamsOf } from '../api/client.ts';
import { NetworkError } from '../api/errors.ts';
import type { SearchCache } from './searches.ts';

export interface SearchOutcome<F> {
  collection: FeatureCollection<F>;
  /** True when the service was unreachable and this is the cached answer. */
  fromCache: boolean;
  /** When the answer was fetched from the service, ISO 8601 UTC. */
  fetchedAt: string;
}

export async function searchWithCache<K extends GeoKind>(
  client: ApiClient,
  cache: SearchCache,
  kind: K,
  params: ParamsOf<K>,
  options: CallOptions = {},
): Promise<SearchOutcome<FeatureOf<K>>> {
  try {
    const collection = await client.search(kind, params, options);
    const fetchedAt = new Date();
    cache.put(kind, params, collection, fetchedAt);
    return { collection, fromCache: false, fetchedAt: fetchedAt.toISOString() };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const cached = cache.get<FeatureOf<K>>(kind, params);
    if (!cached) throw error;
    const collection = {
      ...cached.envelope,
      type: 'FeatureCollection',
      features: cached.features,
    } as FeatureCollection<FeatureOf<K>>;
    return { collection, fromCache: true, fetchedAt: cached.fetchedAt };
  }
}
