import L from 'leaflet';
import { expect, test } from 'vitest';
import type { Recording } from '../../../shared/api/index.ts';
import { drawRecordings } from './overlays.ts';

test("a recording's pin opens its detail under Downloads", () => {
  const recording = {
    type: 'Feature',
    id: 'rec_abc',
    geometry: { type: 'Point', coordinates: [-105, 39.7] },
    properties: { status: 'complete', duration: 300, start: null, tags: [], description: '' },
  } as unknown as Recording;
  const group = L.layerGroup();
  drawRecordings(group, [recording]);
  const [marker] = group.getLayers() as L.Marker[];
  marker!.fire('click');
  expect(location.hash).toBe('#/downloads/recording/rec_abc');
});
