/**
 * Migration 0620: the download queue's items may be an observation's preview (a dataset's
 * file). Every earlier row and column is kept; a preview names its observation and nothing
 * else, once per batch.
 */
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { DownloadQueueStore } from '../../../src/engine/downloads/store.ts';
import { migrate } from '../../../src/sqlite/migrate.ts';

function queueAt610(): Database.Database {
  const db = new Database(':memory:');
  migrate(
    db,
    migrations.filter((m) => m.version <= 610),
  );
  db.prepare(
    `INSERT INTO download_batches (id, service, key, label, folder, template, existing, created_at)
       VALUES (1, 's', 'k', 'b', '/tmp/x', '{recording_id}.{format}', 'rename', 't')`,
  ).run();
  db.prepare(
    `INSERT INTO download_items (id, batch_id, kind, recording_id, format, state, name, resolved,
       bytes_done, bytes_total, etag, sha256, skipped, message, attempts, not_before, updated_at)
     VALUES (1, 1, 'recording', 'r', 'zip', 'paused', 'r.zip', 1, 10, 20, 'e', 'h', 0, 'm', 2, 5, 't')`,
  ).run();
  db.prepare(
    `INSERT INTO download_items (id, batch_id, kind, collection_id, image, state, name, updated_at)
     VALUES (2, 1, 'collection-image', 'c', 'i.jpg', 'completed', 'c/i.jpg', 't')`,
  ).run();
  return db;
}

it('keeps every row and column of the queue', () => {
  const db = queueAt610();
  const before = db.prepare('SELECT * FROM download_items ORDER BY id').all();
  // Up to this migration only: later ones may add columns of their own.
  migrate(
    db,
    migrations.filter((m) => m.version <= 620),
  );
  expect(db.prepare('SELECT * FROM download_items ORDER BY id').all()).toEqual(before);
  // Deleting the batch still deletes its items (the foreign key survived the rebuild).
  db.prepare('DELETE FROM download_batches WHERE id = 1').run();
  expect(db.prepare('SELECT count(*) FROM download_items').pluck().get()).toBe(0);
  db.close();
});

it('takes previews by observation id, each once per batch, and nothing else with them', () => {
  const db = queueAt610();
  migrate(db, migrations);
  const store = new DownloadQueueStore(db);
  const preview = { observationId: 'cam_2026', name: 'a.jpg', state: 'queued' as const };
  expect(store.addItems(1, [preview])).toHaveLength(1);
  expect(store.addItems(1, [{ ...preview, name: 'b.jpg' }])).toEqual([]);
  expect(store.itemsOfBatch(1).find((i) => i.kind === 'observation-preview')).toMatchObject({
    image: 'cam_2026',
    collection_id: null,
    recording_id: null,
    name: 'a.jpg',
  });
  expect(() =>
    db
      .prepare(
        `INSERT INTO download_items (batch_id, kind, collection_id, image, name, updated_at)
         VALUES (1, 'observation-preview', 'c', 'x', 'x.jpg', 't')`,
      )
      .run(),
  ).toThrow(/CHECK/);
  db.close();
});
