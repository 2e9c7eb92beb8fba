import type { Migration } from '../../../sqlite/migrate.ts';
import { migration as settings } from './0010-settings.ts';
import { migration as profiles } from './0020-profiles.ts';
import { migration as searchCache } from './0030-search-cache.ts';
import { migration as mediaCache } from './0040-media-cache.ts';
import { migration as downloads } from './0050-downloads.ts';
import { migration as collections } from './0060-collections.ts';
import { migration as favourites } from './0100-favourites.ts';
import { migration as walls } from './0200-walls.ts';
import { migration as downloadQueue } from './0300-download-queue.ts';
import { migration as keptCollections } from './0400-kept-collections.ts';
import { migration as watchedAreas } from './0500-watched-areas.ts';
import { migration as dropLegacyDownloads } from './0510-drop-legacy-downloads.ts';
import { migration as downloadItemKinds } from './0520-download-item-kinds.ts';
import { migration as downloadQueueOrder } from './0530-download-queue-order.ts';
import { migration as downloadSpaceWaits } from './0580-download-space-waits.ts';
import { migration as keptImageFiles } from './0590-kept-image-files.ts';
import { migration as routes } from './0600-routes.ts';
import { migration as conditionWatches } from './0610-condition-watches.ts';
import { migration as observationPreviewItems } from './0620-observation-preview-items.ts';
import { migration as wallLayouts } from './0630-wall-layouts.ts';
import { migration as downloadWords } from './0640-download-words.ts';
import { migration as conditionWords } from './0650-condition-words.ts';
import { migration as keptCollectionWords } from './0660-kept-collection-words.ts';

/** Every migration, in order. Add new ones at the end with a higher version number. */
export const migrations: readonly Migration[] = [
  settings,
  profiles,
  searchCache,
  mediaCache,
  downloads,
  collections,
  favourites,
  walls,
  downloadQueue,
  keptCollections,
  watchedAreas,
  dropLegacyDownloads,
  downloadItemKinds,
  downloadQueueOrder,
  downloadSpaceWaits,
  keptImageFiles,
  routes,
  conditionWatches,
  observationPreviewItems,
  wallLayouts,
  downloadWords,
  conditionWords,
  keptCollectionWords,
];
