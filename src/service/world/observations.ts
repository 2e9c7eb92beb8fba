/**
 * Observations: what each camera's images show every ten minutes, read off the weather field
 * (weather.ts). A reading at (camera, time) is a pure function of the seed, so the history
 * generated at first start, the live ticks and a catch-up after a restart all agree.
 */
import type { StoreDb } from '../store/db.ts';
import { CountTally } from './observation-counts.ts';
import { unit } from './random.ts';
import {
  fieldAt,
  fogAt,
  localHour,
  precipAt,
  SLOT_S,
  temperatureAt,
  type FieldAt,
} from './weather.ts';

export interface CameraPoint {
  num: number;
  index: number;
  lon: number;
  lat: number;
}

export interface Reading {
  rw: number;
  /** visibility in tenths: -10, 0, 2, 5, 10 */
  vis: number;
  pr: number;
}

/** Wet roads lag the rain: the last hour of precipitation counts, older slots less. */
const LAG_SLOTS = 6;

function readingFrom(
  seed: number,
  cam: CameraPoint,
  cosLat: number,
  field: FieldAt,
  p: number,
  p2: number,
  p4: number,
  p6: number,
): Reading {
  const t = field.t;
  const slot = t / SLOT_S;
  const flaky = unit(seed, 0xbad, cam.index) < 0.05;
  const u = unit(seed, 0x0b5, cam.index, slot);
  if (u < (flaky ? 0.15 : 0.015)) return { rw: -1, vis: -10, pr: -1 };
  const hour = localHour(t, cam.lon);
  const dark = hour >= 20 || hour < 6;
  const noise = unit(seed, 0x0b6, cam.index, slot) - 0.5;
  const wet = Math.max(p, 0.8 * p2, 0.6 * p4, 0.4 * p6) + noise * 0.12;
  const temp = temperatureAt(seed, t, cam.lon, cam.lat, p);
  let rw: number;
  if (dark && u < 0.06) rw = -1;
  else if (temp < 0 && wet > 0.5) rw = 10;
  else if (temp < 1.5 && wet > 0.3) rw = 6;
  else if (wet > 0.9) rw = 3;
  else if (wet > 0.42) rw = 2;
  else if (wet > 0.15) rw = 1;
  else rw = 0;
  const fog = fogAt(field, cam.lon, cam.lat, cosLat);
  const v = Math.max(fog, p * (temp < 0.5 ? 0.9 : 0.6)) + noise * 0.1;
  const vis = v > 0.85 ? 0 : v > 0.6 ? 2 : v > 0.35 ? 5 : 10;
  const pr = p + noise * 0.1 > 0.8 ? 1 : 0;
  return { rw, vis, pr };
}

/**
 * Writes the observations of every camera for the ten-minute marks firstT..lastT (epoch
 * seconds, multiples of 600). `prevExists` says whether the slot before firstT is stored, so
 * the first rows get prev values. Camera-major order appends to the (camera, time) table.
 * Their counts are added to `observation_counts`: the caller subtracts any rows of the same
 * range that were there before (none, unless a catch-up is repeated).
 */
export function insertObservations(
  db: StoreDb,
  seed: number,
  cameras: readonly CameraPoint[],
  firstT: number,
  lastT: number,
  prevExists: boolean,
): number {
  if (lastT < firstT) return 0;
  const base = firstT - (LAG_SLOTS + 1) * SLOT_S;
  const n = (lastT - base) / SLOT_S + 1;
  const fields: FieldAt[] = [];
  for (let j = 0; j < n; j++) fields.push(fieldAt(seed, base + j * SLOT_S));
  const insert = db.prepare(
    'INSERT OR REPLACE INTO observations (camera, time, rw, vis, pr, prev_rw, prev_vis, prev_pr) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const precip = new Float64Array(n);
  const tally = new CountTally();
  let rows = 0;
  db.transaction(() => {
    for (const cam of cameras) {
      const cosLat = Math.cos((cam.lat * Math.PI) / 180);
      for (let j = 0; j < n; j++) precip[j] = precipAt(fields[j]!, cam.lon, cam.lat, cosLat);
      const at = (j: number): Reading =>
        readingFrom(
          seed,
          cam,
          cosLat,
          fields[j]!,
          precip[j]!,
          precip[j - 2]!,
          precip[j - 4]!,
          precip[j - 6]!,
        );
      let prev: Reading | null = prevExists ? at(LAG_SLOTS) : null;
      for (let j = LAG_SLOTS + 1; j < n; j++) {
        const r = at(j);
        insert.run(
          cam.num,
          base + j * SLOT_S,
          r.rw,
          r.vis,
          r.pr,
          prev?.rw ?? null,
          prev?.vis ?? null,
          prev?.pr ?? null,
        );
        tally.add(r.rw, r.vis, r.pr, prev?.rw ?? null, prev?.vis ?? null, prev?.pr ?? null);
        prev = r;
        rows++;
      }
      tally.flush(db, cam.num);
    }
  })();
  return rows;
}

/** The latest ten-minute mark at or before t (epoch seconds). */
export function slotFloor(t: number): number {
  return Math.floor(t / SLOT_S) * SLOT_S;
}
