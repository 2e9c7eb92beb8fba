/**
 * The variant choice `oddRecords`: some records of every search and index page carry what the
 * interface does not rule out, as another provider's data would: null or missing text, a
 * recording status and a format the interface does not list, an alert severity of 'Unknown' and its
 * area as a MultiPolygon, an extra field, times in other ISO 8601 forms, a sensor value outside
 * the table of 2.3 and a sensor type it does not name. One rewrite of the serialised answer, after the search (and its cache):
 * our own answers, with the choice off, are never touched.
 */

type Json = Record<string, unknown>;

/** Which records are odd: about one in seven, by id, so the same ones on every page and query. */
export function isOdd(id: string): boolean {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % 7 === 3;
}

/** "2026-11-21T12:00:00Z" as "2026-11-21T12:00:00.000000+00:00": the same instant. */
function withOffsetZero(time: unknown): unknown {
  return typeof time === 'string' ? time.replace(/Z$/, '.000000+00:00') : time;
}

/** The same instant five hours behind UTC, with a fraction: "...T07:00:00.5-05:00" form. */
function minusFive(time: unknown): unknown {
  if (typeof time !== 'string') return time;
  const ms = Date.parse(time);
  if (Number.isNaN(ms)) return time;
  return new Date(ms - 5 * 3600_000).toISOString().replace(/\.(\d+)Z$/, '.$1000-05:00');
}

const ODD_FEATURE: Record<string, (p: Json) => void> = {
  '/v1/observations': (p) => {
    p['time'] = withOffsetZero(p['time']);
    const sensors = (p['sensors'] ?? {}) as Json;
    // 7 is no road_weather value of the table; surface_temp is no type the interface names.
    if (sensors['road_weather']) sensors['road_weather'] = { data: 7 };
    sensors['surface_temp'] = { data: -2.5, prev: -1 };
  },
  '/v1/cameras': (p) => {
    p['provider'] = null;
  },
  '/v1/recordings': (p) => {
    p['status'] = 'processing';
    p['formats'] = [...((p['formats'] as string[] | undefined) ?? []), 'gif'];
    p['start'] = minusFive(p['start']);
    p['stop'] = minusFive(p['stop']);
    p['created_at'] = withOffsetZero(p['created_at']);
  },
  '/v1/alerts': (p) => {
    p['severity'] = 'Unknown';
    p['effective'] = minusFive(p['effective']);
    p['expires'] = withOffsetZero(p['expires']);
  },
};

function oddFeature(base: string, feature: Json): void {
  const p = feature['properties'] as Json | undefined;
  if (!p || !isOdd(String(feature['id']))) return;
  p['description'] = null;
  // Alerts have no city: their area's text is left out instead.
  delete p[base === '/v1/alerts' ? 'areaDesc' : 'city'];
  p['x_source'] = 'partner feed';
  feature['links'] = [{ rel: 'self', href: `${base}/${String(feature['id'])}` }];
  ODD_FEATURE[base]?.(p);
  // GeoJSON's other form of an area: the same polygon as the one part of a MultiPolygon.
  const g = feature['geometry'] as Json | undefined;
  if (base === '/v1/alerts' && g?.['type'] === 'Polygon') {
    feature['geometry'] = { type: 'MultiPolygon', coordinates: [g['coordinates']] };
  }
}

function oddCollection(c: Json): void {
  if (!isOdd(String(c['_id']))) return;
  c['description'] = null;
  delete c['tags'];
  c['owner'] = 'partner';
}

/** A search or index answer of `base` with its odd records; any other answer as it is. */
export function withOddRecords(base: string, jsonText: string): string {
  const answer = JSON.parse(jsonText) as Json;
  if (Array.isArray(answer['features'])) {
    for (const f of answer['features'] as Json[]) oddFeature(base, f);
  } else if (Array.isArray(answer['results'])) {
    for (const c of answer['results'] as Json[]) oddCollection(c);
  } else return jsonText;
  return JSON.stringify(answer);
}
