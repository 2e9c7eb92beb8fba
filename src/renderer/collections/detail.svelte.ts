import {
  type CollectionSummary,
  type ImageInfo,
  type OfflineStatus,
} from '../../shared/ipc/collections.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';
import { MarkerPager } from './pager.ts';

/**
 * Image names per page of the grid: the most the service gives at once. The grid renders only
 * the rows in view, so a big page costs no cells, and the 5,000th image of a collection is 25
 * pages away instead of 209.
 */
const PAGE = 200;

/** One collection shown: its fields and the images loaded so far (marker paging). */
export class CollectionDetailState {
  id = $state<string | null>(null);
  collection = $state.raw<CollectionSummary | null>(null);
  images = $state.raw<ImageInfo[]>([]);
  done = $state(false);
  offline = $state(false);
  #pager: MarkerPager<ImageInfo> | null = null;
  /** The pages of the collection shown: opening another makes a page still loading too late. */
  readonly paging = new Operation();

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

  /** Shows a collection from its first page. */
  open(id: string): Promise<void> {
    this.id = id;
    this.collection = null;
    this.images = [];
    this.done = false;
    this.paging.error = null;
    const pager = new MarkerPager<ImageInfo>(
      async (marker) => {
        const page = await this.#api.invoke('collections.images', {
          id,
          limit: PAGE,
          ...(marker ? { marker } : {}),
        });
        if (this.#pager === pager) {
          this.collection = page.collection;
          this.offline = page.offline;
        }
        return { items: page.images, next: page.next };
      },
      (image) => image.name,
    );
    this.#pager = pager;
    return this.more();
  }

  /** The next page, when the end of the grid comes into view. */
  async more(): Promise<void> {
    const pager = this.#pager;
    if (!pager || pager.done || pager.loading) return;
    const loaded = await this.paging.latest(() => pager.more().then(() => pager));
    if (loaded !== this.#pager) return;
    this.images = [...pager.items];
    this.done = pager.done;
  }

  reload(): Promise<void> {
    return this.id ? this.open(this.id) : Promise.resolve();
  }

  removed(name: string): void {
    this.#pager?.remove(name);
    this.images = this.images.filter((i) => i.name !== name);
  }

  setCollection(c: CollectionSummary): void {
    this.collection = c;
  }

  #updateOffline(s: OfflineStatus): void {
    if (this.collection?._id === s.collectionId)
      this.collection = { ...this.collection, offline: s };
  }
}

export const collectionDetailContext = contextSlot<CollectionDetailState>('collectionDetail');
