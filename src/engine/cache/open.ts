/** The cache modules of one data folder, for one service. */
import { join } from 'node:path';
import type { Settings } from '../../shared/settings.ts';
import type { Db } from '../db/database.ts';
import { OfflineCollections } from './collections.ts';
import { MediaCache, megabytes } from './media.ts';
import { SearchCache } from './searches.ts';

export interface Cache {
  searches: SearchCache;
  media: MediaCache;
  collections: OfflineCollections;
}

/** `service` keeps accounts apart ("demo" or a base URL); the media cap follows the setting. */
export function openCache(
  db: Db,
  dataDir: string,
  service: string,
  settings: () => Settings,
): Cache {
  const cache = {
    searches: new SearchCache(db, service),
    media: new MediaCache(db, join(dataDir, 'media'), () => megabytes(settings().cacheSizeMB)),
    collections: new OfflineCollections(db, service),
  };
  // Trimmed once at start as well as on writes: the cap may have been lowered since.
  cache.searches.prune();
  cache.media.evict();
  return cache;
}
