import { join } from 'node:path';
import type {
  CollectionProgress,
  collectionsChannels,
  ImageSource,
} from '../../shared/ipc/collections.ts';
import { writeCollectionExport } from '../collections/export.ts';
import { RecordingFrames } from '../collections/frames.ts';
import { CollectionsService } from '../collections/service.ts';
import { KeptStore } from '../collections/store.ts';
import { CollectionSync } from '../collections/sync.ts';
import { makeThumbnail } from '../collections/thumbnails.ts';
import type { DownloadManager } from '../downloads/manager.ts';
import type { MediaExtensions } from '../media/resolver.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';
import { Disposables } from './disposables.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';

/** Kept collections are re-synced this often while online, besides after every change. */
const SYNC_INTERVAL_MS = 5 * 60_000;

type CollectionsParts = Pick<
  CoreParts,
  'cache' | 'client' | 'connection' | 'dataDir' | 'db' | 'folders' | 'hub' | 'log' | 'service'
>;

type CollectionsFeature = Feature<ChannelsIn<typeof collectionsChannels>> & {
  /** What the media resolver serves from here: kept images from disk, and thumbnails. */
  media: MediaExtensions;
  /**
   * Adds an image, and a collection kept offline follows at once: the one way to add, for the
   * wall's snapshots as for the collections' channel.
   */
  addImage(id: string, source: ImageSource): Promise<string | null>;
};

/**
 * Collections, and the ones kept offline: synced when the service comes back and every five
 * minutes while it is up (from start to close), their images through the download queue.
 */
export function collectionsFeature(
  ctx: CollectionsParts,
  downloads: DownloadManager,
): CollectionsFeature {
  const { client, hub } = ctx;
  const service = ctx.service.key;
  const kept = new KeptStore(ctx.db, service);
  const frames = new RecordingFrames(client, join(ctx.dataDir, 'tmp'));
  const sync = new CollectionSync({
    client,
    kept,
    offline: ctx.cache.collections,
    service,
    dataDir: ctx.dataDir,
    downloads: () => downloads,
    onStatus: (s) => hub.emit('collections.offline', s),
    log: ctx.log,
  });
  const collections = new CollectionsService({
    client,
    kept,
    offline: ctx.cache.collections,
    onUnreachable: () => void ctx.connection.check(),
    online: () => ctx.connection.reachable(),
  });

  /** After a change made here, a kept collection follows at once (in the background). */
  const follow = (id: string) => {
    if (kept.isKept(id)) void sync.sync(id).catch(() => undefined);
  };
  const addImage = async (id: string, source: ImageSource) => {
    const image = await collections.addImage(id, source);
    follow(id);
    return image;
  };
  const progress = (p: CollectionProgress) => hub.emit('collections.progress', p);

  const handlers: CollectionsFeature['handlers'] = {
    'collections.search': (p) => collections.search(p),
    'collections.images': ({ id, marker, limit }) => collections.images(id, marker, limit),
    'collections.count': async ({ id }) => ({ images: await collections.count(id) }),
    'collections.create': async ({ name, description, tags }) => {
      const answer = await client.collections.create({
        name,
        description: description ?? '',
        tags: tags ?? [],
      });
      ctx.log(`collection ${answer.collection_id} created`);
      return { id: answer.collection_id };
    },
    'collections.update': async ({ id, ...patch }) => {
      await client.collections.update(id, patch);
      follow(id);
      return { ok: true };
    },
    'collections.addImage': async ({ id, source }) => ({ image: await addImage(id, source) }),
    'collections.removeImage': async ({ id, name }) => {
      await collections.removeImage(id, name);
      follow(id);
      return { ok: true };
    },
    'collections.empty': async ({ id, operationId }) => {
      const total = await collections.count(id);
      const base = { operationId, collectionId: id, kind: 'empty' as const, total };
      progress({ ...base, done: 0, finished: false });
      const removed = await collections.empty(id, total, (done) =>
        progress({ ...base, done, finished: false }),
      );
      progress({ ...base, done: removed, finished: true });
      follow(id);
      return { removed };
    },
    'collections.destroy': async ({ id, operationId }) => {
      const total = await collections.count(id);
      const base = { operationId, collectionId: id, kind: 'destroy' as const, total };
      progress({ ...base, done: 0, finished: false });
      const removed = await collections.empty(id, total, (done) =>
        progress({ ...base, done, finished: false }),
      );
      await client.collections.destroy(id);
      await sync.release(id);
      progress({ ...base, done: removed, finished: true });
      ctx.log(`collection ${id} destroyed (${removed} images removed first)`);
      return { removed };
    },
    'collections.keepOffline': async ({ id, keep }) => {
      if (!keep) {
        await sync.release(id);
        return null;
      }
      // The first sync runs on; its progress arrives as collections.offline events.
      sync.keep(id).catch((error: unknown) => ctx.log(`sync of ${id}: ${String(error)}`));
      return sync.status(id);
    },
    'collections.sync': ({ id }) => {
      if (!kept.isKept(id)) throw new SaidError(said('collections.offline.notKept', { id }));
      return sync.sync(id);
    },
    'collections.recordingFrames': ({ recordingId }) => frames.list(recordingId),
    'collections.export': async ({ id, as, operationId }) => {
      const { collection, names } = await collections.names(id);
      const result = await writeCollectionExport({
        collection,
        names,
        as,
        into: ctx.folders().exports,
        client,
        localFile: (name) => sync.localFile(id, name),
        sources: kept.sources(id, names),
        onProgress: (done, total) =>
          progress({
            operationId,
            collectionId: id,
            kind: 'export',
            done,
            total,
            finished: done === total,
          }),
      });
      ctx.log(`collection ${id} exported to ${result.path}`);
      return result;
    },
  };

  // Every kept collection is synced when the service comes back, and periodically while up.
  let online = false;
  const running = new Disposables();
  return {
    name: 'collections',
    handlers,
    addImage,
    media: {
      collectionFile: (id, name) => {
        const path = sync.localFile(id, name);
        if (!path) return null;
        return { path, contentType: kept.image(id, name)?.contentType ?? 'image/jpeg' };
      },
      thumbnail: makeThumbnail,
    },
    start() {
      // A sync that outlived the core would write to a closed database (it crashed the process).
      running.add(() => sync.close());
      running.add(
        hub.on('app.statusChanged', (s) => {
          if (s.online && !online) void sync.syncAll();
          online = s.online;
        }),
      );
      running.every(SYNC_INTERVAL_MS, () => {
        if (online) void sync.syncAll();
      });
    },
    close: () => running.dispose(),
  };
}
