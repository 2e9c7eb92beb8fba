/**
 * Collections (interface 4.6): a JSON envelope rather than GeoJSON, and image names paged by
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
import { pageThrough } from './paging.ts';
import { MAX_QUERY_STRING } from './query.ts';
import { call, joinTags, type CallOptions, type MediaOptions, type MediaResponse } from './call.ts';
import type { Requester } from './requester.ts';
import { segment } from './path.ts';
import { ServiceError } from './errors.ts';
import { PrefixFinder, type ImagesPrefix, type PrefixMemory } from './collection-prefix.ts';

export type { ImagesPrefix, PrefixMemory } from './collection-prefix.ts';
import { z } from 'zod';
import { said } from '../../shared/i18n/translator.ts';
import { collectionIndexAnswer, collectionWithImagesAnswer, okAnswer } from './answers/answers.ts';

export interface CollectionCreate {
  name: string;
  description?: string;
  tags?: string | readonly string[];
}

/** Exactly one of the interface's parameter sets. */
export type CollectionImageSource =
  | { camera_id: string; time?: string }
  | { observation_id: string }
  | { recording_id: string; image?: string }
  | { collection_id: string; image: string };

const SEARCH = said('api.op.search', { kind: 'collections' });

/** "collection ID": its Show, Update and Destroy. */
function collectionOp(id: string) {
  return said('api.op.show', { kind: 'collections', id });
}

/** "image NAME": one image of a collection. */
function imageOp(name: string) {
  return said('api.op.image', { name });
}

/** `/v1/collections/{id}`, the id as one path segment. */
function collectionPath(id: string): string {
  return `/v1/collections/${segment(id, 'collectionId')}`;
}

export class CollectionsApi {
  #requester: Requester;
  /** Under which prefix the image operations are served (collection-prefix.ts). */
  readonly #prefix: PrefixFinder;

  constructor(requester: Requester) {
    this.#requester = requester;
    this.#prefix = new PrefixFinder({
      collectionGone: async (id) => {
        try {
          await this.show(id, { limit: 1 });
          return null;
        } catch (error) {
          if (error instanceof ServiceError && error.status === 404) return error;
          throw error;
        }
      },
      previewServed: (base, id) =>
        this.#requester
          .signedUrl(
            call(said('media.what.collectionPreview', { id }), 'GET', `${base}/preview`, {}),
          )
          .then(() => undefined),
    });
  }

  /** Keeps what is learned about the prefix in `memory` (and what was learned before it). */
  rememberPrefixIn(memory: PrefixMemory): void {
    this.#prefix.rememberIn(memory);
  }

  /** The prefix in use, once learned. */
  get imagesPrefix(): ImagesPrefix | undefined {
    return this.#prefix.known;
  }

  search(params: CollectionSearchParams = {}, options: CallOptions = {}): Promise<CollectionIndex> {
    const query = encodeSearchParams(params);
    if (query.toString().length <= MAX_QUERY_STRING) {
      return this.#requester.json(
        call(SEARCH, 'GET', '/v1/collections', options, { query }),
        collectionIndexAnswer,
      );
    }
    return this.#requester.json(
      call(SEARCH, 'POST', '/v1/collections/_search', options, {
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
      SEARCH,
    );
  }

  async show(id: string, params: CollectionShowParams = {}, options: CallOptions = {}) {
    const query = encodeSearchParams(params);
    return this.#requester.json(
      call(collectionOp(id), 'GET', collectionPath(id), options, { query }),
      collectionWithImagesAnswer,
    );
  }

  /**
   * Every image name of a collection, following the marker from page to page: until a page is
   * empty or the marker stops moving, not until a page is short (a service may hand out
   * fewer names than asked for). A name seen twice is yielded once.
   */
  async *imageNames(id: string, options: CallOptions = {}): AsyncGenerator<string> {
    const seen = new Set<string>();
    let marker = '';
    for (;;) {
      const limit = COLLECTION_IMAGES_LIMIT.limitMax;
      const page = await this.show(id, { limit, ...(marker ? { marker } : {}) }, options);
      for (const name of page.images) {
        if (seen.has(name)) continue;
        seen.add(name);
        yield name;
      }
      const last = page.images.at(-1);
      if (last === undefined || last === marker) return;
      marker = last;
    }
  }

  create(body: CollectionCreate, options: CallOptions = {}) {
    return this.#requester.json(
      call(said('api.op.newCollection', { name: body.name }), 'POST', '/v1/collections', options, {
        json: { ...body, tags: joinTags(body.tags) },
      }),
      okAnswer({ collection_id: z.string() }),
    );
  }

  async update(id: string, patch: Partial<CollectionCreate>, options: CallOptions = {}) {
    const json = patch.tags === undefined ? patch : { ...patch, tags: joinTags(patch.tags) };
    return this.#requester.json(
      call(collectionOp(id), 'PATCH', collectionPath(id), options, { json }),
      okAnswer({}),
    );
  }

  async image(id: string, name: string, options: MediaOptions = {}): Promise<MediaResponse> {
    return this.#prefix.run(id, (base) =>
      this.#requester.media(
        call(imageOp(name), 'GET', `${base}/images/${segment(name, 'imageName')}`, options),
        options.range,
      ),
    );
  }

  /** The signed URL of an image without fetching it (the download engine fetches it). */
  async imageUrl(id: string, name: string, options: CallOptions = {}): Promise<string> {
    return this.#prefix.run(id, (base) =>
      this.#requester.signedUrl(
        call(imageOp(name), 'GET', `${base}/images/${segment(name, 'imageName')}`, options),
      ),
    );
  }

  async preview(id: string, options: MediaOptions = {}): Promise<MediaResponse> {
    return this.#prefix.run(id, (base) =>
      this.#requester.media(
        call(said('media.what.collectionPreview', { id }), 'GET', `${base}/preview`, options),
      ),
    );
  }

  /**
   * The interface answers {ok: true}; a service may name the stored image too (`image`), which is
   * passed on when it is a string.
   */
  async addImage(
    id: string,
    source: CollectionImageSource,
    options: CallOptions = {},
  ): Promise<{ ok: true; image?: string }> {
    const answer = await this.#prefix.run(id, (base) =>
      this.#requester.json(
        call(said('api.op.addImage', { id }), 'POST', `${base}/images`, options, {
          json: source,
        }),
        okAnswer({}),
      ),
    );
    const image: unknown = answer['image'];
    return typeof image === 'string' && image !== '' ? { ok: true, image } : { ok: true };
  }

  async removeImage(id: string, name: string, options: CallOptions = {}) {
    return this.#prefix.run(id, (base) =>
      this.#requester.json(
        call(imageOp(name), 'DELETE', `${base}/images/${segment(name, 'imageName')}`, options),
        okAnswer({}),
      ),
    );
  }

  /** Removes up to 1000 images per call; `total` tells how many were removed. */
  async empty(id: string, options: CallOptions = {}) {
    return this.#prefix.run(id, (base) =>
      this.#requester.json(
        call(said('api.op.collectionImages', { id }), 'DELETE', `${base}/images`, options),
        okAnswer({ total: z.number() }),
      ),
    );
  }

  /** The service destroys only an empty collection: call `empty` first. */
  async destroy(id: string, options: CallOptions = {}) {
    return this.#prefix.run(id, (base) =>
      this.#requester.json(call(collectionOp(id), 'DELETE', base, options), okAnswer({})),
    );
  }
}
