import type { Alert, AlertSearchParams } from '../../shared/api/index.ts';
import { PeriodicCheck } from '../periodic-check.ts';
import { encodePolyline } from '../../shared/geo.ts';
import type { NewAlertsNotice, WatchArea, WatchedArea } from '../../shared/ipc/alerts.ts';
import type { ApiClient } from '../api/client.ts';
import type { Db } from '../db/database.ts';
import type { EventHub } from '../events.ts';
import type { Log } from '../log.ts';

interface AreaRow {
  id: number;
  name: string;
  area: string;
  created_at: string;
}

/** Watched areas of one service (demo or a base URL), in SQLite. */
export class WatchStore {
  #db: Db;
  #service: string;

  constructor(db: Db, service: string) {
    this.#db = db;
    this.#service = service;
  }

  list(): { id: number; name: string; area: WatchArea; createdAt: string }[] {
    const rows = this.#db
      .prepare(
        'SELECT id, name, area, created_at FROM watched_areas WHERE service = ? ORDER BY name, id',
      )
      .all(this.#service) as AreaRow[];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      area: JSON.parse(r.area) as WatchArea,
      createdAt: r.created_at,
    }));
  }

  add(name: string, area: WatchArea): number {
    const result = this.#db
      .prepare('INSERT INTO watched_areas (service, name, area, created_at) VALUES (?, ?, ?, ?)')
      .run(this.#service, name, JSON.stringify(area), new Date().toISOString());
    return Number(result.lastInsertRowid);
  }

  remove(id: number): boolean {
    return (
      this.#db
        .prepare('DELETE FROM watched_areas WHERE id = ? AND service = ?')
        .run(id, this.#service).changes > 0
    );
  }

  /** Records the alerts of an area and returns those it had not seen before. */
  markSeen(areaId: number, alertIds: readonly string[]): string[] {
    const insert = this.#db.prepare(
      'INSERT OR IGNORE INTO watched_alerts_seen (area_id, alert_id, seen_at) VALUES (?, ?, ?)',
    );
    const now = new Date().toISOString();
    return this.#db.transaction(() =>
      alertIds.filter((id) => insert.run(areaId, id, now).changes > 0),
    )();
  }
}

/** The search parameters that find alerts whose polygons intersect the area. */
export function areaParams(area: WatchArea): AlertSearchParams {
  if ('polygon' in area) {
    const ring = [...area.polygon];
    const [first, last] = [ring[0]!, ring.at(-1)!];
    if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
    return { polygon: ring };
  }
  return { polyline: encodePolyline(area.route), polyline_radius: area.radiusKm };
}

/**
 * Polls the service for alerts in every watched area and announces the new ones (the desktop
 * app turns them into notifications). Alerts present when an area is added are its baseline:
 * they are listed, not announced.
 */
export class AlertWatcher extends PeriodicCheck {
  #client: ApiClient;
  #store: WatchStore;
  #hub: EventHub;
  #log: Log;
  #current = new Map<number, number>();

  constructor(client: ApiClient, store: WatchStore, hub: EventHub, log: Log) {
    super();
    this.#client = client;
    this.#store = store;
    this.#hub = hub;
    this.#log = log;
  }

  list(): WatchedArea[] {
    return this.#store.list().map((a) => ({ ...a, currentAlerts: this.#current.get(a.id) ?? 0 }));
  }

  async add(name: string, area: WatchArea): Promise<WatchedArea[]> {
    const id = this.#store.add(name, area);
    await this.#checkArea(id, area, false).catch((error: unknown) => this.#failed(name, error));
    return this.list();
  }

  remove(id: number): WatchedArea[] {
    this.#store.remove(id);
    this.#current.delete(id);
    return this.list();
  }

  protected override async checkAll(): Promise<void> {
    for (const area of this.#store.list()) {
      await this.#checkArea(area.id, area.area, true).catch((error: unknown) =>
        this.#failed(area.name, error),
      );
    }
  }

  async #checkArea(id: number, area: WatchArea, announce: boolean): Promise<void> {
    const alerts: Alert[] = [];
    for await (const alert of this.#client.alerts.iterate({ ...areaParams(area), limit: 100 }))
      alerts.push(alert);
    this.#current.set(id, alerts.length);
    const fresh = new Set(
      this.#store.markSeen(
        id,
        alerts.map((a) => a.id),
      ),
    );
    if (!announce || fresh.size === 0) return;
    const name = this.#store.list().find((a) => a.id === id)?.name ?? `area ${id}`;
    const notice: NewAlertsNotice = {
      areaId: id,
      areaName: name,
      alerts: alerts
        .filter((a) => fresh.has(a.id))
        .map((a) => ({
          id: a.id,
          event: a.properties.event,
          headline: a.properties.headline,
          severity: a.properties.severity,
        })),
    };
    this.#log(`watched area ${name}: ${notice.alerts.length} new alert(s)`);
    this.#hub.emit('alerts.watchedNew', notice);
  }

  #failed(name: string, error: unknown): void {
    this.#log(
      `watched area ${name}: check failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
