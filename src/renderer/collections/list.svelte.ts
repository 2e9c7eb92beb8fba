import type {
  CollectionSearch,
  CollectionsPage,
  OfflineStatus,
} from '../../shared/ipc/collections.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';

export const LIST_PAGE = 24;

/** The list of collections: the search, its page and the offline state of each collection. */
export class CollectionsListState {
  params = $state<CollectionSearch>({ sort: 'updated_at', sort_dir: 'desc' });
  page = $state.raw<CollectionsPage | null>(null);
  /** A newer search (typing, paging) makes the answer to an older one too late to show. */
  readonly searching = new Operation();

  readonly #api: Api;

  readonly #stops: (() => void)[] = [];

  constructor(api: Api) {
    this.#api = api;
    this.#stops.push(api.on('collections.offline', (s) => this.#updateOffline(s)));
  }

  /** Ends its subscriptions (the page's states end with the page: App.svelte). */
  dispose(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** Searches with these parameters (the page goes back to the first unless given). */
  async search(patch: Partial<CollectionSearch> = {}): Promise<void> {
    this.params = { ...this.params, skip: 0, ...patch, limit: LIST_PAGE };
    const params = clean(this.params);
    const page = await this.searching.latest(() => this.#api.invoke('collections.search', params));
    if (page) this.page = page;
  }

  go(skip: number): Promise<void> {
    return this.search({ ...this.params, skip: Math.max(0, skip) });
  }

  #updateOffline(s: OfflineStatus): void {
    const page = this.page;
    if (!page?.results.some((c) => c._id === s.collectionId)) return;
    this.page = {
      ...page,
      results: page.results.map((c) => (c._id === s.collectionId ? { ...c, offline: s } : c)),
    };
  }
}

/** Empty fields are left out rather than sent as empty strings. */
function clean(p: CollectionSearch): CollectionSearch {
  return Object.fromEntries(
    Object.entries(p).filter(([, v]) => v !== undefined && v !== ''),
  ) as CollectionSearch;
}

export const collectionsListContext = contextSlot<CollectionsListState>('collectionsList');
