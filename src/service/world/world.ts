/**
 * The synthetic world in its SQLite store: built on first start (cameras, the observation
 * history, alerts, seeded recordings and collections) and caught up to the clock afterwards,
 * on a timer, on clock jumps, and before each request when a ten-minute mark has passed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCE_LIFETIME_DAYS } from '../../shared/api/index.ts';
import { getMeta, openStoreDatabase, setMeta, StatementCache, type StoreDb } from '../store/db.ts';
import { pruneCollections } from '../store/collections.ts';
import { pruneRecordings } from '../store/recordings.ts';
import { issueAgencyAlerts, deriveServiceAlerts } from './alerts.ts';
import { pruneAlerts } from './alert-store.ts';
import { seedArchive } from './archive-seed.ts';
import { generateCameras } from './cameras.ts';
import { subtractCounts } from './observation-counts.ts';
import { insertObservations, slotFloor, type CameraPoint } from './observations.ts';
import { SLOT_S } from './weather.ts';

/** Bump when the generator changes what it produces: older stores are rebuilt. */
const GENERATOR_VERSION = '1';
const DB_FILE = 'service.sqlite';
const ALERT_RETENTION_S = 7 * 86400;

export interface WorldOptions {
  dataDir: string;
  seed?: number;
  cameras?: number;
  hours?: number;
  defaults: { seed: number; cameras: number; hours: number };
  nowS: number;
  log: (line: string) => void;
}

export class World {
  readonly db: StoreDb;
  readonly statements: StatementCache;
  readonly seed: number;
  readonly cameraCount: number;
  readonly hours: number;
  readonly jwtSecret: Buffer;
  /** Grows whenever stored data changes; keys response caches. */
  version = 0;
  #lastSlot: number;
  #points: CameraPoint[] | undefined;

  private constructor(db: StoreDb) {
    this.db = db;
    this.statements = new StatementCache(db);
    this.seed = Number(getMeta(db, 'seed'));
    this.cameraCount = Number(getMeta(db, 'cameras'));
    this.hours = Number(getMeta(db, 'hours'));
    this.jwtSecret = Buffer.from(getMeta(db, 'jwt_secret')!, 'base64');
    this.#lastSlot = Number(getMeta(db, 'last_slot'));
  }

  static open(o: WorldOptions): World {
    mkdirSync(o.dataDir, { recursive: true });
    const file = join(o.dataDir, DB_FILE);
    if (existsSync(file)) {
      const db = openStoreDatabase(file);
      const generator = getMeta(db, 'generator');
      if (generator === GENERATOR_VERSION) {
        checkSame(o, 'seed', Number(getMeta(db, 'seed')), o.seed);
        checkSame(o, 'cameras', Number(getMeta(db, 'cameras')), o.cameras);
        const world = new World(db);
        world.catchUp(o.nowS);
        return world;
      }
      db.close();
      o.log(
        `rebuilding the world in ${o.dataDir}: it was made by another version of the generator`,
      );
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    }
    const db = openStoreDatabase(file);
    build(db, o);
    return new World(db);
  }

  /** Camera rowid and position, in rowid order (cached: cameras never change). */
  cameraPoints(): CameraPoint[] {
    this.#points ??= this.db
      .prepare('SELECT num, idx AS "index", lon, lat FROM cameras ORDER BY num')
      .all() as CameraPoint[];
    return this.#points;
  }

  get lastSlot(): number {
    return this.#lastSlot;
  }

  /** Generates what happened up to `nowS`; cheap when no ten-minute mark has passed. */
  catchUp(nowS: number): void {
    const target = slotFloor(nowS);
    if (target <= this.#lastSlot) return;
    const db = this.db;
    const from = Math.max(this.#lastSlot + SLOT_S, target - this.hours * 3600 + SLOT_S);
    const alertsThrough = Number(getMeta(db, 'alerts_through'));
    const cutoff = target - this.hours * 3600;
    db.transaction(() => {
      // The counts follow the rows: whatever INSERT OR REPLACE or the DELETE below removes.
      subtractCounts(db, from, target);
      subtractCounts(db, 0, cutoff);
      insertObservations(
        db,
        this.seed,
        this.cameraPoints(),
        from,
        target,
        from === this.#lastSlot + SLOT_S,
      );
      updateAlerts(db, this.seed, alertsThrough, from, target);
      db.prepare('DELETE FROM observations WHERE time <= ?').run(cutoff);
      pruneAlerts(db, target - ALERT_RETENTION_S);
      pruneRecordings(db, nowS - RESOURCE_LIFETIME_DAYS * 86400);
      pruneCollections(db, nowS - RESOURCE_LIFETIME_DAYS * 86400);
      setMeta(db, 'last_slot', target);
      setMeta(db, 'alerts_through', target);
    })();
    this.#lastSlot = target;
    this.version++;
  }

  close(): void {
    this.db.close();
  }
}

function checkSame(o: WorldOptions, what: string, stored: number, asked: number | undefined): void {
  if (asked !== undefined && asked !== stored) {
    throw new Error(
      `The data directory ${o.dataDir} holds a world made with ${what} ${stored}, not ${asked}. Use the same ${what}, or another data directory.`,
    );
  }
}

function updateAlerts(
  db: StoreDb,
  seed: number,
  alertsFrom: number,
  obsFrom: number,
  to: number,
): void {
  issueAgencyAlerts(db, seed, alertsFrom, to);
  const firstHour = Math.ceil(Math.max(alertsFrom + 1, obsFrom) / 3600) * 3600;
  for (let h = firstHour; h <= to; h += 3600) deriveServiceAlerts(db, seed, h);
}

function build(db: StoreDb, o: WorldOptions): void {
  const started = Date.now();
  const seed = o.seed ?? o.defaults.seed;
  const count = o.cameras ?? o.defaults.cameras;
  const hours = o.hours ?? o.defaults.hours;
  const last = slotFloor(o.nowS);
  const first = last - hours * 3600 + SLOT_S;
  db.pragma('synchronous = OFF');
  const cameras = generateCameras(seed, count).sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  db.transaction(() => {
    const insert = db.prepare(
      `INSERT INTO cameras (num, id, lon, lat, country, state, state_name, city, region, provider, description, direction, video, idx)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const rtree = db.prepare('INSERT INTO cameras_rtree VALUES (?, ?, ?, ?, ?)');
    cameras.forEach((c, i) => {
      insert.run(
        i + 1,
        c.id,
        c.lon,
        c.lat,
        c.country,
        c.state,
        c.stateName,
        c.city,
        c.region,
        c.provider,
        c.description,
        c.direction,
        c.video ? 1 : 0,
        c.index,
      );
      rtree.run(i + 1, c.lon, c.lon, c.lat, c.lat);
    });
    db.exec("INSERT INTO cameras_fts (cameras_fts) VALUES ('rebuild')");
    for (const [k, v] of Object.entries({
      generator: GENERATOR_VERSION,
      seed,
      cameras: count,
      hours,
    }))
      setMeta(db, k, v);
    setMeta(db, 'jwt_secret', randomBytes(32).toString('base64'));
    setMeta(db, 'first_slot', first);
  })();
  const points = cameras.map((c, i) => ({ num: i + 1, index: c.index, lon: c.lon, lat: c.lat }));
  const rows = insertObservations(db, seed, points, first, last, false);
  db.exec('CREATE INDEX IF NOT EXISTS observations_time ON observations (time, camera)');
  db.transaction(() => {
    updateAlerts(db, seed, first - 36 * 3600, first, last);
    seedArchive(db, seed, o.nowS);
    setMeta(db, 'last_slot', last);
    setMeta(db, 'alerts_through', last);
  })();
  db.exec('ANALYZE');
  db.pragma('synchronous = NORMAL');
  o.log(
    `built a world of ${count} cameras and ${rows} observations (seed ${seed}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
