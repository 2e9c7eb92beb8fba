import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/main/db/migrate.ts';
import { migrations } from '../../../src/main/db/migrations/index.ts';
import { ProgressTracker } from '../../../src/main/downloads/progress.ts';
import { DownloadQueueStore } from '../../../src/main/downloads/store.ts';
import type { DownloadsUpdate } from '../../../src/shared/ipc/downloads.ts';

function freshDb() {
  const db = new Database(':memory:');
  migrate(db, migrations);
  return db;
}

const batch = {
  service: 's',
  label: 'b',
  folder: '/tmp/x',
  template: '{recording_id}.{format}',
  existing: 'rename' as const,
};

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
    const store = new DownloadQueueStore(db);
    const id = store.createBatch(batch, [
      { recordingId: 'r', format: 'zip', name: 'r.zip', state: 'queued' },
    ]);
    const item = store.itemsOfBatch(id)[0]!;
    for (const state of [
      'waiting',
      'downloading',
      'paused',
      'completed',
      'failed',
      'canceled',
    ] as const) {
      store.setState(item.id, state);
    }
    expect(() =>
      db.prepare("UPDATE download_items SET state = 'done' WHERE id = ?").run(item.id),
    ).toThrow(/CHECK/);
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
      await new Promise((r) => setTimeout(r, 5));
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
});
