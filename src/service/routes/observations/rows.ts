/**
 * Every camera's observation at one ten-minute mark, with the camera's place: what the
 * vector tile and the worldwide snapshot both show, read and named once.
 */
import type { ServiceContext } from '../../context.ts';
import { isoFromSeconds } from '../../search/times.ts';
import type { CameraPointRow } from '../tiles.ts';

export interface MarkRow extends CameraPointRow {
  time: number;
  rw: number;
  vis: number;
  pr: number;
}

/** The rows at mark t, cameras limited by `where` (SQL over `c`, with its arguments). */
export function rowsAtMark(
  s: ServiceContext,
  t: number,
  where: { sql: string; args: number[] },
  order: string,
): MarkRow[] {
  return s.world.db
    .prepare(
      `SELECT c.num, c.id, c.lon, c.lat, c.description, c.city, c.state, c.country, o.time, o.rw, o.vis, o.pr
       FROM observations o JOIN cameras c ON c.num = o.camera
       WHERE o.time = ? AND ${where.sql} ORDER BY ${order}`,
    )
    .all(t, ...where.args) as MarkRow[];
}

/** Our properties of an observation (interface 4.2), visibility back from tenths. */
export function markProperties(o: MarkRow) {
  return {
    camera_id: o.id,
    description: o.description,
    city: o.city,
    state: o.state,
    country: o.country,
    time: isoFromSeconds(o.time),
    'sensor.road_weather': o.rw,
    'sensor.visibility': o.vis / 10,
    'sensor.precip': o.pr,
  };
}
