/**
 * What a transfer writes of its item in the download queue (store.ts has the rest): started,
 * what the server said the file is, bytes reached, completed. The milestones whose loss in a
 * crash is made good by the next run wait to join the next statement's transaction
 * (write-behind.ts): one commit for several files' milestones, where each was a commit.
 */
import type { DownloadState } from '../../shared/ipc/downloads.ts';
import { QueueReads } from './queue-reads.ts';

/** The time of a change, as ISO text (made once per millisecond: it is asked for per file). */
let lastMs = 0;
let lastIso = '';
export const now = () => {
  const ms = Date.now();
  if (ms !== lastMs) [lastMs, lastIso] = [ms, new Date(ms).toISOString()];
  return lastIso;
};

export class TransferWrites extends QueueReads {
  /**
   * Marks a queued item downloading (with the next statement: a crash before it leaves the
   * item queued, where `recover` would put it); false when it is not queued any more. Read
   * without the writes that wait: they are those of transfers started from a plan read after
   * the writes before them (a read runs them first), never of an item that plan offers.
   */
  begin(id: number, attempts: number): boolean {
    const row = this.statement('SELECT state FROM download_items WHERE id = ?').get(id) as
      { state: DownloadState } | undefined;
    if (row?.state !== 'queued') return false;
    const update = this.statement(
      `UPDATE download_items SET state = 'downloading', message = NULL, message_said = NULL, not_before = 0,
           attempts = ?, updated_at = ? WHERE id = ? AND state = 'queued'`,
    );
    const at = now();
    this.writes.later(() => update.run(attempts, at, id));
    return true;
  }

  /**
   * The first answer for an item: its final name and what the server said the file is. Written
   * at once, before the `.part` is opened under that name (with the writes that wait).
   */
  resolve(id: number, name: string, bytesTotal: number, etag: string | null): void {
    const update = this.statement(
      `UPDATE download_items SET name = ?, resolved = 1, bytes_total = ?, etag = ?, bytes_done = 0,
           updated_at = ? WHERE id = ?`,
    );
    const at = now();
    this.writes.run(() => update.run(name, bytesTotal, etag, at, id));
  }

  /** What the server said the file is: written at once, before the first byte of the body. */
  setHeaders(id: number, bytesTotal: number | null, etag: string | null, bytesDone: number): void {
    const update = this.statement(
      'UPDATE download_items SET bytes_total = ?, etag = ?, bytes_done = ?, updated_at = ? WHERE id = ?',
    );
    const at = now();
    this.writes.run(() => update.run(bytesTotal, etag, bytesDone, at, id));
  }

  /** Byte progress of every running transfer in one transaction (called about once a second). */
  saveProgress(progress: ReadonlyMap<number, number>): void {
    if (progress.size === 0) return;
    const update = this.statement(
      'UPDATE download_items SET bytes_done = ?, updated_at = ? WHERE id = ?',
    );
    const at = now();
    const all = () => {
      for (const [id, bytes] of progress) update.run(bytes, at, id);
    };
    // One row is one statement, already atomic: no transaction of its own around it.
    this.writes.run(progress.size === 1 ? all : this.db.transaction(all));
  }

  /**
   * The whole body reached the `.part` (written with the next statement, and before the
   * rename: `settle`): after a crash past the rename, the file in place is known as this one.
   */
  bodyEnded(id: number, bytes: number): void {
    const update = this.statement(
      'UPDATE download_items SET bytes_done = ?, updated_at = ? WHERE id = ?',
    );
    const at = now();
    this.writes.later(() => update.run(bytes, at, id));
  }

  /** Runs the writes that wait now: before a rename, and when the queue closes. */
  settle(): void {
    this.writes.run();
  }

  /** Written with the next statement, once the file is in place: a row never says so before. */
  complete(id: number, bytesTotal: number, sha256: string | null, skipped: boolean): void {
    const update = this.statement(
      `UPDATE download_items SET state = 'completed', bytes_done = ?, bytes_total = ?,
           sha256 = ?, skipped = ?, message = NULL, message_said = NULL, not_before = 0, updated_at = ? WHERE id = ?`,
    );
    const at = now();
    this.writes.later(() => update.run(bytesTotal, bytesTotal, sha256, skipped ? 1 : 0, at, id));
  }
}
