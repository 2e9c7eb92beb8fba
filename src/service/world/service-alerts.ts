/**
 * The service's own alerts (beta), derived from the observations of one hour mark: in each
 * 2°x2° cell where at least three cameras report and at least half of them (and two or more)
 * show the condition, a watch is issued for two hours, or extended when one is still active.
 */
import { expandBbox, bboxRing, bboxOf, type LonLat } from '../../shared/geo.ts';
import type { StoreDb } from '../store/db.ts';
import { EVENTS, ORIGIN_SERVICE, type EventKind } from './alert-text.ts';
import { extendAlert, insertAlert, type AlertRecord } from './alert-store.ts';
import { idFrom, stringKey } from './random.ts';

interface Row {
  lon: number;
  lat: number;
  state: string;
  state_name: string;
  country: string;
  city: string;
  rw: number;
  vis: number;
  pr: number;
}

interface Condition {
  kind: EventKind;
  reports: (r: Row) => boolean;
  shows: (r: Row) => boolean;
  text: string;
}

const CONDITIONS: Condition[] = [
  {
    kind: EVENTS.roadWetnessWatch,
    reports: (r) => r.rw !== -1,
    shows: (r) => r.rw >= 2,
    text: 'wet, ponding or snow-covered roads (road_weather 2 or more)',
  },
  {
    kind: EVENTS.poorVisibilityWatch,
    reports: (r) => r.vis !== -10,
    shows: (r) => r.vis >= 0 && r.vis <= 2,
    text: 'poor or reduced visibility (visibility 0.2 or less)',
  },
  {
    kind: EVENTS.heavyPrecipWatch,
    reports: (r) => r.pr !== -1,
    shows: (r) => r.pr === 1,
    text: 'heavy precipitation (precip 1)',
  },
];

const CELL_DEG = 2;
const LIFETIME_S = 2 * 3600;

export function deriveServiceAlerts(db: StoreDb, seed: number, hour: number): void {
  const rows = db
    .prepare(
      `SELECT c.lon, c.lat, c.state, c.state_name, c.country, c.city, o.rw, o.vis, o.pr
       FROM observations o JOIN cameras c ON c.num = o.camera WHERE o.time = ?`,
    )
    .all(hour) as Row[];
  const cells = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${Math.floor(r.lon / CELL_DEG)}:${Math.floor(r.lat / CELL_DEG)}`;
    const cell = cells.get(key);
    if (cell) cell.push(r);
    else cells.set(key, [r]);
  }
  const keys = [...cells.keys()].sort();
  for (const key of keys) {
    const cell = cells.get(key)!;
    for (const cond of CONDITIONS) {
      const reporting = cell.filter(cond.reports);
      const showing = reporting.filter(cond.shows);
      if (reporting.length < 3 || showing.length < 2 || showing.length * 2 < reporting.length)
        continue;
      const record = recordFor(seed, key, cond, reporting.length, showing, hour);
      if (!extendAlert(db, record, hour)) insertAlert(db, record);
    }
  }
}

function recordFor(
  seed: number,
  cell: string,
  cond: Condition,
  reporting: number,
  showing: Row[],
  hour: number,
): AlertRecord {
  const points: LonLat[] = showing.map((r) => [r.lon, r.lat]);
  const box = expandBbox(bboxOf(points), 15_000);
  const ring = bboxRing(box).map(
    ([x, y]) => [Math.round(x * 1e4) / 1e4, Math.round(y * 1e4) / 1e4] as LonLat,
  );
  const states = [...new Map(showing.map((r) => [r.state, r.state_name])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  const countries = showing.map((r) => r.country).sort();
  const cities = [...new Set(showing.map((r) => `${r.city}, ${r.state}`))].slice(0, 6);
  const areaDesc = cities.join('; ');
  const iso = new Date(hour * 1000).toISOString().replace('.000Z', 'Z');
  const source = `svc:${cell}:${cond.kind.event}`;
  return {
    id: `SVC-${idFrom(14, seed, stringKey(source), hour)}`,
    origin: ORIGIN_SERVICE,
    kind: cond.kind,
    headline: `${cond.kind.event} (beta) for ${areaDesc}`,
    states,
    country: countries[Math.floor(countries.length / 2)]!,
    areaDesc,
    description: `${showing.length} of ${reporting} reporting cameras near ${cities[0]} show ${cond.text} as of ${iso}. This alert is derived from camera observations (beta).`,
    effective: hour,
    expires: hour + LIFETIME_S,
    updated: hour,
    ring,
    source,
  };
}
