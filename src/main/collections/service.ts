/**
 * The Collections feature's main-process side: the service's operations as the view needs
 * them (summaries with expiry and offline state, Empty repeated until done, Destroy after
 * Empty), and the same reads from SQLite when the service cannot be reached.
 */
import type { Collection } from '../../shared/api/index.ts';
import {
  expiryOf,
  GRID_PAGE,
  parseImageName,
  type CollectionImagesPage,
  type CollectionSearch,
  type CollectionsPage,
  type CollectionSummary,
  type ImageInfo,
  type ImageSource,
} from '../../shared/ipc/collections.ts';
import type { ApiClient } from '../api/client.ts';
import type { CollectionImageSource } from '../api/collections.ts';
import { NetworkError } from '../api/errors.ts';
import type { OfflineCollections } from '../cache/collections.ts';
import { pageAfter, searchLocal } from './local.ts';
import { allImageNames } from './names.ts';
import type { KeptStore } from './store.ts';

/** The most Empty calls one request makes: far more than 1000-image batches need. */
const MAX_EMPTY_CALLS = 10_000;

export interface CollectionsDeps {
  client: ApiClient;
  kept: KeptStore;
  offline: OfflineCollections;
  /** Called when the service could not be reached (to re-check the connection). */
  onUnreachable?: () => void;
  /**
   * False while the connection check says the service is down: reads then go to disk at once
   * instead of waiting through the client's retries on every call.
   */
  online?: () => boolean;
}

export class CollectionsService {
  readonly #d: CollectionsDeps;

  constructor(deps: CollectionsDeps) {
    this.#d = deps;
  }

  /** The service's answer, or `local(error)` when the service cannot be reached. */
  async #orLocal<T>(remote: () => Promise<T>, local: (why: string) => T): Promise<T> {
    if (this.#d.online && !this.#d.online()) {
      this.#d.onUnreachable?.();
      return local('The service cannot be reached (the last connection check failed).');
    }
    try {
      return await remote();
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      this.#d.onUnreachable?.();
      return local(error.message);
    }
  }

  summary(c: Collection, now = Date.now()): CollectionSummary {
    const { expiresAt, days } = expiryOf(c.created_at, now);
    return {
      _id: c._id,
      name: c.name,
      description: c.description,
      tags: c.tags,
      created_at: c.created_at,
      updated_at: c.updated_at,
      expiresAt,
      daysLeft: days,
      offline: this.#d.kept.status(c._id),
    };
  }

  search(p: CollectionSearch): Promise<CollectionsPage> {
    return this.#orLocal(
      () => this.#searchService(p),
      (error) => {
        const local = searchLocal(this.#keptCollections(), p);
        return {
          results: local.results.map((c) => this.summary(c)),
          total: local.total,
          skip: p.skip ?? 0,
          limit: p.limit ?? 10,
          tags: local.tags,
          offline: true,
          message: error,
        };
      },
    );
  }

  async #searchService(p: CollectionSearch): Promise<CollectionsPage> {
    const { tag, ...params } = p;
    const limit = p.limit ?? 10;
    const skip = p.skip ?? 0;
    let results: Collection[];
    let total: number;
    let aggs;
    if (tag === undefined) {
      const page = await this.#d.client.collections.search({ ...params, aggs: ['tags'] });
      ({ results, total, aggs } = page);
    } else {
      // The index has no tag filter: the tag narrows the text search, the exact match is ours.
      const q = [params.q, tag].filter(Boolean).join(' ');
      const page = await this.#d.client.collections.search({
        ...params,
        limit: 1,
        skip: 0,
        aggs: ['tags'],
      });
      aggs = page.aggs;
      const all: Collection[] = [];
      for await (const c of this.#d.client.collections.iterate({ ...params, q, skip: 0 })) {
        if (c.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) all.push(c);
      }
      total = all.length;
      results = all.slice(skip, skip + limit);
    }
    const kept = results.filter((c) => this.#d.kept.isKept(c._id));
    if (kept.length > 0) this.#d.offline.save(kept);
    const buckets = (aggs?.['tags'] ?? []) as { key: string | number; doc_count: number }[];
    return {
      results: results.map((c) => this.summary(c)),
      total,
      skip,
      limit,
      tags: buckets.map((b) => ({ key: String(b.key), count: b.doc_count })),
      offline: false,
      message: null,
    };
  }

  images(id: string, marker = '', limit = GRID_PAGE): Promise<CollectionImagesPage> {
    const remote = async () => {
      const page = await this.#d.client.collections.show(id, {
        limit,
        ...(marker ? { marker } : {}),
      });
      return {
        collection: this.summary(page),
        images: this.#info(id, page.images),
        next: page.images.length < limit ? null : page.images.at(-1)!,
        offline: false,
      };
    };
    return this.#orLocal(remote, (error) => {
      const local = this.#local(id, error);
      const images = pageAfter(local.images, marker, limit);
      return {
        collection: this.summary(local),
        images: this.#info(id, images),
        next: images.length < limit ? null : images.at(-1)!,
        offline: true,
      };
    });
  }

  count(id: string): Promise<number> {
    return this.#orLocal(
      async () => (await allImageNames(this.#d.client, id)).names.length,
      (error) => this.#local(id, error).images.length,
    );
  }

  /** Image names for export: from disk when kept and the service is away, else the service. */
  names(id: string): Promise<{ collection: Collection; names: string[] }> {
    return this.#orLocal(
      () => allImageNames(this.#d.client, id),
      (error) => {
        const local = this.#local(id, error);
        return { collection: local, names: local.images };
      },
    );
  }

  async addImage(id: string, source: ImageSource): Promise<string | null> {
    const answer = await this.#d.client.collections.addImage(id, toParams(source));
    // The interface answers {ok: true}; the embedded service also names the image it stored.
    const image = (answer as { image?: unknown }).image;
    if (typeof image !== 'string') return null;
    this.#d.kept.recordSource(id, image, source);
    return image;
  }

  async removeImage(id: string, name: string): Promise<void> {
    await this.#d.client.collections.removeImage(id, name);
    this.#d.kept.forgetSources(id, name);
  }

  /** Empty removes up to 1000 images a call: repeat until a call removes none. */
  async empty(id: string, onProgress: (removed: number) => void): Promise<number> {
    let removed = 0;
    for (let call = 0; call < MAX_EMPTY_CALLS; call++) {
      const { total } = await this.#d.client.collections.empty(id);
      if (total === 0) break;
      removed += total;
      onProgress(removed);
    }
    this.#d.kept.forgetSources(id);
    return removed;
  }

  #info(id: string, names: readonly string[]): ImageInfo[] {
    const sources = this.#d.kept.sources(id, names);
    return names.map((name) => ({
      name,
      ...parseImageName(name),
      source: sources.get(name) ?? null,
    }));
  }

  #keptCollections(): Collection[] {
    const kept = new Set(this.#d.kept.keptIds());
    return this.#d.offline.list().filter((c) => kept.has(c._id));
  }

  #local(id: string, why: string) {
    const local = this.#d.kept.isKept(id) ? this.#d.offline.get(id) : undefined;
    if (!local) {
      throw new Error(
        `${why} Collection ${id} is not kept offline, so it cannot be shown now. Try again when the connection is back; "Keep offline" makes a collection available without it.`,
      );
    }
    return local;
  }
}

function toParams(s: ImageSource): CollectionImageSource {
  switch (s.kind) {
    case 'camera':
      return { camera_id: s.cameraId };
    case 'archive':
      return { camera_id: s.cameraId, time: s.time };
    case 'observation':
      return { observation_id: s.observationId };
    case 'recording':
      return { recording_id: s.recordingId };
    case 'recordingFrame':
      return { recording_id: s.recordingId, image: s.image };
    case 'collection':
      return { collection_id: s.collectionId, image: s.image };
  }
}
