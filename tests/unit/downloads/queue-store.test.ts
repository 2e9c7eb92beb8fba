import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { ProgressTracker } from '../../../src/engine/downloads/progress.ts';
import { DownloadQueueStore } from '../../../src/engine/downloads/store.ts';
import { said } from '../../../src/shared/i18n/translator.ts';
import type { DownloadsUpdate } from '../../../src/shared/ipc/downloads.ts';
import { freshDatabases } from '../../helpers/db.ts';
import { batch } from '../../helpers/queue-batch.ts';
import { sleep } from '../../helpers/wait.ts';

const freshDb = freshDatabases();

describe('migration 0300-download-queue', () => {
  it('creates STRICT batch and item tables with the seven states', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 300),
    );
    for (const table of ['download_batches', 'download_items']) {
      const { sql } = db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(table) as {
        sql: string;
      };
      expect(sql).toMatch(/STRICT/);
    }
    // The store of today needs 0520's columns: the 0300 tables are written with SQL.
    insertV300(db);
    const setState = db.prepare('UPDATE download_items SET state = ? WHERE id = 1');
    for (const state of ['waiting', 'downloading', 'paused', 'completed', 'failed', 'canceled']) {
      setState.run(state);
    }
    expect(() => setState.run('done')).toThrow(/CHECK/);
    db.close();
  });
});

/** A batch with two recording files, as 0300 stored them. */
function insertV300(db: Database.Database): void {
  db.prepare(
    `INSERT INTO download_batches (id, service, key, label, folder, template, existing, created_at)
       VALUES (1, 's', 'k', 'b', '/tmp/x', '{recording_id}.{format}', 'rename', 't')`,
  ).run();
  const item = db.prepare(
    `INSERT INTO download_items (id, batch_id, recording_id, format, state, name, resolved,
       bytes_done, bytes_total, etag, sha256, skipped, message, attempts, not_before, updated_at)
     VALUES (?, 1, ?, ?, ?, ?, 1, 10, 20, 'e', NULL, 0, 'm', 2, 5, 't')`,
  );
  item.run(1, 'r', 'zip', 'queued', 'r.zip');
  item.run(2, 'r', 'mp4', 'paused', 'r.mp4');
}

describe('migration 0520-download-item-kinds', () => {
  it('keeps every 0300 row and column, as recording items of download batches', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 510),
    );
    insertV300(db);
    const before = db.prepare('SELECT * FROM download_items ORDER BY id').all();
    migrate(db, migrations);
    const after = db.prepare('SELECT * FROM download_items ORDER BY id').all() as Record<
      string,
      unknown
    >[];
    expect(after).toEqual(
      (before as Record<string, unknown>[]).map((row) => ({
        ...row,
        kind: 'recording',
        collection_id: null,
        image: null,
        message_said: null, // 0640: the English of before, shown as it is
      })),
    );
    const store = new DownloadQueueStore(db);
    expect(store.batch(1)).toMatchObject({ purpose: 'download', key: 'k' });
    expect(store.items('s').map((i) => i.name)).toEqual(['r.zip', 'r.mp4']);
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'download_items' AND sql IS NOT NULL",
      )
      .pluck()
      .all();
    // 0520 makes its two indexes again; 0530 adds the queue-order one; 0620 the previews' key.
    expect(indexes.sort()).toEqual([
      'download_items_batch',
      'download_items_preview',
      'download_items_queue',
      'download_items_state',
    ]);
    const { sql } = db
      .prepare("SELECT sql FROM sqlite_master WHERE name = 'download_items'")
      .get() as { sql: string };
    expect(sql).toMatch(/STRICT/);
    // Deleting the batch still deletes its items (the foreign key survived the rebuild).
    db.prepare('DELETE FROM download_batches WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) FROM download_items').pluck().get()).toBe(0);
    db.close();
  });

  it('ties the key columns to the kind, and keeps each file once per batch', () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const id = store.createBatch({ ...batch, purpose: 'offline' }, [
      { collectionId: 'c1', image: 'a.jpg', name: 'a.jpg', state: 'queued' },
      { collectionId: 'c1', image: 'a.jpg', name: 'other.jpg', state: 'queued' },
      { recordingId: 'r', format: 'zip', name: 'r.zip', state: 'queued' },
      { recordingId: 'r', format: 'zip', name: 'r (2).zip', state: 'queued' },
    ]);
    expect(
      store
        .itemsOfBatch(id)
        .map((i) => [i.kind, i.recording_id, i.format, i.collection_id, i.image, i.name]),
    ).toEqual([
      ['collection-image', null, null, 'c1', 'a.jpg', 'a.jpg'],
      ['recording', 'r', 'zip', null, null, 'r.zip'],
    ]);
    const insert = db.prepare(
      `INSERT INTO download_items (batch_id, kind, recording_id, format, collection_id, image,
         name, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'n', 't')`,
    );
    for (const bad of [
      ['recording', null, 'zip', null, null],
      ['recording', 'r2', 'zip', 'c1', null],
      ['collection-image', null, null, 'c1', null],
      ['collection-image', 'r2', null, 'c1', 'b.jpg'],
      ['collection-image', null, 'jpg', 'c1', 'b.jpg'],
      ['file', 'r2', 'zip', null, null],
    ]) {
      expect(() => insert.run(id, ...bad), JSON.stringify(bad)).toThrow(/CHECK/);
    }
    expect(() => insert.run(id, 'recording', 'r2', 'gif', null, null)).toThrow(/CHECK/);
    expect(() => insert.run(id, 'collection-image', null, null, 'c1', 'a.jpg')).toThrow(/UNIQUE/);
    expect(() => db.prepare("UPDATE download_batches SET purpose = 'x'").run()).toThrow(/CHECK/);
    // The same image in another batch is another item.
    const other = store.createBatch(batch, [
      { collectionId: 'c1', image: 'a.jpg', name: 'a.jpg', state: 'queued' },
    ]);
    expect(store.itemsOfBatch(other)).toHaveLength(1);
    db.close();
  });

  it("keeps 'offline' batches out of the user's list and out of pause-all", () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const mine = store.createBatch(batch, [
      { recordingId: 'r', format: 'zip', name: 'r.zip', state: 'queued' },
    ]);
    const kept = store.createBatch({ ...batch, key: 'collection:c1', purpose: 'offline' }, [
      { collectionId: 'c1', image: 'a.jpg', name: 'a.jpg', state: 'queued' },
    ]);
    expect(store.batches('s').map((b) => b.id)).toEqual([mine]);
    expect(store.items('s').map((i) => i.batch_id)).toEqual([mine]);
    expect(store.batches('s', 'offline').map((b) => b.id)).toEqual([kept]);
    expect(store.transition('s', { all: true }, ['queued'], 'paused').ids).toHaveLength(1);
    expect(store.itemsOfBatch(kept)[0]!.state).toBe('queued');
    db.close();
  });

  it('replaceImages makes a batch hold exactly the missing images, resuming failed ones', () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const id = store.createBatch({ ...batch, purpose: 'offline' }, [
      { collectionId: 'c', image: 'a', name: 'a.jpg', state: 'queued' },
      { collectionId: 'c', image: 'b', name: 'b.jpg', state: 'queued' },
      { collectionId: 'c', image: 'gone', name: 'gone.jpg', state: 'queued' },
    ]);
    const [a, b] = store.itemsOfBatch(id);
    store.complete(a!.id, 100, 'h', false);
    store.setHeaders(b!.id, 50, 'e', 20);
    store.setState(b!.id, 'failed', { message: said('downloads.reason.noLength'), attempts: 3 });
    store.replaceImages(id, 'c', [
      { image: 'a', name: 'a.jpg' },
      { image: 'b', name: 'b.jpg' },
      { image: 'new', name: 'new.jpg' },
    ]);
    const rows = store.itemsOfBatch(id);
    expect(rows.map((r) => [r.image, r.state, r.bytes_done, r.bytes_total, r.attempts])).toEqual([
      // A completed file that went missing starts over; a failed one resumes from byte 20.
      ['a', 'queued', 0, null, 0],
      ['b', 'queued', 20, 50, 0],
      ['new', 'queued', 0, null, 0],
    ]);
    db.close();
  });
});

describe('the queue store', () => {
  it('keeps one item per recording and format, and finds a batch again by its key', () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const items = [
      { recordingId: 'a', format: 'zip' as const, name: 'a.zip', state: 'queued' as const },
      { recordingId: 'a', format: 'zip' as const, name: 'a2.zip', state: 'queued' as const },
    ];
    const id = store.createBatch({ ...batch, key: 'k' }, items);
    store.addItems(id, items);
    expect(store.itemsOfBatch(id)).toHaveLength(1);
    expect(store.batchByKey('s', 'k')?.id).toBe(id);
    expect(store.batchByKey('other', 'k')).toBeUndefined();
  });

  it('puts downloads interrupted by a crash back in the queue', () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const id = store.createBatch(batch, [
      { recordingId: 'a', format: 'mp4', name: 'a.mp4', state: 'queued' },
    ]);
    const item = store.itemsOfBatch(id)[0]!;
    store.setState(item.id, 'downloading');
    store.saveProgress(new Map([[item.id, 1234]]));
    expect(store.recover('s')).toBe(1);
    expect(store.item(item.id)).toMatchObject({ state: 'queued', bytes_done: 1234 });
  });
});

describe('progress updates', () => {
  it('are throttled: 500 items downloading at once make a handful of messages', async () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const id = store.createBatch(
      batch,
      Array.from({ length: 500 }, (_, i) => ({
        recordingId: `r${i}`,
        format: 'zip' as const,
        name: `r${i}.zip`,
        state: 'queued' as const,
      })),
    );
    const updates: DownloadsUpdate[] = [];
    const tracker = new ProgressTracker(store, (u) => updates.push(u), 200);
    const items = store.itemsOfBatch(id);
    for (const item of items) tracker.begin(item.id, 0, 1_000_000);
    const started = Date.now();
    let chunks = 0;
    while (Date.now() - started < 1_000) {
      for (const item of items) tracker.bytes(item.id, id, (chunks + 1) * 1000, 1_000_000);
      chunks++;
      await sleep(5); // the pace of the bytes: a second of progress, a chunk every 5 ms
    }
    const elapsed = Date.now() - started;
    tracker.close();
    expect(chunks * items.length).toBeGreaterThan(5_000);
    // One message per interval at most, each with every item and the batch.
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
    expect(updates.length).toBeGreaterThan(0);
    const last = updates.at(-1)!;
    expect(last.items).toHaveLength(500);
    expect(last.batches[0]!.bytesDone).toBeGreaterThan(0);
    // Progress reached the database too (what a crash would keep).
    expect(store.item(items[0]!.id)!.bytes_done).toBeGreaterThan(0);
    db.close();
  });

  it('read a batch being filled in a few statements, not two an item', () => {
    // Every statement the connection runs, counted (better-sqlite3's verbose hook).
    let statements = 0;
    const db = new Database(':memory:', { verbose: () => statements++ });
    migrate(db, migrations);
    const store = new DownloadQueueStore(db);
    const id = store.createBatch(batch, []);
    const updates: DownloadsUpdate[] = [];
    const tracker = new ProgressTracker(store, (u) => updates.push(u), 60_000);
    /** The statements one flush runs after `n` more items were added, as a query's pages add. */
    const flushAfter = (n: number, from: number) => {
      const added = store.addItems(
        id,
        Array.from({ length: n }, (_, i) => ({
          recordingId: `r${from + i}`,
          format: 'jpg' as const,
          name: `r${from + i}.jpg`,
          state: 'queued' as const,
        })),
      );
      for (const item of added) tracker.changed(item, id);
      const before = statements;
      tracker.flush();
      return statements - before;
    };
    const few = flushAfter(10, 0);
    const many = flushAfter(2_000, 10);
    tracker.close();
    // Two thousand items cost the flush a statement per 500 more, not 4,000 more.
    expect(many).toBeLessThanOrEqual(few + 4);
    const last = updates.at(-1)!;
    expect(last.items.map((i) => i.recordingId)).toEqual(
      Array.from({ length: 2_000 }, (_, i) => `r${10 + i}`),
    );
    expect(last.batches.map((b) => b.items)).toEqual([2_010]);
    db.close();
  });
});

describe('migration 0530-download-queue-order', () => {
  it('lets the scheduler read the next queued items in queue order without a sort', () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const id = store.createBatch(
      batch,
      (['zip', 'mp4', 'jpg'] as const).map((format) => ({
        recordingId: 'r',
        format,
        name: `r.${format}`,
        state: 'queued' as const,
      })),
    );
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT i.* FROM download_items i INDEXED BY download_items_queue
           WHERE i.state = 'queued' ORDER BY i.batch_id, i.id LIMIT 2`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).not.toMatch(/TEMP B-TREE/);
    expect(store.runnable('s', Date.now(), 2, []).map((i) => i.name)).toEqual(['r.zip', 'r.mp4']);
    const first = store.itemsOfBatch(id)[0]!.id;
    expect(store.runnable('s', Date.now(), 5, [first]).map((i) => i.name)).toEqual([
      'r.mp4',
      'r.jpg',
    ]);
    db.close();
  });
});

describe('migration 0580-download-space-waits', () => {
  it('keeps a wait for room until the batch is queued again or paused by hand', () => {
    const db = freshDb();
    const store = new DownloadQueueStore(db);
    const id = store.createBatch(batch, [
      { recordingId: 'a', format: 'mp4', name: 'a.mp4', state: 'queued' },
    ]);
    expect(store.batch(id)?.space_needed).toBeNull();
    store.transition('s', { batchId: id }, ['queued'], 'paused');
    store.setBatchMessage(id, said('downloads.reason.pausedForRoom'), 5_000_000);
    expect(store.spaceWaits('s').map((b) => [b.id, b.space_needed])).toEqual([[id, 5_000_000]]);
    expect(store.spaceWaits('other')).toEqual([]);
    // Queued again (room came, or the user resumed): no longer waiting, no message.
    store.transition('s', { batchId: id }, ['paused'], 'queued');
    expect(store.batch(id)).toMatchObject({ space_needed: null, message: null });
    // Paused by hand while waiting for room: it never goes on by itself.
    store.setBatchMessage(id, said('downloads.reason.pausedForRoom'), 5_000_000);
    store.transition('s', { batchId: id }, ['queued'], 'paused');
    expect(store.spaceWaits('s')).toEqual([]);
    expect(() => store.setBatchMessage(id, null, -1)).toThrow(/CHECK/);
    db.close();
  });
});
