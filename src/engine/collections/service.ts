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
import { addImageFailure } from './add-image-failure.ts';
import { allImageNames } from './names.ts';
import type { KeptStore } from './store.ts';

/** The most Empty calls one request makes: far more than 1000-image batches need. */
const MAX_EMPTY_CALLS = 10_000;
/** Images Empty removes per call (interface 4.6). */
const EMPTY_BATCH = 1000;

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
  /** Whether the service's Add Image answers name the image (learned from its answers). */
  #answersNames = false;

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

  /** Days left are counted on the service's clock, which the machine's need not share. */
  summary(c: Collection, now = this.#d.client.serviceNow()): CollectionSummary {
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
        next: await this.#next(id, marker, page.images, limit),
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

  /**
   * The marker of the page after `images`, or null at the end. A page shorter than asked for
   * need not be the last (a service may hand out fewer names than asked for): one name looked
   * up after it says. An empty page, or a marker that does not move, is the end.
   */
  async #next(id: string, marker: string, images: readonly string[], limit: number) {
    const last = images.at(-1);
    if (last === undefined || last === marker) return null;
    if (images.length >= limit) return last;
    const after = await this.#d.client.collections.show(id, { limit: 1, marker: last });
    const more = after.images[0];
    return more !== undefined && more !== last && !images.includes(more) ? last : null;
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

  /**
   * Adds an image; answers its name when it can be known, and records where it came from.
   * The interface answers {ok: true} alone; a service may name the image (`image`). One that does
   * not is asked for the collection's names before and after, and the one new name is it.
   */
  async addImage(id: string, source: ImageSource): Promise<string | null> {
    const before = this.#answersNames ? undefined : await this.#namesOf(id);
    const answer = await this.#d.client.collections
      .addImage(id, toParams(source))
      .catch((error: unknown) => {
        throw addImageFailure(error, source);
      });
    this.#answersNames = answer.image !== undefined;
    let image = answer.image ?? null;
    if (image === null && before) {
      const fresh = [...(await this.#namesOf(id))].filter((name) => !before.has(name));
      // None new (the image was there already) or several (someone else added too): unknown.
      image = fresh.length === 1 ? fresh[0]! : null;
    }
    if (image !== null) this.#d.kept.recordSource(id, image, source);
    return image;
  }

  async #namesOf(id: string): Promise<Set<string>> {
    return new Set((await allImageNames(this.#d.client, id)).names);
  }

  async removeImage(id: string, name: string): Promise<void> {
    await this.#d.client.collections.removeImage(id, name);
    this.#d.kept.forgetSources(id, name);
  }

  /**
   * Empty removes up to 1000 images a call and answers a `total` whose meaning the interface does
   * not fix (ours: how many the call removed; another service's: how many are left). So `total` is
   * not read: the calls go on until Show lists no image, and progress counts 1000 a call out of
   * the `before` images counted first.
   */
  async empty(id: string, before: number, onProgress: (removed: number) => void): Promise<number> {
    for (let call = 1; call <= MAX_EMPTY_CALLS; call++) {
      await this.#d.client.collections.empty(id);
      const left = await this.#d.client.collections.show(id, { limit: 1 });
      if (left.images.length === 0) break;
      onProgress(Math.min(before, call * EMPTY_BATCH));
    }
    onProgress(before);
    this.#d.kept.forgetSources(id);
    return before;
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
