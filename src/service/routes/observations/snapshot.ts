/**
 * Section 4.2 All: every camera's observation at a ten-minute mark, as one GeoJSON file
 * (the mechanism, availability and signed file are in ../snapshots.ts). Image URLs name the
 * host that asked, so the file is written once per host.
 */
import type { ServiceContext } from '../../context.ts';
import { observationId } from '../../search/observations.ts';
import { isoFromSeconds } from '../../search/times.ts';
import type { SnapshotKind } from '../snapshots.ts';
import { markProperties, rowsAtMark } from './rows.ts';

function observationsAt(s: ServiceContext, t: number, base: string): object {
  const rows = rowsAtMark(s, t, { sql: '1', args: [] }, 'c.id');
  const features = rows.map((r) => ({
    type: 'Feature',
    id: observationId(r.id, t),
    geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
    properties: {
      image: `${base}/v1/cameras/${encodeURIComponent(r.id)}/images/${isoFromSeconds(t)}`,
      ...markProperties(r),
    },
  }));
  return { type: 'FeatureCollection', features };
}

export const OBSERVATION_SNAPSHOTS: SnapshotKind = {
  name: 'observations',
  perHost: true,
  build: observationsAt,
};
