import type { ChangeKind } from '../../shared/condition-changes.ts';
import type {
  ConditionChange,
  ConditionTarget,
  ConditionWatch,
} from '../../shared/ipc/conditions.ts';
import type { Db } from '../db/database.ts';
import { englishOf, saidFrom, saidText, type DownloadWords } from '../downloads/reasons.ts';

interface WatchRow {
  id: number;
  name: string;
  target: string;
  changes: string;
  created_at: string;
  checked_until: string | null;
  problem: string | null;
  problem_said: string | null;
}

interface ChangeRow {
  id: number;
  watch_id: number;
  kind: ChangeKind;
  camera_id: string;
  place: string;
  observation_id: string;
  prev_id: string | null;
  time: string | null;
  before: number;
  after: number;
  noticed_at: string;
  announced: number;
}

/** A change as a check found it, before the store gives it an id. */
export type FoundChange = Omit<
  ConditionChange,
  'id' | 'watchId' | 'noticedAt' | 'announced' | 'prevTime'
>;

/** Changes kept per watch: older ones go first (a watch over a big area in a snowy week). */
const CHANGES_KEPT = 2000;

/** Condition watches of one service (demo or a base URL), and the changes they noticed. */
export class ConditionStore {
  readonly #db: Db;
  readonly #service: string;

  constructor(db: Db, service: string) {
    this.#db = db;
    this.#service = service;
  }

  list(): ConditionWatch[] {
    const rows = this.#db
      .prepare('SELECT * FROM condition_watches WHERE service = ? ORDER BY name, id')
      .all(this.#service) as WatchRow[];
    return rows.map(toWatch);
  }

  get(id: number): ConditionWatch | undefined {
    const row = this.#db
      .prepare('SELECT * FROM condition_watches WHERE id = ? AND service = ?')
      .get(id, this.#service) as WatchRow | undefined;
    return row && toWatch(row);
  }

  add(name: string, target: ConditionTarget, changes: readonly ChangeKind[]): number {
    const result = this.#db
      .prepare(
        'INSERT INTO condition_watches (service, name, target, changes, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        this.#service,
        name,
        JSON.stringify(target),
        JSON.stringify(changes),
        new Date().toISOString(),
      );
    return Number(result.lastInsertRowid);
  }

  remove(id: number): boolean {
    return (
      this.#db
        .prepare('DELETE FROM condition_watches WHERE id = ? AND service = ?')
        .run(id, this.#service).changes > 0
    );
  }

  /**
   * After a check: how far it looked (the next one starts there), or why it failed: kept as
   * what it means beside its English (migration 0650).
   */
  checked(id: number, until: string | null, problem: DownloadWords | null): void {
    this.#db
      .prepare(
        `UPDATE condition_watches SET checked_until = COALESCE(?, checked_until), problem = ?,
           problem_said = ? WHERE id = ? AND service = ?`,
      )
      .run(
        until,
        problem === null ? null : englishOf(problem),
        problem === null || typeof problem === 'string' ? null : saidText(problem),
        id,
        this.#service,
      );
  }

  /**
   * Records what a check found and returns only the changes not recorded before: the same
   * observation found again by a later check (their time ranges overlap) is not new.
   */
  record(watchId: number, found: readonly FoundChange[], announced: boolean): ConditionChange[] {
    const insert = this.#db.prepare(
      `INSERT OR IGNORE INTO condition_changes
         (watch_id, kind, camera_id, place, observation_id, prev_id, time, before, after, noticed_at, announced)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const now = new Date().toISOString();
    const fresh = this.#db.transaction(() => {
      const ids: number[] = [];
      for (const c of found) {
        const r = insert.run(
          watchId,
          c.kind,
          c.cameraId,
          c.place,
          c.observationId,
          c.prevId,
          c.time,
          c.before,
          c.after,
          now,
          announced ? 1 : 0,
        );
        if (r.changes > 0) ids.push(Number(r.lastInsertRowid));
      }
      this.#db
        .prepare(
          `DELETE FROM condition_changes WHERE watch_id = ? AND id NOT IN
             (SELECT id FROM condition_changes WHERE watch_id = ? ORDER BY id DESC LIMIT ?)`,
        )
        .run(watchId, watchId, CHANGES_KEPT);
      return ids;
    })();
    return this.changes(watchId).filter((c) => fresh.includes(c.id));
  }

  /** A watch's changes, newest first. */
  changes(watchId: number): ConditionChange[] {
    const rows = this.#db
      .prepare(
        `SELECT c.* FROM condition_changes c JOIN condition_watches w ON w.id = c.watch_id
         WHERE c.watch_id = ? AND w.service = ? ORDER BY c.time DESC, c.id DESC`,
      )
      .all(watchId, this.#service) as ChangeRow[];
    return rows.map(toChange);
  }
}

function toWatch(r: WatchRow): ConditionWatch {
  return {
    id: r.id,
    name: r.name,
    target: JSON.parse(r.target) as ConditionTarget,
    changes: JSON.parse(r.changes) as ChangeKind[],
    createdAt: r.created_at,
    checkedUntil: r.checked_until,
    problem: r.problem,
    problemSaid: saidFrom(r.problem_said),
  };
}

function toChange(r: ChangeRow): ConditionChange {
  return {
    id: r.id,
    watchId: r.watch_id,
    kind: r.kind,
    cameraId: r.camera_id,
    place: r.place,
    observationId: r.observation_id,
    prevId: r.prev_id,
    time: r.time,
    prevTime: timeOfId(r.prev_id),
    before: r.before,
    after: r.after,
    noticedAt: r.noticed_at,
    announced: r.announced === 1,
  };
}

/**
 * The time in an observation id ("<camera id>_<yyyymmddThhmmZ>", interface 2.2), or null when
 * the id is not of that form: the time is then not known, not guessed.
 */
export function timeOfId(id: string | null): string | null {
  const m = id === null ? null : /_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/.exec(id);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}
