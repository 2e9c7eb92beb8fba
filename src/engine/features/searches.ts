import type { searchChannels } from '../../shared/ipc/searches.ts';
import { searchPage, SearchAllRunner } from '../search/searches.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/**
 * Every search of the four resources, whichever view asks: one page (from the cache when the
 * service is unreachable) or every result past the paging limit. Complete searches still running
 * stop at close.
 */
export function searchesFeature(
  ctx: Pick<CoreParts, 'cache' | 'client' | 'hub'>,
): Feature<ChannelsIn<typeof searchChannels>> {
  const { client, cache } = ctx;
  const runner = new SearchAllRunner(client, cache.searches, ctx.hub);
  const handlers: Feature<ChannelsIn<typeof searchChannels>>['handlers'] = {
    'cameras.search': (p) => searchPage(client, cache.searches, 'cameras', p),
    'observations.search': (p) => searchPage(client, cache.searches, 'observations', p),
    'recordings.search': (p) => searchPage(client, cache.searches, 'recordings', p),
    'alerts.search': (p) => searchPage(client, cache.searches, 'alerts', p),
    'cameras.searchAll': ({ requestId, params }) => runner.run('cameras', requestId, params),
    'observations.searchAll': ({ requestId, params }) =>
      runner.run('observations', requestId, params),
    'alerts.all': () => runner.run('alerts', 'alerts-all', {}),
    'searches.cancel': ({ requestId }) => runner.cancel(requestId),
  };
  return { name: 'searches', handlers, close: () => runner.cancelAll() };
}
