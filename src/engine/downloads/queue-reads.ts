/**
 * Reading the download queue (store.ts writes it): batches, items, what is due to start and
 * when the scheduler must look again. Statements are prepared once and kept: compiling one
 * costs more than running it, and the scheduler asks per file. Every statement runs the
 * writes that wait (write-behind.ts) first: a read never misses a write asked for before it.
 */
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { DownloadState } from '../../shared/ipc/downloads.ts';
import type { Db } from '../db/database.ts';
import {
  totalsOf,
  type BatchPurpose,
  type BatchRow,
  type BatchTotals,
  type ItemRow,
  type StateGroup,
} from './rows.ts';
import { WriteBehind, type WriteBehindOptions } from './write-behind.ts';

/** Items read by one statement of itemsById. */
const ITEMS_A_READ = 500;

export class QueueReads {
  protected readonly db: Db;
  /** The transfers' milestones that wait to join the next statement's transaction. */
  protected readonly writes: WriteBehind;
  readonly #statements = new Map<string, Database.Statement>();

  constructor(db: Db, options: WriteBehindOptions = {}) {
    this.db = db;
    this.writes = new WriteBehind(db, options);
  }

  /** A statement, after the writes that wait. */
  protected prepare(sql: string): Database.Statement {
    this.writes.run();
    return this.statement(sql);
  }

  /** A statement, leaving the writes that wait where they are (the caller knows why). */
  protected statement(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** False once the core closed the database: late progress writes are dropped, not thrown. */
  get open(): boolean {
    return this.db.open;
  }

  /** The absolute path of a completed item's file; a RangeError says why there is none. */
  completedFile(service: string, itemId: number): string {
    const item = this.item(itemId);
    const batch = item && this.batch(item.batch_id);
    if (!item || !batch || batch.service !== service) {
      throw new RangeError(`There is no download ${itemId}.`);
    }
    if (item.state !== 'completed') {
      throw new RangeError(`${item.name} is not downloaded yet (it is ${item.state}).`);
    }
    return join(batch.folder, item.name);
  }

  batchByKey(service: string, key: string): BatchRow | undefined {
    return this.prepare('SELECT * FROM download_batches WHERE service = ? AND key = ?').get(
      service,
      key,
    ) as BatchRow | undefined;
  }

  batch(id: number): BatchRow | undefined {
    return this.prepare('SELECT * FROM download_batches WHERE id = ?').get(id) as
      BatchRow | undefined;
  }

  /** The user's batches (or those of another purpose), newest first. */
  batches(service: string, purpose: BatchPurpose = 'download'): BatchRow[] {
    return this.prepare(
      'SELECT * FROM download_batches WHERE service = ? AND purpose = ? ORDER BY id DESC',
    ).all(service, purpose) as BatchRow[];
  }

  item(id: number): ItemRow | undefined {
    return this.prepare('SELECT * FROM download_items WHERE id = ?').get(id) as ItemRow | undefined;
  }

  /** Items of the user's batches (or of another purpose). */
  items(service: string, state?: DownloadState, purpose: BatchPurpose = 'download'): ItemRow[] {
    const sql = `SELECT i.* FROM download_items i JOIN download_batches b ON b.id = i.batch_id
      WHERE b.service = ? AND b.purpose = ? ${state ? 'AND i.state = ?' : ''}
      ORDER BY i.batch_id DESC, i.id`;
    const args = state ? [service, purpose, state] : [service, purpose];
    return this.prepare(sql).all(...args) as ItemRow[];
  }

  /**
   * The items of these ids that exist, in the order of the ids; a few statements however many
   * (ITEMS_A_READ a statement), not one an id.
   */
  itemsById(ids: Iterable<number>): ItemRow[] {
    const all = [...ids];
    const rows: ItemRow[] = [];
    for (let at = 0; at < all.length; at += ITEMS_A_READ) {
      const some = all.slice(at, at + ITEMS_A_READ);
      const found = this.prepare(
        'SELECT * FROM download_items WHERE id IN (SELECT value FROM json_each(?))',
      ).all(JSON.stringify(some)) as ItemRow[];
      const byId = new Map(found.map((row) => [row.id, row]));
      for (const id of some) {
        const row = byId.get(id);
        if (row) rows.push(row);
      }
    }
    return rows;
  }

  itemsOfBatch(batchId: number): ItemRow[] {
    return this.prepare('SELECT * FROM download_items WHERE batch_id = ? ORDER BY id').all(
      batchId,
    ) as ItemRow[];
  }

  /** Queued items due to start, oldest batch first (read in index order: no sort). */
  runnable(service: string, at: number, limit: number, exclude: readonly number[]): ItemRow[] {
    if (limit <= 0) return [];
    return this.prepare(
      `SELECT i.* FROM download_items i INDEXED BY download_items_queue
         JOIN download_batches b ON b.id = i.batch_id
         WHERE b.service = ? AND i.state = 'queued' AND i.not_before <= ?
           AND i.id NOT IN (SELECT value FROM json_each(?))
         ORDER BY i.batch_id, i.id LIMIT ?`,
    ).all(service, at, JSON.stringify(exclude), limit) as ItemRow[];
  }

  /** Waiting items whose recording is due for another look. */
  dueWaiting(service: string, at: number): ItemRow[] {
    return this.prepare(
      `SELECT i.* FROM download_items i JOIN download_batches b ON b.id = i.batch_id
         WHERE b.service = ? AND i.state = 'waiting' AND i.not_before <= ? ORDER BY i.id`,
    ).all(service, at) as ItemRow[];
  }

  /**
   * When the scheduler must look again by itself: the earliest look due at a waiting
   * recording, and the earliest retry of a queued item after `at` (items due now start as soon
   * as a transfer ends, which wakes the scheduler anyway).
   */
  nextDue(service: string, at: number): { waiting: number | null; retry: number | null } {
    // Each reads the (state, not_before) index in order and stops at the first item of this
    // service: no scan of the queue, however long it is.
    const first = (state: 'waiting' | 'queued', after: number) =>
      (
        this.prepare(
          `SELECT i.not_before AS t FROM download_items i INDEXED BY download_items_state
             JOIN download_batches b ON b.id = i.batch_id
             WHERE i.state = ? AND i.not_before > ? AND b.service = ?
             ORDER BY i.not_before LIMIT 1`,
        ).get(state, after, service) as { t: number } | undefined
      )?.t ?? null;
    return { waiting: first('waiting', -1), retry: first('queued', at) };
  }

  totals(batchId: number): BatchTotals {
    const rows = this.prepare(
      `SELECT state, count(*) AS n, sum(bytes_done) AS done, sum(coalesce(bytes_total, 0)) AS total
         FROM download_items WHERE batch_id = ? GROUP BY state`,
    ).all(batchId) as StateGroup[];
    return totalsOf(rows);
  }
}
