/** Writes alerts to the store (the search side reads them in search/alerts.ts). */
import { bboxOf, type LonLat } from '../../shared/geo.ts';
import type { StoreDb } from '../store/db.ts';
import type { EventKind } from './alert-text.ts';

export interface AlertRecord {
  id: string;
  origin: string;
  kind: EventKind;
  headline: string;
  /** [code, name] pairs */
  states: [string, string][];
  country: string;
  areaDesc: string;
  description: string;
  effective: number;
  expires: number;
  updated: number;
  ring: LonLat[];
  /** what the alert follows (storm stage, or cell and event): the key of updates */
  source: string;
}

/** Inserts an alert unless one with the same id exists; returns whether it did. */
export function insertAlert(db: StoreDb, a: AlertRecord): boolean {
  const [minLon, minLat, maxLon, maxLat] = bboxOf(a.ring);
  const info = db
    .prepare(
      `INSERT OR IGNORE INTO alerts (id, origin, event, headline, states, first_state, country, area_desc,
        description, effective, expires, updated, urgency, severity, certainty, status, polygon,
        min_lon, min_lat, max_lon, max_lat, source)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Actual', ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      a.id,
      a.origin,
      a.kind.event,
      a.headline,
      JSON.stringify(a.states.map(([, name]) => name)),
      a.states[0]?.[1] ?? '',
      a.country,
      a.areaDesc,
      a.description,
      a.effective,
      a.expires,
      a.updated,
      a.kind.urgency,
      a.kind.severity,
      a.kind.certainty,
      JSON.stringify(a.ring),
      minLon,
      minLat,
      maxLon,
      maxLat,
      a.source,
    );
  if (info.changes === 0) return false;
  const insertState = db.prepare(
    'INSERT OR IGNORE INTO alert_states (alert, code, name) VALUES (?, ?, ?)',
  );
  for (const [code, name] of a.states) insertState.run(info.lastInsertRowid, code, name);
  return true;
}

/** Extends a still-active alert with the same source; returns false when there is none. */
export function extendAlert(db: StoreDb, a: AlertRecord, now: number): boolean {
  const row = db
    .prepare(
      'SELECT num FROM alerts WHERE source = ? AND expires > ? ORDER BY expires DESC LIMIT 1',
    )
    .get(a.source, now) as { num: number } | undefined;
  if (!row) return false;
  const [minLon, minLat, maxLon, maxLat] = bboxOf(a.ring);
  db.prepare(
    `UPDATE alerts SET headline = ?, description = ?, area_desc = ?, expires = ?, updated = ?, polygon = ?,
       min_lon = ?, min_lat = ?, max_lon = ?, max_lat = ? WHERE num = ?`,
  ).run(
    a.headline,
    a.description,
    a.areaDesc,
    a.expires,
    a.updated,
    JSON.stringify(a.ring),
    minLon,
    minLat,
    maxLon,
    maxLat,
    row.num,
  );
  return true;
}

/** Forgets alerts that expired long ago. */
export function pruneAlerts(db: StoreDb, before: number): void {
  db.prepare('DELETE FROM alerts WHERE expires < ?').run(before);
}
