/**
 * The recording search's area shapes beyond a box and a point (interface 4.4, 2.1): a polygon
 * typed as the interface writes it ("lon lat, lon lat, …") and a route as an encoded polyline,
 * read with errors that say what to fix; and the same shapes taken from the area last drawn on
 * the Map.
 */
import { t, words } from '../lib/words.svelte.ts';
import { said } from '../../shared/i18n/translator.ts';
import { decodePolyline, type LonLat } from '../../shared/geo.ts';
import { polylineProblemWords } from '../../shared/route-link.ts';
import type { RecordingSearch } from '../../shared/ipc/searches.ts';
import { spatialParams, type Spatial } from '../map/search/params.ts';

/** The area-shape fields of the recording form. */
export interface AreaFields {
  /** '' when no polygon or route narrows the search. */
  area: '' | 'polygon' | 'route';
  /** "lon lat, lon lat, …" */
  polygon: string;
  /** An encoded polyline. */
  polyline: string;
  polylinePrecision: 5 | 6;
  /** Kilometers around the route; empty: the service's default (1 km). */
  bufferKm: number | null;
}

export function emptyArea(): AreaFields {
  return { area: '', polygon: '', polyline: '', polylinePrecision: 5, bufferKm: null };
}

const MAX_CORNERS = 2000;
const MAX_POLYLINE = 50_000;
const MAX_BUFFER_KM = 500;

/** The query parameters of the chosen shape; throws with what to fix when it does not read. */
export function areaQuery(f: AreaFields): RecordingSearch {
  if (f.area === 'polygon') return { polygon: polygonOf(f.polygon) };
  if (f.area === 'route') return routeOf(f);
  return {};
}

function polygonOf(text: string): [number, number][] {
  const example = '-105 39.5, -104.5 39.5, -104.8 40';
  if (!text.trim()) throw new Error(t('downloads.area.polygonEmpty', { example }));
  const corners = text.split(',').map((pair, i): [number, number] => {
    const parts = pair.trim().split(/\s+/);
    const [lon, lat] = parts.map(Number) as [number, number];
    if (parts.length !== 2 || !Number.isFinite(lon) || !Number.isFinite(lat))
      throw new Error(t('downloads.area.cornerForm', { n: i + 1, pair: pair.trim(), example }));
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90)
      throw new Error(t('downloads.area.cornerRange', { n: i + 1, pair: pair.trim() }));
    return [lon, lat];
  });
  if (new Set(corners.map((c) => c.join())).size < 3)
    throw new Error(t('downloads.area.threeCorners'));
  const [first, last] = [corners[0]!, corners.at(-1)!];
  // The interface closes a ring by repeating its first pair; one typed open is closed here.
  if (first[0] !== last[0] || first[1] !== last[1]) corners.push([...first]);
  if (corners.length > MAX_CORNERS)
    throw new Error(
      t('downloads.area.tooManyCorners', { count: corners.length, max: MAX_CORNERS }),
    );
  return corners;
}

function routeOf(f: AreaFields): RecordingSearch {
  const text = f.polyline.trim();
  if (!text) throw new Error(t('downloads.area.routeEmpty'));
  if (text.length > MAX_POLYLINE)
    throw new Error(t('downloads.area.routeLong', { count: text.length, max: MAX_POLYLINE }));
  let points: LonLat[];
  try {
    points = decodePolyline(text, f.polylinePrecision);
  } catch (error) {
    const reason = polylineProblemWords(error);
    throw new Error(words.say(said('downloads.area.routeUnread', { reason })), {
      cause: error,
    });
  }
  if (points.length < 2) throw new Error(t('downloads.area.twoPoints'));
  const outside = points.findIndex(([lon, lat]) => Math.abs(lon) > 180 || Math.abs(lat) > 90);
  if (outside >= 0)
    throw new Error(
      t('downloads.area.offGlobe', {
        n: outside + 1,
        other: String(f.polylinePrecision === 5 ? 6 : 5),
        precision: String(f.polylinePrecision),
      }),
    );
  if (f.bufferKm !== null && !(f.bufferKm > 0 && f.bufferKm <= MAX_BUFFER_KM))
    throw new Error(t('downloads.area.buffer', { max: MAX_BUFFER_KM }));
  return {
    polyline: text,
    polyline_precision: f.polylinePrecision,
    ...(f.bufferKm === null ? {} : { polyline_radius: f.bufferKm }),
  };
}

/**
 * The fields for the polygon or route last drawn on the Map (its search form's area), or null
 * when the map's area is no such shape.
 */
export function areaFromMap(spatial: Spatial): Partial<AreaFields> | null {
  const params = spatialParams(spatial);
  if ('polygon' in params && params.polygon)
    return { area: 'polygon', polygon: params.polygon.map((c) => c.join(' ')).join(', ') };
  if ('polyline' in params)
    return {
      area: 'route',
      polyline: params.polyline,
      polylinePrecision: params.polyline_precision,
      bufferKm: params.polyline_radius,
    };
  return null;
}
