/**
 * Alerts of the synthetic world. National-weather-agency alerts follow the storms and fog
 * banks of weather.ts over the United States (watch, then warning or advisory); the
 * service's own beta alerts (Road Wetness, Poor Visibility, Heavy Precip Watch) are derived
 * every hour from the stored observations, and extended while the condition lasts.
 */
import { bboxOf, pointInPolygon, type LonLat } from '../../shared/geo.ts';
import type { StoreDb } from '../store/db.ts';
import { EVENTS, nwsDescription, ORIGIN_NWS, type EventKind } from './alert-text.ts';
import { insertAlert, type AlertRecord } from './alert-store.ts';
import { gazetteer, gridKey, type Place } from './places.ts';
import { hash, idFrom, stringKey, unit } from './random.ts';
import {
  fogBetween,
  SLOT_S,
  stormCenter,
  stormsBetween,
  temperatureAt,
  type FogBank,
  type Storm,
} from './weather.ts';

export { deriveServiceAlerts } from './service-alerts.ts';

let usGrid: Map<number, Place[]> | undefined;

function usPlacesGrid(): Map<number, Place[]> {
  if (usGrid) return usGrid;
  usGrid = new Map();
  for (const p of gazetteer().all) {
    if (p.country.code !== 'US') continue;
    const key = gridKey(p.lon, p.lat);
    const cell = usGrid.get(key);
    if (cell) cell.push(p);
    else usGrid.set(key, [p]);
  }
  return usGrid;
}

/** US places inside a polygon, largest first. */
function placesInside(ring: LonLat[]): Place[] {
  const [x0, y0, x1, y1] = bboxOf(ring);
  const grid = usPlacesGrid();
  const out: Place[] = [];
  for (let y = Math.floor(y0); y <= Math.floor(y1); y++) {
    for (let x = Math.floor(x0); x <= Math.floor(x1); x++) {
      for (const p of grid.get(gridKey(x, y)) ?? [])
        if (pointInPolygon([p.lon, p.lat], ring)) out.push(p);
    }
  }
  return out.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
}

/** An irregular ellipse around a centre, stretched along the direction of travel. */
function footprint(
  key: number,
  center: [number, number],
  alongKm: number,
  acrossKm: number,
  angle: number,
): LonLat[] {
  const ring: LonLat[] = [];
  const cos = Math.cos((center[1] * Math.PI) / 180);
  const n = 12;
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const jitter = 0.85 + 0.3 * unit(key, i);
    const u = Math.cos(a) * alongKm * jitter;
    const v = Math.sin(a) * acrossKm * jitter;
    const xKm = u * Math.cos(angle) - v * Math.sin(angle);
    const yKm = u * Math.sin(angle) + v * Math.cos(angle);
    const lat = Math.max(-89, Math.min(89, center[1] + yKm / 111.2));
    ring.push([round4(center[0] + xKm / (111.2 * cos)), round4(lat)]);
  }
  ring.push(ring[0]!);
  return ring;
}

function round4(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

interface Candidate {
  source: string;
  kind: EventKind;
  effective: number;
  expires: number;
  ring: () => LonLat[];
}

function alignSlot(t: number): number {
  return Math.ceil(t / SLOT_S) * SLOT_S;
}

function stormCandidates(seed: number, s: Storm): Candidate[] {
  const life = s.t1 - s.t0;
  const out: Candidate[] = [];
  const ringFor = (from: number, to: number, scale: number) => (): LonLat[] => {
    const mid = (from + to) / 2;
    const travelKm = Math.hypot(s.vx * 85, s.vy * 111) * ((to - from) / 3600);
    return footprint(
      hash(seed, s.key, from),
      stormCenter(s, mid),
      s.radiusKm * scale + travelKm / 2,
      s.radiusKm * scale,
      Math.atan2(s.vy * 111, s.vx * 85),
    );
  };
  const at = (x: number): number => alignSlot(s.t0 + life * x);
  const center = stormCenter(s, s.t0 + life * 0.33);
  const cold = temperatureAt(seed, s.t0 + life * 0.33, center[0], center[1], s.peak) < 1.5;
  if (s.peak > 0.9) {
    const [from, to] = [at(0.08), at(0.4)];
    const kind = cold ? EVENTS.winterStormWatch : EVENTS.floodWatch;
    out.push({
      source: `nws:${s.key}:watch`,
      kind,
      effective: from,
      expires: to,
      ring: ringFor(from, to, 0.8),
    });
  }
  const [from, to] = [at(0.22), at(0.7)];
  let kind: EventKind;
  if (cold) kind = s.peak > 1.1 ? EVENTS.winterStormWarning : EVENTS.winterWeatherAdvisory;
  else if (s.peak > 1.25) kind = EVENTS.flashFloodWarning;
  else if (unit(seed, s.key, 0x3d) < 0.4) kind = EVENTS.windAdvisory;
  else return out;
  const short = kind === EVENTS.flashFloodWarning;
  const stop = short ? from + 3 * 3600 : to;
  out.push({
    source: `nws:${s.key}:warning`,
    kind,
    effective: from,
    expires: stop,
    ring: ringFor(from, stop, short ? 0.35 : 0.7),
  });
  return out;
}

function fogCandidate(seed: number, f: FogBank): Candidate | undefined {
  if (f.peak < 1) return undefined;
  const from = alignSlot(f.t0 + 3600);
  return {
    source: `nws:fog:${f.key}`,
    kind: EVENTS.denseFogAdvisory,
    effective: from,
    expires: alignSlot(f.t1),
    ring: () =>
      footprint(hash(seed, f.key, 0xf0), [f.lon, f.lat], f.radiusKm * 0.9, f.radiusKm * 0.8, 0),
  };
}

function toRecord(seed: number, c: Candidate): AlertRecord | undefined {
  const ring = c.ring();
  const places = placesInside(ring);
  if (places.length === 0) return undefined;
  const states = [...new Map(places.map((p) => [p.state.state, p.state.name])).entries()].sort(
    (a, b) => a[1].localeCompare(b[1]),
  );
  const areaDesc = places
    .slice(0, 6)
    .map((p) => `${p.name}, ${p.state.state}`)
    .join('; ');
  const office = places[0]!;
  const expiresText = new Date(c.expires * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return {
    id: `NWS-${idFrom(14, seed, stringKey(c.source))}`,
    origin: ORIGIN_NWS,
    kind: c.kind,
    headline: `${c.kind.event} issued for ${office.state.name} until ${expiresText} UTC by NWS ${office.name} ${office.state.state}`,
    states,
    country: 'US',
    areaDesc,
    description: nwsDescription(c.kind, areaDesc, c.expires),
    effective: c.effective,
    expires: c.expires,
    updated: c.effective,
    ring,
    source: c.source,
  };
}

/** Inserts the agency alerts that became effective in (from, to]. */
export function issueAgencyAlerts(db: StoreDb, seed: number, from: number, to: number): number {
  const candidates: Candidate[] = [];
  for (const s of stormsBetween(seed, from - 36 * 3600, to))
    if (s.us) candidates.push(...stormCandidates(seed, s));
  for (const f of fogBetween(seed, from - 12 * 3600, to)) {
    const c = f.us ? fogCandidate(seed, f) : undefined;
    if (c) candidates.push(c);
  }
  let n = 0;
  for (const c of candidates) {
    if (c.effective <= from || c.effective > to || c.expires <= c.effective) continue;
    const record = toRecord(seed, c);
    if (record && insertAlert(db, record)) n++;
  }
  return n;
}
