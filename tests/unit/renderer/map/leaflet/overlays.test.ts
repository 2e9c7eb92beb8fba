import L from 'leaflet';
import { expect, test } from 'vitest';
import type { Alert, Recording } from '../../../../../src/shared/api/index.ts';
import { drawAlerts, drawRecordings } from '../../../../../src/renderer/map/leaflet/overlays.ts';

test("a recording's pin opens its detail under Downloads", () => {
  const recording = {
    type: 'Feature',
    id: 'rec_abc',
    geometry: { type: 'Point', coordinates: [-105, 39.7] },
    properties: { status: 'complete', duration: 300, start: null, tags: [], description: '' },
  } as unknown as Recording;
  const group = L.layerGroup();
  drawRecordings(group, [recording], 'UTC');
  const [marker] = group.getLayers() as L.Marker[];
  marker!.fire('click');
  expect(location.hash).toBe('#/downloads/recording/rec_abc');
});

test("a recording's pin gives its start in the zone shown, named", () => {
  const recording = {
    type: 'Feature',
    id: 'rec_abc',
    geometry: { type: 'Point', coordinates: [-105, 39.7] },
    properties: {
      status: 'complete',
      duration: 300,
      start: '2026-01-15T15:42:07Z',
      tags: [],
      description: '',
    },
  } as unknown as Recording;
  const group = L.layerGroup();
  drawRecordings(group, [recording], 'America/Denver');
  const [marker] = group.getLayers() as L.Marker[];
  expect((marker!.getTooltip()?.getContent() as HTMLElement).textContent).toMatch(
    /5 min from .*(08:42|8:42).* MST/,
  );
});

test("every part of an alert's area is drawn, holes too", () => {
  const ring = (lon: number, lat: number, size: number): [number, number][] => [
    [lon, lat],
    [lon + size, lat],
    [lon + size, lat + size],
    [lon, lat],
  ];
  const alert = {
    type: 'Feature',
    id: 'al_1',
    geometry: {
      type: 'MultiPolygon',
      coordinates: [[ring(-100, 30, 1), ring(-99.8, 30.2, 0.2)], [ring(-90, 40, 1)]],
    },
    properties: { event: 'Flood Warning', severity: 'Severe', headline: '', areaDesc: '' },
  } as unknown as Alert;
  const group = L.layerGroup();
  drawAlerts(group, [alert], () => {});
  const [polygon] = group.getLayers() as L.Polygon[];
  // Leaflet's nesting for a multi-polygon: parts, then rings (its copy leaves out the closing
  // point), then points as [lat, lon].
  const parts = polygon!.getLatLngs() as L.LatLng[][][];
  expect(parts.map((rings) => rings.length)).toEqual([2, 1]);
  expect(parts[1]![0]![0]).toMatchObject({ lat: 40, lng: -90 });
});
