/**
 * Section 4.2 All: every camera's observation at a ten-minute mark, as one GeoJSON file
 * (the mechanism, availability and signed file are in ../snapshots.ts). Image URLs name the
 * host that asked, so the file is written once per host.
 */
import type { ServiceContext } from '../../context.ts';
import { observationId } from '../../search/observations.ts';
import { isoSeconds } from '../../search/times.ts';
import type { SnapshotKind } from '../snapshots.ts';

interface ObsRow {
  id: string;
  lon: number;
  lat: number;
  description: string;
  city: string;
  state: string;
  country: string;
  rw: number;
  vis: number;
  pr: number;
}

function observationsAt(s: ServiceContext, t: number, base: string): object {
  const rows = s.world.db
    .prepare(
      `SELECT c.id, c.lon, c.lat, c.description, c.city, c.state, c.country, o.rw, o.vis, o.pr
       FROM observations o JOIN cameras c ON c.num = o.camera WHERE o.time = ? ORDER BY c.id`,
    )
    .all(t) as ObsRow[];
  const time = isoSeconds(t);
  const features = rows.map((r) => ({
    type: 'Feature',
    id: observationId(r.id, t),
    geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
    properties: {
      image: `${base}/v1/cameras/${encodeURIComponent(r.id)}/images/${time}`,
      camera_id: r.id,
      description: r.description,
      city: r.city,
      state: r.state,
      country: r.country,
      time,
      'sensor.road_weather': r.rw,
      'sensor.visibility': r.vis / 10,
      'sensor.precip': r.pr,
    },
  }));
  return { type: 'FeatureCollection', features };
}

export const OBSERVATION_SNAPSHOTS: SnapshotKind = {
  name: 'observations',
  perHost: true,
  build: observationsAt,
};
