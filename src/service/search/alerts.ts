/**
 * Section 4.5: alert search and show. By default only current alerts (expires after now);
 * expired=true only expired ones; expired=any both, exactly their union. Spatial filters
 * match alerts whose polygon intersects the area.
 */
import {
  ALERT_CERTAINTY,
  ALERT_SEVERITY,
  ALERT_URGENCY,
  type Alert,
  type FeatureCollection,
} from '../../shared/api/index.ts';
import { splitBbox, type LonLat } from '../../shared/geo.ts';
import { invalidParameter, notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import { CERTAINTY_TEXT, SEVERITY_TEXT, URGENCY_TEXT } from '../world/alert-text.ts';
import { addAnyOf, addTextQuery, addTimeRanges, Where, type SearchStore } from './common.ts';
import { featurePage, readSearch, searchTable, type Table } from './paging.ts';
import type { ParamReader } from './reader.ts';
import { candidateBoxes, hasArea, intersectsRing, type SpatialFilter } from './spatial.ts';
import { isoFromSeconds } from './times.ts';

interface Row {
  num: number;
  id: string;
  origin: string;
  event: string;
  headline: string;
  states: string;
  area_desc: string;
  description: string;
  effective: number;
  expires: number;
  updated: number;
  urgency: number;
  severity: number;
  certainty: number;
  status: string;
  polygon: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

const text = (table: readonly string[]) => (v: unknown) => table[v as number] ?? 'Unknown';
const TABLE: Table<'alerts'> = {
  columns: 'a.*',
  from: 'alerts a',
  sortColumns: {
    event: 'a.event',
    state: 'a.first_state',
    country: 'a.country',
    effective: 'a.effective',
    expires: 'a.expires',
    urgency: 'a.urgency',
    severity: 'a.severity',
    certainty: 'a.certainty',
  },
  tieBreaker: 'a.id',
  rowid: 'a.num',
  aggs: {
    event: { key: 'a.event' },
    state: { key: 's.name', join: 'JOIN alert_states s ON s.alert = a.num' },
    origin: { key: 'a.origin' },
    urgency: { key: 'a.urgency', toKey: text(URGENCY_TEXT) },
    severity: { key: 'a.severity', toKey: text(SEVERITY_TEXT) },
    certainty: { key: 'a.certainty', toKey: text(CERTAINTY_TEXT) },
    status: { key: 'a.status' },
  },
  points: false,
};

function feature(row: Row): Alert {
  return {
    type: 'Feature',
    id: row.id,
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
    geometry: { type: 'Polygon', coordinates: [JSON.parse(row.polygon) as LonLat[]] },
    properties: {
      origin: row.origin,
      event: row.event,
      headline: row.headline,
      states: JSON.parse(row.states) as string[],
      areaDesc: row.area_desc,
      description: row.description,
      effective: isoFromSeconds(row.effective),
      expires: isoFromSeconds(row.expires),
      updated: isoFromSeconds(row.updated),
      urgency: URGENCY_TEXT[row.urgency] ?? 'Unknown',
      severity: SEVERITY_TEXT[row.severity] ?? 'Unknown',
      certainty: CERTAINTY_TEXT[row.certainty] ?? 'Unknown',
      status: row.status,
    },
  };
}

/**
 * Filter values (interface 4.5) to ranks; the document spells "uknown_severity", both spellings
 * work.
 */
function ranks(
  r: ParamReader,
  name: string,
  values: readonly string[],
  aliases: Record<string, number> = {},
): number[] | undefined {
  const given = r.commaList(name);
  if (!given) return undefined;
  return given.map((g) => {
    const v = g.toLowerCase();
    const i = values.indexOf(v);
    if (i >= 0) return i;
    if (v in aliases) return aliases[v]!;
    throw invalidParameter(name, `${name} must be one of ${values.join(', ')}; got "${g}".`);
  });
}

export function searchAlerts(
  world: SearchStore,
  bag: ParamBag,
  nowS: number,
): FeatureCollection<Alert> {
  const request = readSearch(bag, 'alerts');
  const { r, spatial } = request;
  const where = new Where();
  const expired = r.string('expired')?.trim().toLowerCase();
  if (expired === undefined || expired === 'false') where.floor('a', 'alerts', 'expires', nowS);
  else if (expired === 'true') where.add('a.expires <= ?', nowS);
  else if (expired !== 'any')
    throw invalidParameter(
      'expired',
      'expired must be true (expired alerts only) or any (all alerts); leave it out for current alerts.',
    );
  addTextQuery(r, where, 'a.num', 'alerts_fts');
  addAnyOf(r, where, 'event', 'a.event');
  addAnyOf(r, where, 'country', 'a.country');
  const states = r.strings('state');
  if (states) {
    const marks = states.map(() => '?').join(', ');
    where.add(
      `a.num IN (SELECT alert FROM alert_states WHERE code IN (${marks}) OR name IN (${marks}))`,
      ...states,
      ...states,
    );
  }
  addTimeRanges(r, where, 'a', ['effective', 'expires']);
  const u = ranks(r, 'urgency', ALERT_URGENCY);
  if (u) where.in('a.urgency', u);
  const s = ranks(r, 'severity', ALERT_SEVERITY, { unknown_severity: 4 });
  if (s) where.in('a.severity', s);
  const c = ranks(r, 'certainty', ALERT_CERTAINTY);
  if (c) where.in('a.certainty', c);
  if (hasArea(spatial)) addAlertArea(world, spatial, where);

  const found = searchTable<'alerts', Row>(world.statements, TABLE, where, request);
  return featurePage(found.rows.map(feature), found, request.page);
}

function addAlertArea(world: SearchStore, f: SpatialFilter, where: Where): void {
  const boxes = candidateBoxes(f);
  const st = world.statements.get(
    'SELECT a.num, a.polygon FROM alerts_rtree r JOIN alerts a ON a.num = r.num WHERE r.max_lon >= ? AND r.min_lon <= ? AND r.max_lat >= ? AND r.min_lat <= ?',
  );
  const seen = new Set<number>();
  const nums: number[] = [];
  for (const b of splitBbox(boxes[0]!)) {
    for (const row of st.iterate(b[0], b[2], b[1], b[3]) as Iterable<{
      num: number;
      polygon: string;
    }>) {
      if (seen.has(row.num)) continue;
      seen.add(row.num);
      if (intersectsRing(f, JSON.parse(row.polygon) as LonLat[])) nums.push(row.num);
    }
  }
  where.area('a.num IN (SELECT value FROM json_each(?))', JSON.stringify(nums));
}

export function showAlert(world: SearchStore, id: string): Alert {
  const row = world.statements.get('SELECT a.* FROM alerts a WHERE a.id = ?').get(id) as
    Row | undefined;
  if (!row) throw notFound('alert', id);
  return feature(row);
}
