/**
 * The download queue in SQLite (migrations 0300, 0520): batches and their items with byte
 * progress. An item is a recording file or an image of a collection kept offline.
 * It replaced the first downloads table (migration 0050, dropped by 0510), whose states could
 * not express waiting and canceled. Multi-step writes run in one transaction. This class
 * changes the queue; what a transfer writes is in transfer-writes.ts and what it reads in
 * queue-reads.ts, which it extends.
 */
import type { DownloadScope, DownloadState } from '../../shared/ipc/downloads.ts';
import type { Said } from '../../shared/i18n/translator.ts';
import { englishOf, saidText } from './reasons.ts';
import type { BatchRow, NewBatch, NewItem } from './rows.ts';
import { now, TransferWrites } from './transfer-writes.ts';

const ACTIVE = "('queued', 'waiting', 'downloading')";

export class DownloadQueueStore extends TransferWrites {
  createBatch(batch: NewBatch, items: readonly NewItem[]): number {
    return this.db.transaction(() => {
      const { id } = this.prepare(
        `INSERT INTO download_batches
           (service, key, label, label_said, folder, template, existing, purpose, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ).get(
        batch.service,
        batch.key ?? null,
        englishOf(batch.label),
        typeof batch.label === 'string' ? null : saidText(batch.label),
        batch.folder,
        batch.template,
        batch.existing,
        batch.purpose ?? 'download',
        now(),
      ) as { id: number };
      this.addItems(id, items);
      return id;
    })();
  }

  /**
   * The batch with this key, given the items it lacks, with what failed, was canceled or paused
   * queued again (running the same command again retries it); else a new batch.
   */
  batchFor(batch: NewBatch, items: readonly NewItem[]): number {
    const existing = batch.key ? this.batchByKey(batch.service, batch.key) : undefined;
    if (!existing) return this.createBatch(batch, items);
    this.addItems(existing.id, items);
    this.transition(
      batch.service,
      { batchId: existing.id },
      ['failed', 'canceled', 'paused'],
      'queued',
    );
    return existing.id;
  }

  /**
   * Adds items; one already in the batch (same recording and format, or same collection and
   * image) is left as it is. Returns the ids of the items added.
   */
  addItems(batchId: number, items: readonly NewItem[]): number[] {
    const insert = this.prepare(
      `INSERT OR IGNORE INTO download_items
         (batch_id, kind, recording_id, format, collection_id, image, state, name, message,
          message_said, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const at = now();
    return this.db.transaction(() => {
      const added: number[] = [];
      for (const i of items) {
        const key =
          'recordingId' in i
            ? ['recording', i.recordingId, i.format, null, null]
            : 'observationId' in i
              ? ['observation-preview', null, null, null, i.observationId]
              : ['collection-image', null, null, i.collectionId, i.image];
        // Nothing comes back for an item the batch already had.
        const reason = i.message ?? null;
        const row = insert.get(batchId, ...key, i.state, i.name, ...reasonColumns(reason), at);
        if (row) added.push((row as { id: number }).id);
      }
      this.prepare(
        'UPDATE download_batches SET finished_at = NULL, announced = 0 WHERE id = ?',
      ).run(batchId);
      return added;
    })();
  }

  /**
   * Makes a kept collection's batch hold exactly these images, each to be fetched (again):
   * other items are dropped, completed ones start over (their file went missing), failed,
   * canceled and paused ones are queued with their `.part` kept for a Range resume.
   */
  replaceImages(
    batchId: number,
    collectionId: string,
    images: readonly { image: string; name: string }[],
  ): void {
    const at = now();
    this.db.transaction(() => {
      this.prepare(
        `DELETE FROM download_items WHERE batch_id = ? AND (kind != 'collection-image'
           OR image NOT IN (SELECT value FROM json_each(?)))`,
      ).run(batchId, JSON.stringify(images.map((i) => i.image)));
      this.addItems(
        batchId,
        images.map((i) => ({ collectionId, image: i.image, name: i.name, state: 'queued' })),
      );
      this.prepare(
        `UPDATE download_items SET
           bytes_done = CASE WHEN state = 'completed' THEN 0 ELSE bytes_done END,
           bytes_total = CASE WHEN state = 'completed' THEN NULL ELSE bytes_total END,
           etag = CASE WHEN state = 'completed' THEN NULL ELSE etag END,
           state = 'queued', message = NULL, message_said = NULL, attempts = 0, not_before = 0, updated_at = ?
         WHERE batch_id = ? AND state != 'downloading'`,
      ).run(at, batchId);
      this.setBatchMessage(batchId, null);
    })();
  }

  /** After a crash or a restart, items left downloading start again (from their .part). */
  recover(service: string): number {
    return this.prepare(
      `UPDATE download_items SET state = 'queued', not_before = 0
         WHERE state = 'downloading' AND batch_id IN
           (SELECT id FROM download_batches WHERE service = ?)`,
    ).run(service).changes;
  }

  setState(
    id: number,
    state: DownloadState,
    fields: { message?: Said | null; notBefore?: number; attempts?: number } = {},
  ): void {
    const reason = reasonColumns(fields.message ?? null);
    const update = this.statement(
      `UPDATE download_items SET state = ?, message = ?, message_said = ?, not_before = ?,
           attempts = coalesce(?, attempts), updated_at = ? WHERE id = ?`,
    );
    const at = now();
    this.writes.run(() =>
      update.run(state, ...reason, fields.notBefore ?? 0, fields.attempts ?? null, at, id),
    );
  }

  /** Why the batch stopped; `spaceNeeded` when it waits for room and goes on by itself. */
  setBatchMessage(batchId: number, message: Said | null, spaceNeeded: number | null = null): void {
    this.prepare(
      'UPDATE download_batches SET message = ?, message_said = ?, space_needed = ? WHERE id = ?',
    ).run(...reasonColumns(message), spaceNeeded, batchId);
  }

  /** The batches waiting for room on their disk. */
  spaceWaits(service: string): BatchRow[] {
    return this.prepare(
      'SELECT * FROM download_batches WHERE service = ? AND space_needed IS NOT NULL',
    ).all(service) as BatchRow[];
  }

  markFinished(batchId: number): void {
    this.prepare(
      'UPDATE download_batches SET finished_at = coalesce(finished_at, ?), announced = 1 WHERE id = ?',
    ).run(now(), batchId);
  }

  /** Reopens a finished batch when an item of it starts again. */
  reopen(batchId: number): void {
    this.prepare('UPDATE download_batches SET finished_at = NULL, announced = 0 WHERE id = ?').run(
      batchId,
    );
  }

  /**
   * Applies a user action to the items in scope whose state is in `from`; returns the ids
   * changed (so the manager can stop running transfers among them).
   */
  transition(
    service: string,
    scope: DownloadScope,
    from: readonly DownloadState[],
    to: DownloadState,
  ): { ids: number[]; batches: number[] } {
    // "All" means the user's downloads: the syncs of kept collections manage their own batches.
    const where =
      'itemId' in scope
        ? 'i.id = ?'
        : 'batchId' in scope
          ? 'i.batch_id = ?'
          : "b.purpose = 'download'";
    const args: unknown[] = [service];
    if ('itemId' in scope) args.push(scope.itemId);
    else if ('batchId' in scope) args.push(scope.batchId);
    const states = from.map((s) => `'${s}'`).join(', ');
    return this.db.transaction(() => {
      const rows = this.prepare(
        `SELECT i.id, i.batch_id FROM download_items i
           JOIN download_batches b ON b.id = i.batch_id
           WHERE b.service = ? AND ${where} AND i.state IN (${states})`,
      ).all(...args) as { id: number; batch_id: number }[];
      const update = this.prepare(
        `UPDATE download_items SET state = ?, message = NULL, message_said = NULL, not_before = 0,
           attempts = CASE WHEN ? IN ('queued') THEN 0 ELSE attempts END, updated_at = ?
         WHERE id = ?`,
      );
      const at = now();
      for (const r of rows) update.run(to, to, at, r.id);
      const batches = [...new Set(rows.map((r) => r.batch_id))];
      if (to === 'queued') {
        for (const b of batches) {
          this.setBatchMessage(b, null);
          this.reopen(b);
        }
      }
      // Paused by hand: it no longer goes on by itself when room appears.
      if (to === 'paused') {
        const stop = this.prepare('UPDATE download_batches SET space_needed = NULL WHERE id = ?');
        for (const b of batches) stop.run(b);
      }
      return { ids: rows.map((r) => r.id), batches };
    })();
  }

  /** Removes a batch that has nothing left to do; its files stay on disk. */
  removeBatch(service: string, batchId: number): boolean {
    const active = this.prepare(
      `SELECT count(*) AS n FROM download_items WHERE batch_id = ? AND state IN ${ACTIVE}`,
    ).get(batchId) as { n: number };
    if (active.n > 0) return false;
    return (
      this.prepare('DELETE FROM download_batches WHERE id = ? AND service = ?').run(
        batchId,
        service,
      ).changes > 0
    );
  }
}

/** A reason's two columns: its English (for logs, --json) and what it means (JSON). */
function reasonColumns(reason: Said | null): [string | null, string | null] {
  return reason === null ? [null, null] : [englishOf(reason), saidText(reason)];
}
