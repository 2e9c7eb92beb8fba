/**
 * The service's migrations: each, applied by the runner to a database at the version before
 * it, changes exactly what it says; none imports live code; migration 0030 on a database
 * that already holds observations (a data directory made before it) starts
 * observation_counts equal to the observations it summarizes, with the codes the live code
 * computes; the service refuses a database from a newer version in its own words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStoreDatabase } from '../../src/service/store/db.ts';
import { MIGRATIONS } from '../../src/service/store/migrations/index.ts';
import { countCode } from '../../src/service/world/observation-counts.ts';
import { migrate, NewerDatabaseError } from '../../src/sqlite/migrate.ts';
import { changesOf, liveImportsOf } from '../helpers/schema.ts';

/** The frozen record of each migration's schema changes; a new migration adds its line. */
const CHANGES: Record<number, string[]> = {
  10: [
    '+index alert_states_code ON alert_states',
    '+index alert_states_name ON alert_states',
    '+index alerts_certainty ON alerts',
    '+index alerts_country ON alerts',
    '+index alerts_effective ON alerts',
    '+index alerts_event ON alerts',
    '+index alerts_expires ON alerts',
    '+index alerts_first_state ON alerts',
    '+index alerts_severity ON alerts',
    '+index alerts_source ON alerts',
    '+index alerts_urgency ON alerts',
    '+index cameras_city ON cameras',
    '+index cameras_country ON cameras',
    '+index cameras_direction ON cameras',
    '+index cameras_provider ON cameras',
    '+index cameras_region ON cameras',
    '+index cameras_state ON cameras',
    '+table alert_states (alert, code, name)',
    '+table alerts (num, id, origin, event, headline, states, first_state, country, area_desc, description, effective, expires, updated, urgency, severity, certainty, status, polygon, min_lon, min_lat, max_lon, max_lat, source)',
    '+table cameras (num, id, lon, lat, country, state, state_name, city, region, provider, description, direction, video, idx)',
    '+table meta (key, value)',
    '+table observations (camera, time, rw, vis, pr, prev_rw, prev_vis, prev_pr)',
    '+trigger alerts_fts_delete ON alerts',
    '+trigger alerts_fts_insert ON alerts',
    '+trigger alerts_fts_update ON alerts',
    '+virtual table alerts_fts (id, event, headline, area_desc, description, states)',
    '+virtual table alerts_rtree (num, min_lon, max_lon, min_lat, max_lat)',
    '+virtual table cameras_fts (id, description, city, state, state_name, country, provider, region)',
    '+virtual table cameras_rtree (num, min_lon, max_lon, min_lat, max_lat)',
  ],
  20: [
    '+index collection_tags_tag ON collection_tags',
    '+index collections_created_at ON collections',
    '+index collections_name ON collections',
    '+index collections_updated_at ON collections',
    '+index recording_tags_tag ON recording_tags',
    '+index recordings_camera ON recordings',
    '+index recordings_created_at ON recordings',
    '+index recordings_duration ON recordings',
    '+index recordings_start ON recordings',
    '+index recordings_status ON recordings',
    '+index recordings_stop ON recordings',
    '+table collection_images (collection, name, added_at, source)',
    '+table collection_tags (collection, tag)',
    '+table collections (num, id, name, description, tags, created_at, updated_at)',
    '+table recording_tags (recording, tag)',
    '+table recordings (num, id, camera, status, duration, rate, start, stop, tags, formats, created_at)',
    '+virtual table collections_fts (id, name, description, tags)',
    '+virtual table recordings_fts (id, camera_id, description, city, state, state_name, region, country, tags)',
  ],
  30: ['+table observation_counts (camera, code, rw, vis, pr, prev_rw, prev_vis, prev_pr, n)'],
};

describe('each service migration, on a database at the previous version', () => {
  it('has its record of changes here, and every record its migration', () => {
    expect(Object.keys(CHANGES).map(Number)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  for (const m of MIGRATIONS) {
    it(`${m.version} ${m.name} changes what it says`, () => {
      expect(changesOf(MIGRATIONS, m.version)).toEqual(CHANGES[m.version]);
    });
  }

  it('are frozen text: no migration file imports anything', () => {
    const folder = join(import.meta.dirname, '../../src/service/store/migrations');
    expect(liveImportsOf(folder, [])).toEqual([]);
  });
});

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the service database', () => {
  it('is refused when a newer version wrote it, saying what to do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'roadcam-service-db-'));
    dirs.push(dir);
    const file = join(dir, 'world.sqlite');
    const db = new Database(file);
    db.pragma('user_version = 99999');
    db.close();
    expect(() => openStoreDatabase(file)).toThrow(NewerDatabaseError);
    expect(() => openStoreDatabase(file)).toThrow(
      /service database was written by a newer version of Roadcam \(schema 99999, this version knows 30\)\. Use another data directory/,
    );
  });
});

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
    // The frozen SQL and the live code that keeps the table in step agree on every code.
    const coded = db
      .prepare('SELECT code, rw, vis, pr, prev_rw, prev_vis, prev_pr FROM observation_counts')
      .raw()
      .all() as [number, number, number, number, number | null, number | null, number | null][];
    for (const [code, ...values] of coded) expect(code).toBe(countCode(...values));
  });
});
