/**
 * The transfers' milestones written behind (write-behind.ts, store.ts): they wait for the next
 * statement and commit with it, every read sees them, nothing is lost by waiting for the timer,
 * and a failure reaches a caller. What is committed is read through a second connection.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/engine/db/database.ts';
import { DownloadQueueStore } from '../../../src/engine/downloads/store.ts';
import type { WriteBehindOptions } from '../../../src/engine/downloads/write-behind.ts';
import { tempDir } from '../../helpers/core.ts';
import { batch } from '../../helpers/queue-batch.ts';
import { sleep } from '../../helpers/wait.ts';

const opened: { db: Db; reader: Database.Database; remove(): void }[] = [];
afterEach(() => {
  for (const o of opened.splice(0)) {
    o.reader.close();
    if (o.db.open) o.db.close();
    o.remove();
  }
});

/** A store on a database file with two queued items, and a second connection to that file. */
function queue(options: WriteBehindOptions = {}) {
  const dir = tempDir('roadcam-write-behind-');
  const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
  const store = new DownloadQueueStore(db, options);
  const batchId = store.createBatch(batch, [
    { recordingId: 'a', format: 'zip', name: 'a.zip', state: 'queued' },
    { recordingId: 'b', format: 'zip', name: 'b.zip', state: 'queued' },
  ]);
  const [a, b] = store.itemsOfBatch(batchId).map((i) => i.id) as [number, number];
  const reader = new Database(join(dir.path, 'roadcam.sqlite'), { readonly: true });
  opened.push({ db, reader, remove: dir.remove });
  const committed = (id: number) =>
    reader.prepare('SELECT state, bytes_done FROM download_items WHERE id = ?').get(id) as {
      state: string;
      bytes_done: number;
    };
  return { db, store, a, b, committed };
}

describe('the milestones written behind', () => {
  it('wait for the next statement, which sees them', () => {
    const { store, a, committed } = queue();
    expect(store.begin(a, 1)).toBe(true);
    store.bodyEnded(a, 500);
    store.complete(a, 500, 'h', false);
    expect(committed(a)).toEqual({ state: 'queued', bytes_done: 0 });
    expect(store.item(a)).toMatchObject({ state: 'completed', bytes_done: 500, sha256: 'h' });
    expect(committed(a)).toEqual({ state: 'completed', bytes_done: 500 });
  });

  it('commit in one transaction with the next write, in the order asked for', () => {
    const { db, store, a, b } = queue();
    // Each UPDATE of an item, as SQLite runs it: which, and whether inside a transaction.
    const runs: [string, boolean][] = [];
    db.function('noted', (what: unknown) => void runs.push([String(what), db.inTransaction]));
    db.exec(`CREATE TEMP TRIGGER noted AFTER UPDATE ON download_items
               BEGIN SELECT noted(NEW.id || ' ' || NEW.state || ' ' || NEW.bytes_done); END`);
    store.begin(a, 1);
    store.bodyEnded(a, 500);
    store.complete(a, 500, 'h', false);
    store.begin(b, 1);
    expect(runs).toEqual([]);
    store.resolve(b, 'b.zip', 800, null);
    expect(runs).toEqual([
      [`${a} downloading 0`, true],
      [`${a} downloading 500`, true],
      [`${a} completed 500`, true],
      [`${b} downloading 0`, true],
      [`${b} downloading 0`, true],
    ]);
  });

  it('are written by settle, by the timer, and on their own never lost', async () => {
    const { store, a, b, committed } = queue({ delayMs: 20 });
    store.complete(a, 500, 'h', false);
    store.settle();
    expect(committed(a).state).toBe('completed');
    store.begin(b, 1);
    expect(committed(b).state).toBe('queued');
    await sleep(100);
    expect(committed(b).state).toBe('downloading');
  });

  it('are dropped quietly once the database is closed, and a failure reaches a caller', async () => {
    const closed = queue({ delayMs: 20 });
    closed.store.complete(closed.a, 500, 'h', false);
    closed.db.close();
    await sleep(100); // the timer finds the database closed: nothing is thrown
    const { db, store, a, b } = queue({ onError: () => undefined });
    db.exec(`CREATE TEMP TRIGGER refused BEFORE UPDATE ON download_items
               WHEN NEW.state = 'completed' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    store.complete(a, 500, 'h', false);
    expect(() => store.resolve(b, 'b.zip', 800, null)).toThrow('refused');
    // The failed transaction wrote nothing, and what waited is not tried again.
    expect(store.item(b)).toMatchObject({ resolved: 0 });
    store.resolve(b, 'b.zip', 800, null);
    expect(store.item(a)?.state).toBe('queued');
  });
});
