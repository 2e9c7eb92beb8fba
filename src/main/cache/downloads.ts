/**
 * Downloads and their byte progress, persisted so a restart or a crash resumes them with HTTP
 * Range instead of starting over. The first, minimal store: the download manager (issue 8)
 * drives it and extends the schema.
 */
import type { RecordingFormat } from '../../shared/api/index.ts';
import type { Db } from '../db/database.ts';

export type DownloadState = 'queued' | 'running' | 'paused' | 'done' | 'failed';

export interface Download {
  id: number;
  recordingId: string;
  format: RecordingFormat;
  /** Absolute path of the file being written. */
  target: string;
  state: DownloadState;
  bytesDone: number;
  bytesTotal: number | null;
  /** The ETag of the bytes already on disk: a resume must ask for the same file. */
  etag: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

interface DownloadRow {
  id: number;
  recording_id: string;
  format: RecordingFormat;
  target: string;
  state: DownloadState;
  bytes_done: number;
  bytes_total: number | null;
  etag: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export class DownloadStore {
  #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  add(recordingId: string, format: RecordingFormat, target: string): Download {
    const now = new Date().toISOString();
    const { id } = this.#db
      .prepare(
        `INSERT INTO downloads (recording_id, format, target, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?) RETURNING id`,
      )
      .get(recordingId, format, target, now, now) as { id: number };
    return this.get(id)!;
  }

  get(id: number): Download | undefined {
    const row = this.#db.prepare('SELECT * FROM downloads WHERE id = ?').get(id) as
      DownloadRow | undefined;
    return row && toDownload(row);
  }

  list(state?: DownloadState): Download[] {
    const rows = (
      state === undefined
        ? this.#db.prepare('SELECT * FROM downloads ORDER BY id').all()
        : this.#db.prepare('SELECT * FROM downloads WHERE state = ? ORDER BY id').all(state)
    ) as DownloadRow[];
    return rows.map(toDownload);
  }

  /** Records bytes written so far; called often, so it is one small statement. */
  progress(id: number, bytesDone: number, bytesTotal: number | null, etag: string | null): void {
    this.#db
      .prepare(
        `UPDATE downloads SET bytes_done = ?, bytes_total = coalesce(?, bytes_total),
           etag = coalesce(?, etag), updated_at = ? WHERE id = ?`,
      )
      .run(bytesDone, bytesTotal, etag, new Date().toISOString(), id);
  }

  setState(id: number, state: DownloadState, error: string | null = null): void {
    this.#db
      .prepare('UPDATE downloads SET state = ?, error = ?, updated_at = ? WHERE id = ?')
      .run(state, error, new Date().toISOString(), id);
  }

  remove(id: number): boolean {
    return this.#db.prepare('DELETE FROM downloads WHERE id = ?').run(id).changes > 0;
  }
}

function toDownload(row: DownloadRow): Download {
  return {
    id: row.id,
    recordingId: row.recording_id,
    format: row.format,
    target: row.target,
    state: row.state,
    bytesDone: row.bytes_done,
    bytesTotal: row.bytes_total,
    etag: row.etag,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
