/**
 * Migration 0030 on a database that already holds observations (a data directory made
 * before it): observation_counts starts out equal to the observations it summarizes.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/sqlite/migrate.ts';
import { MIGRATIONS } from '../../src/service/store/migrations/index.ts';

describe('migration 0030 (observation counts)', () => {
  it('counts the observations already stored, NULL previous values included', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 30),
    );
    const insert = db.prepare(
      'INSERT INTO observations (camera, time, rw, vis, pr, prev_rw, prev_vis, prev_pr) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let camera = 1; camera <= 5; camera++) {
      for (let k = 0; k < 40; k++) {
        const first = k === 0;
        insert.run(
          camera,
          600 * k,
          [0, 1, 2, -1][(k * camera) % 4]!,
          [10, 5, -10][k % 3]!,
          k % 2,
          first ? null : [0, 3][k % 2]!,
          first ? null : 10,
          first ? null : -1,
        );
      }
    }
    migrate(db, MIGRATIONS);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    const summed = db
      .prepare(
        'SELECT camera, rw, vis, pr, prev_rw, prev_vis, prev_pr, SUM(n) AS n FROM observation_counts GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7',
      )
      .all();
    const counted = db
      .prepare(
        'SELECT camera, rw, vis, pr, prev_rw, prev_vis, prev_pr, COUNT(*) AS n FROM observations GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7',
      )
      .all();
    expect(counted.length).toBeGreaterThan(20);
    expect(summed).toEqual(counted);
    // One row per combination: the code tells NULL from every value.
    const rows = db.prepare('SELECT COUNT(*) FROM observation_counts').pluck().get();
    expect(rows).toBe(counted.length);
  });
});
