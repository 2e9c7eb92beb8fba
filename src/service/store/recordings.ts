/**
 * Writes recordings: the one place that keeps the row, its tags and its text index in step.
 * The world's seed, the recording job and the recording routes (routes/recordings.ts) use
 * these.
 */
import type { RecordingFormat, RecordingStatus } from '../../shared/api/index.ts';
import type { StoreDb } from './db.ts';

export interface RecordingInput {
  id: string;
  cameraNum: number;
  status: RecordingStatus;
  duration: number;
  rate: number;
  /** epoch seconds */
  start: number;
  stop: number;
  tags: string[];
  formats: RecordingFormat[];
  createdAt: number;
}

export function insertRecording(db: StoreDb, r: RecordingInput): number {
  return db.transaction(() => {
    const info = db
      .prepare(
        `INSERT INTO recordings (id, camera, status, duration, rate, start, stop, tags, formats, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        r.id,
        r.cameraNum,
        r.status,
        r.duration,
        r.rate,
        r.start,
        r.stop,
        '[]',
        JSON.stringify(r.formats),
        r.createdAt,
      );
    const num = Number(info.lastInsertRowid);
    setRecordingTags(db, num, r.tags);
    return num;
  })();
}

/** Replaces a recording's tags (deduplicated, order kept) and refreshes its text index. */
export function setRecordingTags(db: StoreDb, num: number, tags: readonly string[]): string[] {
  const unique = [...new Map(tags.map((t) => [t.toLowerCase(), t])).values()];
  db.transaction(() => {
    db.prepare('UPDATE recordings SET tags = ? WHERE num = ?').run(JSON.stringify(unique), num);
    db.prepare('DELETE FROM recording_tags WHERE recording = ?').run(num);
    const insert = db.prepare(
      'INSERT OR IGNORE INTO recording_tags (recording, tag) VALUES (?, ?)',
    );
    for (const tag of unique) insert.run(num, tag);
    db.prepare('DELETE FROM recordings_fts WHERE rowid = ?').run(num);
    db.prepare(
      `INSERT INTO recordings_fts (rowid, id, camera_id, description, city, state, state_name, region, country, tags)
       SELECT r.num, r.id, c.id, c.description, c.city, c.state, c.state_name, c.region, c.country, ?
       FROM recordings r JOIN cameras c ON c.num = r.camera WHERE r.num = ?`,
    ).run(unique.join(' '), num);
  })();
  return unique;
}

export function setRecordingStatus(
  db: StoreDb,
  num: number,
  status: RecordingStatus,
  formats: RecordingFormat[],
): void {
  db.prepare('UPDATE recordings SET status = ?, formats = ? WHERE num = ?').run(
    status,
    JSON.stringify(formats),
    num,
  );
}

/** Removes recordings created before `before` (epoch seconds): they have expired. */
export function pruneRecordings(db: StoreDb, before: number): void {
  db.transaction(() => {
    const nums = db
      .prepare('SELECT num FROM recordings WHERE created_at < ?')
      .pluck()
      .all(before) as number[];
    const del = db.prepare('DELETE FROM recordings WHERE num = ?');
    const delFts = db.prepare('DELETE FROM recordings_fts WHERE rowid = ?');
    for (const num of nums) {
      delFts.run(num);
      del.run(num);
    }
  })();
}
