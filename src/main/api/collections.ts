/**
 * Collections (spec 4.6): a JSON envelope rather than GeoJSON, and image names paged by
 * marker rather than skip.
 */
import type {
  Collection,
  CollectionIndex,
  CollectionSearchParams,
  CollectionShowParams,
} from '../../shared/api/index.ts';
import {
  encodeSearchParams,
  PAGE_LIMITS,
  COLLECTION_IMAGES_LIMIT,
} from '../../shared/api/index.ts';
import type { CallOptions } from './client.ts';
import type { MediaOptions } from './groups.ts';
import { pageThrough } from './paging.ts';
import { MAX_QUERY_STRING } from './query.ts';
import type { Call, Method, MediaResponse, Requester } from './requester.ts';
import { segment } from './path.ts';
import { z } from 'zod';
import { collectionIndexAnswer, collectionWithImagesAnswer, okAnswer } from './answers.ts';

export interface CollectionCreate {
  name: string;
  description?: string;
  tags?: string | readonly string[];
}

/** Exactly one of the spec's parameter sets. */
export type CollectionImageSource =
  | { camera_id: string; time?: string }
  | { observation_id: string }
  | { recording_id: string; image?: string }
  | { collection_id: string; image: string };

/**
 * The spec gives the image operations as /collections/... and leaves the /v1 prefix open; the
 * embedded service (and every other path of the interface) uses /v1.
 */
export const COLLECTION_IMAGES_PREFIX = '/v1';

/** `/v1/collections/{id}`, the id as one path segment. */
function collectionPath(id: string): string {
  return `/v1/collections/${segment(id, 'collection id')}`;
}

/** The same under the prefix of the image operations (and destroy). */
function imagesBase(id: string): string {
  return `${COLLECTION_IMAGES_PREFIX}/collections/${segment(id, 'collection id')}`;
}

export class CollectionsApi {
  #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  search(params: CollectionSearchParams = {}, options: CallOptions = {}): Promise<CollectionIndex> {
    const query = encodeSearchParams(params);
    if (query.toString().length <= MAX_QUERY_STRING) {
      return this.#requester.json(
        this.#call('collections search', 'GET', '/v1/collections', options, { query }),
        collectionIndexAnswer,
      );
    }
    return this.#requester.json(
      this.#call('collections search', 'POST', '/v1/collections/_search', options, {
        json: params,
        idempotent: true,
      }),
      collectionIndexAnswer,
    );
  }

  /** Every collection reachable by paging. */
  iterate(params: CollectionSearchParams = {}, options: CallOptions = {}) {
    return pageThrough<Collection>(
      async (skip, limit) => {
        const page = await this.search({ ...params, skip, limit }, options);
        return { items: page.results, total: page.total };
      },
      { limit: PAGE_LIMITS.collections.limitMax, skipMax: PAGE_LIMITS.collections.skipMax },
      params.skip ?? 0,
    );
  }

  async show(id: string, params: CollectionShowParams = {}, options: CallOptions = {}) {
    const query = encodeSearchParams(params);
    return this.#requester.json(
      this.#call(`collection ${id}`, 'GET', collectionPath(id), options, { query }),
      collectionWithImagesAnswer,
    );
  }

  /** Every image name of a collection, following the marker from page to page. */
  async *imageNames(id: string, options: CallOptions = {}): AsyncGenerator<string> {
    let marker = '';
    for (;;) {
      const limit = COLLECTION_IMAGES_LIMIT.limitMax;
      const page = await this.show(id, { limit, ...(marker ? { marker } : {}) }, options);
      yield* page.images;
      if (page.images.length < limit) return;
      marker = page.images.at(-1)!;
    }
  }

  create(body: CollectionCreate, options: CallOptions = {}) {
    return this.#requester.json(
      this.#call(`new collection ${body.name}`, 'POST', '/v1/collections', options, {
        json: { ...body, tags: joinTags(body.tags) },
      }),
      okAnswer({ collection_id: z.string() }),
    );
  }

  async update(id: string, patch: Partial<CollectionCreate>, options: CallOptions = {}) {
    const json = patch.tags === undefined ? patch : { ...patch, tags: joinTags(patch.tags) };
    return this.#requester.json(
      this.#call(`collection ${id}`, 'PATCH', collectionPath(id), options, { json }),
      okAnswer({}),
    );
  }

  async image(id: string, name: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const path = `${imagesBase(id)}/images/${segment(name, 'image name')}`;
    return this.#requester.media(this.#call(`image ${name}`, 'GET', path, options), options.range);
  }

  async preview(id: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const path = `${imagesBase(id)}/preview`;
    return this.#requester.media(this.#call(`collection ${id} preview`, 'GET', path, options));
  }

  async addImage(id: string, source: CollectionImageSource, options: CallOptions = {}) {
    const path = `${imagesBase(id)}/images`;
    return this.#requester.json(
      this.#call(`image for collection ${id}`, 'POST', path, options, { json: source }),
      okAnswer({}),
    );
  }

  async removeImage(id: string, name: string, options: CallOptions = {}) {
    const path = `${imagesBase(id)}/images/${segment(name, 'image name')}`;
    return this.#requester.json(this.#call(`image ${name}`, 'DELETE', path, options), okAnswer({}));
  }

  /** Removes up to 1000 images per call; `total` tells how many were removed. */
  async empty(id: string, options: CallOptions = {}) {
    const path = `${imagesBase(id)}/images`;
    return this.#requester.json(
      this.#call(`images of collection ${id}`, 'DELETE', path, options),
      okAnswer({ total: z.number() }),
    );
  }

  /** The service destroys only an empty collection: call `empty` first. */
  async destroy(id: string, options: CallOptions = {}) {
    const path = imagesBase(id);
    return this.#requester.json(
      this.#call(`collection ${id}`, 'DELETE', path, options),
      okAnswer({}),
    );
  }

  #call(
    operation: string,
    method: Method,
    path: string,
    options: CallOptions,
    extra: Partial<Call> = {},
  ): Call {
    return { operation, method, path, signal: options.signal, ...extra };
  }
}

function joinTags(tags: string | readonly string[] | undefined): string | undefined {
  return Array.isArray(tags) ? tags.join(',') : (tags as string | undefined);
}
