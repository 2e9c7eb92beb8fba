/**
 * Synthetic cameras: placed near real cities (population weighted), one per US state first so
 * every state has cameras, then spread over the countries of regions.ts. Camera i depends
 * only on (seed, i), so a larger world extends a smaller one with the same seed.
 */
import { haversineMeters } from '../../shared/geo.ts';
import { gazetteer, placesNear, type Gazetteer, type Place } from './places.ts';
import { COUNTRIES, CROSS_STREETS, DIRECTIONS, US_HIGHWAYS, type StateInfo } from './regions.ts';
import { rng, type Rng } from './random.ts';

export interface CameraRecord {
  index: number;
  id: string;
  lon: number;
  lat: number;
  country: string;
  state: string;
  stateName: string;
  city: string;
  region: string;
  provider: string;
  description: string;
  direction: string;
  video: boolean;
}

const CAMERA_KEY = 0xca3e7a;

export function generateCameras(seed: number, count: number): CameraRecord[] {
  const g = gazetteer();
  const usStates = [...g.byUsState.keys()].sort();
  const centroids = stateCentroids(g);
  const cameras: CameraRecord[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng(seed, CAMERA_KEY, i);
    const place =
      i < usStates.length ? g.byUsState.get(usStates[i]!)!.at(r.next()) : pickPlace(g, r);
    cameras.push(makeCamera(i, place, r, g, centroids));
  }
  return cameras;
}

function pickPlace(g: Gazetteer, r: Rng): Place {
  let u = r.next();
  for (const c of COUNTRIES) {
    if (u < c.weight) return g.byCountry.get(c.code)!.at(r.next());
    u -= c.weight;
  }
  return g.byCountry.get('US')!.at(r.next());
}

function makeCamera(
  index: number,
  place: Place,
  r: Rng,
  g: Gazetteer,
  centroids: Map<StateInfo, [number, number]>,
): CameraRecord {
  const spreadKm = Math.min(20, 3 + Math.sqrt(place.population) / 60);
  const distKm = 0.5 + r.next() * spreadKm;
  const bearing = r.next() * 2 * Math.PI;
  const lat = place.lat + (distKm * Math.cos(bearing)) / 111.2;
  const lon =
    place.lon + (distKm * Math.sin(bearing)) / (111.2 * Math.cos((place.lat * Math.PI) / 180));
  const direction = r.pick(DIRECTIONS);
  const road = roadName(place, r);
  const description = `${road} at ${crossing(place, road, r)} - Looking ${direction}`;
  const cityProvider = place.country.code === 'US' && place.population >= 150_000 && r.chance(0.12);
  return {
    index,
    id: `${place.country.code}-${place.state.idCode}-${String(index).padStart(6, '0')}`,
    lon: round6(lon),
    lat: round6(lat),
    country: place.country.code,
    state: place.state.state,
    stateName: place.state.name,
    city: place.name,
    region: regionOf(lon, lat, place, g, centroids),
    provider: cityProvider ? `City of ${place.name}` : place.state.provider,
    description,
    direction,
    video: r.chance(1 / 3),
  };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

function roadName(place: Place, r: Rng): string {
  const roads = place.state.roads;
  if (place.country.code !== 'US') return r.pick(roads);
  const u = r.next();
  if (u < 0.6) return r.pick(roads);
  if (u < 0.85) return `US-${r.pick(US_HIGHWAYS)}`;
  return `${place.state.state}-${1 + r.int(299)}`;
}

function crossing(place: Place, road: string, r: Rng): string {
  switch (place.country.crossings) {
    case 'km':
      return `Km ${1 + r.int(600)}`;
    case 'junction':
      return r.chance(0.6) ? `Junction ${1 + r.int(40)}` : r.pick(CROSS_STREETS);
    default:
      if (/^(I-|H-|Hwy|A-|QEW)/.test(road) && r.chance(0.6)) return `Exit ${1 + r.int(400)}`;
      if (r.chance(0.2)) return `Mile ${1 + r.int(350)}`;
      return r.chance(0.15) ? `${place.name} Blvd` : r.pick(CROSS_STREETS);
  }
}

/** A generalized location: the nearest metro area, else the part of the state. */
function regionOf(
  lon: number,
  lat: number,
  place: Place,
  g: Gazetteer,
  centroids: Map<StateInfo, [number, number]>,
): string {
  let best: Place | undefined;
  for (const p of placesNear(g, lon, lat, 1)) {
    if (p.population < 100_000 || p.country !== place.country) continue;
    if (haversineMeters([lon, lat], [p.lon, p.lat]) > 80_000) continue;
    if (!best || p.population > best.population) best = p;
  }
  if (best) return `${best.name} Metro`;
  const [cx, cy] = centroids.get(place.state) ?? [lon, lat];
  const dx = (lon - cx) * Math.cos((lat * Math.PI) / 180);
  const dy = lat - cy;
  if (Math.hypot(dx, dy) < 0.5) return `Central ${place.state.name}`;
  const side =
    Math.abs(dx) > Math.abs(dy)
      ? dx > 0
        ? 'Eastern'
        : 'Western'
      : dy > 0
        ? 'Northern'
        : 'Southern';
  return `${side} ${place.state.name}`;
}

function stateCentroids(g: Gazetteer): Map<StateInfo, [number, number]> {
  const sums = new Map<StateInfo, [number, number, number]>();
  for (const p of g.all) {
    const s = sums.get(p.state) ?? [0, 0, 0];
    s[0] += p.lon * p.population;
    s[1] += p.lat * p.population;
    s[2] += p.population;
    sums.set(p.state, s);
  }
  return new Map([...sums].map(([k, [x, y, w]]) => [k, [x / w, y / w]]));
}
