/**
 * Section 4.2 and 4.5 All: worldwide snapshots per ten-minute mark, :time written
 * yyyyddmmThhmmZ (day before month, as the document says). A mark is available once it is
 * ten minutes old and while the world's history holds it. The JSON file is written once and
 * served from a signed URL.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Alert } from '../../shared/api/index.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError, invalidParameter } from '../http/errors.ts';
import type { RequestContext, Router } from '../http/router.ts';
import { mediaOf } from '../media/services.ts';
import { showAlert } from '../search/alerts.ts';
import { requireNoParams } from '../search/common.ts';
import { observationId } from '../search/observations.ts';
import { isoSeconds } from '../search/times.ts';

const SLOT_S = 600;
const TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/;

export function parseSnapshotTime(text: string): number {
  const m = TIME.exec(text);
  const [y, d, mo, h, mi] = m ? m.slice(1).map(Number) : [];
  const ms = m ? Date.UTC(y!, mo! - 1, d!, h!, mi!) : NaN;
  const back = new Date(ms);
  if (!m || back.getUTCDate() !== d || back.getUTCMonth() !== mo! - 1 || h! > 23 || mi! > 59) {
    throw invalidParameter(
      'time',
      `time must be a UTC time written yyyyddmmThhmmZ (day before month), e.g. 20262111T1200Z; got "${text}".`,
    );
  }
  return ms / 1000;
}

function checkAvailable(s: ServiceContext, t: number, text: string): void {
  const nowS = s.clock.nowS();
  const unavailable = (why: string): ApiError =>
    new ApiError(404, 'not_found', `No snapshot for ${text}: ${why}`, 'time');
  if (t % SLOT_S !== 0)
    throw unavailable('snapshots exist for ten-minute marks only (minutes 00, 10, 20, ...).');
  if (t + SLOT_S > nowS) {
    throw unavailable(
      `a mark becomes available 10 minutes after it, at ${isoSeconds(t + SLOT_S)} for this one.`,
    );
  }
  const first = mediaOf(s).world.archiveStart();
  if (t < first) throw unavailable(`the service keeps snapshots from ${isoSeconds(first)} on.`);
}

interface ObsRow {
  id: string;
  lon: number;
  lat: number;
  description: string;
  city: string;
  state: string;
  country: string;
  rw: number;
  vis: number;
  pr: number;
}

function observationsAt(s: ServiceContext, t: number, base: string): object {
  const rows = s.world.db
    .prepare(
      `SELECT c.id, c.lon, c.lat, c.description, c.city, c.state, c.country, o.rw, o.vis, o.pr
       FROM observations o JOIN cameras c ON c.num = o.camera WHERE o.time = ? ORDER BY c.id`,
    )
    .all(t) as ObsRow[];
  const time = isoSeconds(t);
  const features = rows.map((r) => ({
    type: 'Feature',
    id: observationId(r.id, t),
    geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
    properties: {
      image: `${base}/v1/cameras/${encodeURIComponent(r.id)}/images/${time}`,
      camera_id: r.id,
      description: r.description,
      city: r.city,
      state: r.state,
      country: r.country,
      time,
      'sensor.road_weather': r.rw,
      'sensor.visibility': r.vis / 10,
      'sensor.precip': r.pr,
    },
  }));
  return { type: 'FeatureCollection', features };
}

/** Alerts in force at t: effective at or before it, expiring after it. */
function alertsAt(s: ServiceContext, t: number): object {
  const ids = s.world.db
    .prepare('SELECT id FROM alerts WHERE effective <= ? AND expires > ? ORDER BY id')
    .pluck()
    .all(t, t) as string[];
  const features: Alert[] = ids.map((id) => showAlert(s.world, id));
  return { type: 'FeatureCollection', features };
}

async function snapshot(s: ServiceContext, ctx: RequestContext, kind: 'observations' | 'alerts') {
  requireNoParams(ctx.params, 'a snapshot');
  const text = ctx.pathParams['time']!;
  const t = parseSnapshotTime(text);
  checkAvailable(s, t, text);
  const m = mediaOf(s);
  const given = ctx.req.headers.host;
  const host = given && /^[\w.:[\]-]+$/.test(given) ? given : '127.0.0.1';
  const base = `${s.scheme}://${host}`;
  // Observation snapshots carry image URLs on this host: one file per host that asked.
  const suffix =
    kind === 'observations'
      ? `-${createHash('sha256').update(base).digest('hex').slice(0, 8)}`
      : '';
  const file = `${text}${suffix}.json`;
  const dir = join(m.dir, 'snapshots', kind);
  const path = join(dir, file);
  if (!existsSync(path)) {
    const body = kind === 'observations' ? observationsAt(s, t, base) : alertsAt(s, t);
    await mkdir(dir, { recursive: true });
    await writeFile(`${path}.tmp`, JSON.stringify(body));
    await rename(`${path}.tmp`, path);
  }
  return { redirect: m.signedUrl(ctx.req, `/signed/snapshots/${kind}/${file}`) };
}

export function registerSnapshotRoutes(router: Router, s: ServiceContext): void {
  router.get('/v1/observations/_all/:time.json', (ctx) => snapshot(s, ctx, 'observations'));
  router.get('/v1/alerts/_all/:time.json', (ctx) => snapshot(s, ctx, 'alerts'));
}
