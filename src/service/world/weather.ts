/**
 * A moving synthetic weather field: storm systems that spawn over land regions, travel
 * eastwards for 12-36 hours and fade, fog banks that form at night, and a temperature field
 * from latitude, season, time of day and terrain. Every value is a pure function of the seed
 * and the time, so neighbouring cameras agree and a camera's values change plausibly.
 */
import { rng } from './random.ts';

export const SLOT_S = 600;
const STORM_EPOCH_S = 3 * 3600;
const STORM_MAX_LIFE_S = 36 * 3600;
const FOG_EPOCH_S = 6 * 3600;
const FOG_MAX_LIFE_S = 9 * 3600;

interface Region {
  box: [number, number, number, number];
  storms: number; // expected storms per 3-hour epoch
  fog: number; // expected fog banks per 6-hour epoch
  us: boolean;
}

const REGIONS: Region[] = [
  { box: [-125, 25, -67, 49], storms: 2, fog: 3, us: true },
  { box: [-165, 55, -135, 68], storms: 0.4, fog: 0.4, us: true },
  { box: [-160, 18, -154, 23], storms: 0.15, fog: 0.1, us: true },
  { box: [-128, 42, -52, 56], storms: 1, fog: 0.8, us: false },
  { box: [-11, 46, 32, 71], storms: 1.4, fog: 1.2, us: false },
  { box: [113, -43, 154, -12], storms: 0.9, fog: 0.6, us: false },
];

export interface Storm {
  /** stable key: epoch and number within it */
  key: number;
  region: number;
  us: boolean;
  t0: number;
  t1: number;
  lon0: number;
  lat0: number;
  /** degrees per hour */
  vx: number;
  vy: number;
  radiusKm: number;
  peak: number;
}

export interface FogBank {
  key: number;
  us: boolean;
  t0: number;
  t1: number;
  lon: number;
  lat: number;
  radiusKm: number;
  peak: number;
}

function poisson(u: () => number, mean: number): number {
  let n = 0;
  let p = Math.exp(-mean);
  let s = p;
  const x = u();
  while (x > s && n < 20) {
    n++;
    p = (p * mean) / n;
    s += p;
  }
  return n;
}

const stormCache = new Map<string, Storm[]>();
const fogCache = new Map<string, FogBank[]>();

function stormsOfEpoch(seed: number, k: number): Storm[] {
  const cacheKey = `${seed}:${k}`;
  const hit = stormCache.get(cacheKey);
  if (hit) return hit;
  const out: Storm[] = [];
  REGIONS.forEach((region, ri) => {
    const r = rng(seed, 0x5707, k, ri);
    const n = poisson(r.next, region.storms);
    for (let j = 0; j < n; j++) {
      const [x0, y0, x1, y1] = region.box;
      const t0 = k * STORM_EPOCH_S + r.next() * STORM_EPOCH_S;
      out.push({
        key: k * 1000 + ri * 50 + j,
        region: ri,
        us: region.us,
        t0,
        t1: t0 + (12 + r.next() * 24) * 3600,
        lon0: x0 - 4 + r.next() * (x1 - x0),
        lat0: y0 + r.next() * (y1 - y0),
        vx: 0.25 + r.next() * 0.5,
        vy: (r.next() - 0.5) * 0.3,
        radiusKm: 150 + r.next() * 300,
        peak: 0.6 + r.next() * 0.9,
      });
    }
  });
  if (stormCache.size > 5000) stormCache.clear();
  stormCache.set(cacheKey, out);
  return out;
}

function fogOfEpoch(seed: number, k: number): FogBank[] {
  const cacheKey = `${seed}:${k}`;
  const hit = fogCache.get(cacheKey);
  if (hit) return hit;
  const out: FogBank[] = [];
  REGIONS.forEach((region, ri) => {
    const r = rng(seed, 0xf06, k, ri);
    const n = poisson(r.next, region.fog);
    for (let j = 0; j < n; j++) {
      const [x0, y0, x1, y1] = region.box;
      const t0 = k * FOG_EPOCH_S + r.next() * FOG_EPOCH_S;
      out.push({
        key: k * 1000 + ri * 50 + j,
        us: region.us,
        t0,
        t1: t0 + (3 + r.next() * 6) * 3600,
        lon: x0 + r.next() * (x1 - x0),
        lat: y0 + r.next() * (y1 - y0),
        radiusKm: 40 + r.next() * 110,
        peak: 0.8 + r.next() * 0.6,
      });
    }
  });
  if (fogCache.size > 5000) fogCache.clear();
  fogCache.set(cacheKey, out);
  return out;
}

/** Storms alive at some point in [from, to] (epoch seconds). */
export function stormsBetween(seed: number, from: number, to: number): Storm[] {
  const out: Storm[] = [];
  const k0 = Math.floor((from - STORM_MAX_LIFE_S) / STORM_EPOCH_S);
  const k1 = Math.floor(to / STORM_EPOCH_S);
  for (let k = k0; k <= k1; k++) {
    for (const s of stormsOfEpoch(seed, k)) if (s.t1 > from && s.t0 <= to) out.push(s);
  }
  return out;
}

export function fogBetween(seed: number, from: number, to: number): FogBank[] {
  const out: FogBank[] = [];
  const k0 = Math.floor((from - FOG_MAX_LIFE_S) / FOG_EPOCH_S);
  const k1 = Math.floor(to / FOG_EPOCH_S);
  for (let k = k0; k <= k1; k++) {
    for (const f of fogOfEpoch(seed, k)) if (f.t1 > from && f.t0 <= to) out.push(f);
  }
  return out;
}

export function stormCenter(s: Storm, t: number): [number, number] {
  const h = (t - s.t0) / 3600;
  return [s.lon0 + s.vx * h, s.lat0 + s.vy * h];
}

/** Rises, peaks at a third of the life, and fades. */
export function stormStrength(s: Storm, t: number): number {
  if (t < s.t0 || t >= s.t1) return 0;
  const x = (t - s.t0) / (s.t1 - s.t0);
  const env = x < 0.33 ? x / 0.33 : (1 - x) / 0.67;
  return s.peak * Math.sqrt(Math.max(0, env));
}

/** The field at one instant, packed for fast evaluation at many points. */
export interface FieldAt {
  t: number;
  /** per storm: lon, lat, 1/r^2 (km^-2), strength, reach in degrees of latitude */
  storms: Float64Array;
  fog: Float64Array;
}

export function fieldAt(seed: number, t: number): FieldAt {
  const storms = stormsBetween(seed, t, t);
  const s = new Float64Array(storms.length * 5);
  storms.forEach((st, i) => {
    const [lon, lat] = stormCenter(st, t);
    s.set(
      [lon, lat, 1 / (st.radiusKm * st.radiusKm), stormStrength(st, t), (st.radiusKm * 2.5) / 111],
      i * 5,
    );
  });
  const banks = fogBetween(seed, t, t);
  const f = new Float64Array(banks.length * 5);
  banks.forEach((b, i) => {
    const x = (t - b.t0) / (b.t1 - b.t0);
    const env = Math.sin(Math.PI * Math.min(1, Math.max(0, x)));
    f.set(
      [b.lon, b.lat, 1 / (b.radiusKm * b.radiusKm), b.peak * env, (b.radiusKm * 2.5) / 111],
      i * 5,
    );
  });
  return { t, storms: s, fog: f };
}

function sumField(packed: Float64Array, lon: number, lat: number, cosLat: number): number {
  let total = 0;
  for (let i = 0; i < packed.length; i += 5) {
    const dy = lat - packed[i + 1]!;
    const reach = packed[i + 4]!;
    if (dy > reach || dy < -reach) continue;
    const dxKm = (lon - packed[i]!) * cosLat * 111.2;
    const dyKm = dy * 111.2;
    const d2 = (dxKm * dxKm + dyKm * dyKm) * packed[i + 2]!;
    if (d2 < 6.25) total += packed[i + 3]! * Math.exp(-d2);
  }
  return total;
}

export function precipAt(field: FieldAt, lon: number, lat: number, cosLat: number): number {
  return sumField(field.storms, lon, lat, cosLat);
}

/** Fog forms at night and in the morning (local solar time). */
export function fogAt(field: FieldAt, lon: number, lat: number, cosLat: number): number {
  const hour = localHour(field.t, lon);
  const night = hour >= 21 || hour < 10 ? 1 : 0.25;
  return sumField(field.fog, lon, lat, cosLat) * night;
}

export function localHour(t: number, lon: number): number {
  return (((t / 3600 + lon / 15) % 24) + 24) % 24;
}

/** Air temperature in °C: latitude and season, terrain, time of day, a slow anomaly, storms. */
export function temperatureAt(
  seed: number,
  t: number,
  lon: number,
  lat: number,
  precip: number,
): number {
  const day = t / 86400;
  const season = Math.cos((2 * Math.PI * ((day % 365.2425) - 15)) / 365.2425); // 1 mid-January
  const north = lat >= 0;
  const absLat = Math.abs(lat);
  let temp = 35 - 0.6 * absLat - 10 * (north ? season : -season) * (absLat / 45);
  if (lon > -12 && lon < 35 && lat > 45) temp += 12; // the Gulf Stream keeps Europe mild
  if (lon > -121 && lon < -104 && lat > 33 && lat < 49) temp -= 5; // mountain West
  temp += 5 * Math.cos((2 * Math.PI * (localHour(t, lon) - 15)) / 24);
  const phase = (seed % 1000) / 159;
  temp += 4 * Math.sin(lon * 0.07 + day * 0.6 + phase) * Math.cos(lat * 0.09 - day * 0.4);
  return temp - 3 * Math.min(1.5, precip);
}
