/**
 * What a typed place means, in the order a person expects: coordinates ("39.74,-104.99"), then
 * a city of the offline list (the largest of that name, or the ones to choose from), then the
 * first camera whose text matches it ("I-70 Exit 12"), as the camera search finds it.
 */
import type { PlaceFound, RoutePlace } from '../../shared/ipc/routes.ts';
import { cameraSummary } from '../../shared/ipc/cameras.ts';
import type { ApiClient } from '../api/client.ts';
import { findCity } from './cities.ts';

const COORDINATES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "lat,lon" as typed (latitude first, as maps write it); null when it is not. */
export function typedCoordinates(q: string): RoutePlace | null {
  const match = COORDINATES.exec(q);
  if (!match) return null;
  const [lat, lon] = [Number(match[1]), Number(match[2])];
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { name: `${lat}, ${lon}`, lon, lat, kind: 'coordinates', population: null };
}

export async function findPlace(
  client: Pick<ApiClient, 'cameras'>,
  q: string,
): Promise<PlaceFound> {
  const typed = typedCoordinates(q);
  if (typed) return { q, place: typed, choices: [] };
  const city = await findCity(q);
  if (city.kind === 'one') return { q, place: city.place, choices: [] };
  if (city.kind === 'several') return { q, place: null, choices: city.choices };
  const found = (await client.cameras.search({ q, limit: 1 })).features[0];
  if (!found) {
    throw new Error(
      `No city or camera matches "${q}": type a city ("Denver", "Springfield, MO"), a road or a camera's name, or "lat,lon".`,
    );
  }
  const { name, lon, lat } = cameraSummary(found);
  return { q, place: { name, lon, lat, kind: 'camera', population: null }, choices: [] };
}
