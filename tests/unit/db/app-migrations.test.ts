/**
 * Every migration of the app's database, applied by the runner to a database at the version
 * before it, changes exactly what it says, and none imports live code. What the migrations
 * mean for data is tested beside the code that reads it: 0010 and 0500 in database.test.ts,
 * 0050 and 0510 in cache/cache.test.ts, 0100 in map/favourites.test.ts, 0200 and 0620 in
 * wall/store.test.ts, 0300, 0520 (rows carried over), 0530 and 0580 in downloads/store.test.ts, 0640 in downloads/download-words.test.ts,
 * 0400 in collections/store.test.ts, 0590 in collections/file-names.test.ts, 0650 in
 * conditions/check-words.test.ts, 0660 in collections/kept-store.test.ts.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { changesOf, liveImportsOf } from '../../helpers/schema.ts';

/** The frozen record of each migration's schema changes; a new migration adds its line. */
const CHANGES: Record<number, string[]> = {
  10: ['+table settings (key, value)'],
  20: ['+table profiles (name, base_url, client_id, created_at, updated_at)'],
  30: [
    '+index cached_searches_used ON cached_searches',
    '+table cached_features (search_id, position, feature)',
    '+table cached_searches (id, service, kind, key, total, envelope, fetched_at, used_at)',
  ],
  40: [
    '+index media_cache_used ON media_cache',
    '+table media_cache (key, file, content_type, size, created_at, used_at)',
  ],
  50: [
    '+index downloads_state ON downloads',
    '+table downloads (id, recording_id, format, target, state, bytes_done, bytes_total, etag, error, created_at, updated_at)',
  ],
  60: [
    '+table offline_collection_images (service, collection_id, position, name)',
    '+table offline_collections (service, id, name, description, tags, created_at, updated_at, synced_at, images_synced_at)',
  ],
  100: ['+table favourite_cameras (service, camera_id, name, added_at)'],
  200: [
    '+index walls_opened ON walls',
    '+table wall_tiles (wall_id, position, camera_id, camera, col_span, row_span)',
    '+table walls (id, name, layout, columns, updated_at, opened_at)',
  ],
  300: [
    '+index download_batches_key ON download_batches',
    '+index download_items_batch ON download_items',
    '+index download_items_state ON download_items',
    '+table download_batches (id, service, key, label, folder, template, existing, message, created_at, finished_at, announced)',
    '+table download_items (id, batch_id, recording_id, format, state, name, resolved, bytes_done, bytes_total, etag, sha256, skipped, message, attempts, not_before, updated_at)',
  ],
  400: [
    '+table collection_image_sources (service, collection_id, name, source, added_at)',
    '+table kept_collections (service, id, kept_at, state, synced_at, message)',
    '+table kept_images (service, collection_id, name, file, size, etag, content_type, done)',
  ],
  500: [
    '+index watched_areas_service ON watched_areas',
    '+table watched_alerts_seen (area_id, alert_id, seen_at)',
    '+table watched_areas (id, service, name, area, created_at)',
  ],
  510: ['-index downloads_state', '-table downloads'],
  // download_items is rebuilt: its indexes are made again under the same names.
  520: ['~table download_batches +purpose', '~table download_items +kind +collection_id +image'],
  530: ['+index download_items_queue ON download_items'],
  580: ['~table download_batches +space_needed'],
  590: ['+index kept_images_file ON kept_images', '~table kept_images +moved_from'],
  600: ['+table routes (id, service, name, line, buffer_km, updated_at)'],
  610: [
    '+index condition_watches_service ON condition_watches',
    '+table condition_changes (id, watch_id, kind, camera_id, place, observation_id, prev_id, time, before, after, noticed_at, announced)',
    '+table condition_watches (id, service, name, target, changes, created_at, checked_until, problem)',
  ],
  // download_items is rebuilt with a wider CHECK, same columns, indexes made again; rows kept
  // (datasets/preview-items.test.ts).
  620: ['+index download_items_preview ON download_items'],
  // walls and wall_tiles are rebuilt for the 5 × 5 and 6 × 6 layouts: same columns and index.
  630: [],
  640: ['~table download_batches +message_said +label_said', '~table download_items +message_said'],
  650: ['~table condition_watches +problem_said'],
  660: ['~table kept_collections +message_said'],
};

describe('each app migration, on a database at the previous version', () => {
  it('has its record of changes here, and every record its migration', () => {
    expect(Object.keys(CHANGES).map(Number)).toEqual(migrations.map((m) => m.version));
  });

  for (const m of migrations) {
    it(`${m.version} ${m.name} changes what it says`, () => {
      expect(changesOf(migrations, m.version)).toEqual(CHANGES[m.version]);
    });
  }

  it('are frozen text: no migration imports anything but the Migration type', () => {
    const folder = join(import.meta.dirname, '../../../src/engine/db/migrations');
    const allowed = [
      "import type { Migration } from '../../../sqlite/migrate.ts';",
      // A Node built-in is not live code: SHA-256 does not change with the app.
      "import { createHash } from 'node:crypto';",
    ];
    expect(liveImportsOf(folder, allowed)).toEqual([]);
  });
});
