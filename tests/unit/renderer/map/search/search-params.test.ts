import { describe, expect, it } from 'vitest';
import { decodePolyline } from '../../../../../src/shared/geo.ts';
import {
  cameraSearchSchema,
  observationSearchSchema,
} from '../../../../../src/shared/ipc/searches.ts';
import {
  spatialBbox,
  cameraParams,
  drawnSpatial,
  emptyForm,
  observationParams,
  placeParams,
} from '../../../../../src/renderer/map/search/params.ts';

describe('search form to service parameters', () => {
  it('an empty camera form asks for the first page with facets', () => {
    const params = cameraParams(emptyForm('cameras'));
    expect(params).toEqual({ limit: 100, skip: 0, aggs: ['state', 'city', 'provider'] });
    expect(cameraSearchSchema().parse(params)).toEqual(params);
  });

  it('sends a route as an encoded polyline with its buffer in kilometres', () => {
    const form = emptyForm('cameras');
    const line = [
      [-105.0, 39.7],
      [-104.8, 38.8],
      [-104.6, 38.3],
    ] as const;
    form.spatial = { type: 'route', line: [...line], radiusKm: 3 };
    const params = cameraParams(form, 200);
    expect(params.polyline_radius).toBe(3);
    expect(params.polyline_precision).toBe(5);
    expect(decodePolyline(params.polyline!)).toEqual(line);
    expect(params.skip).toBe(200);
    expect(params.aggs).toBeUndefined();
  });

  it('translates exact, range and transition sensor filters, times, sort and a radius', () => {
    const form = emptyForm('observations');
    form.sensors.road_weather = { ...form.sensors.road_weather, mode: 'range', min: '2', max: '' };
    form.sensors.visibility = { ...form.sensors.visibility, mode: 'exact', exact: '0.2' };
    form.sensors.precip = { ...form.sensors.precip, mode: 'transition', from: '0', to: '1' };
    form.timeMin = '08:00';
    form.dateMax = '2026-11-21';
    form.sort = 'time';
    form.sortDir = 'desc';
    form.state = ' CO ';
    form.spatial = { type: 'radius', center: [-104.991234567, 39.7392], radiusKm: 25 };
    const params = observationParams(form);
    expect(params).toMatchObject({
      sensors: { road_weather: { min: 2 }, visibility: 0.2, precip: { data: 1, prev: 0 } },
      time_min: '08:00',
      date_max: '2026-11-21',
      sort: 'time',
      sort_dir: 'desc',
      state: 'CO',
      lat: 39.7392,
      lon: -104.99123,
      radius: '25km',
    });
    expect(observationSearchSchema().parse(params)).toEqual(params);
  });

  it('translates a transition between ranges into [data] and [prev] ranges', () => {
    const form = emptyForm('observations');
    form.sensors.road_weather = {
      ...form.sensors.road_weather,
      mode: 'transitionRange',
      prevMin: '0',
      prevMax: '1',
      min: '3',
    };
    const params = observationParams(form);
    expect(params.sensors).toEqual({
      road_weather: { data: { min: 3 }, prev: { min: 0, max: 1 } },
    });
    expect(observationSearchSchema().parse(params)).toEqual(params);
  });

  it('asks for every aggregation interface 4.2 shows on the first page', () => {
    const params = observationParams(emptyForm('observations'));
    expect(params.aggs).toEqual(
      expect.arrayContaining(['state', 'time', 'sensors.precip', 'sensors.precip.prev']),
    );
    expect(observationSearchSchema().parse(params)).toEqual(params);
  });

  it('keeps only the locating part for the recordings of a search', () => {
    const form = emptyForm('observations');
    form.cameraId = 'US-CO-000001';
    form.sensors.precip = { ...form.sensors.precip, mode: 'exact', exact: '1' };
    form.spatial = { type: 'bbox', bbox: [-190, -10, 10, 100] };
    expect(placeParams(form)).toEqual({ camera_id: 'US-CO-000001', bbox: [-180, -10, 10, 90] });
  });

  it('the contract refuses what the service would refuse', () => {
    expect(cameraSearchSchema().safeParse({ limit: 101 }).success).toBe(false);
    expect(cameraSearchSchema().safeParse({ skip: 4001 }).success).toBe(false);
    expect(cameraSearchSchema().safeParse({ sort: 'time' }).success).toBe(false);
    expect(cameraSearchSchema().safeParse({ polygon: [[0, 0]] }).success).toBe(false);
    expect(observationSearchSchema().safeParse({ sensors: { wind: 1 } }).success).toBe(false);
    expect(cameraSearchSchema().safeParse({ bbox: [0, 0, 200, 1] }).success).toBe(false);
  });

  it('a drawn shape becomes the area; a route or radius keeps the distance the form had', () => {
    const ring = [
      [-105, 39],
      [-104, 39],
      [-104, 40],
    ] as [number, number][];
    expect(drawnSpatial({ type: 'none' }, 'polygon', ring)).toEqual({ type: 'polygon', ring });
    expect(drawnSpatial({ type: 'none' }, 'route', ring)).toEqual({
      type: 'route',
      line: ring,
      radiusKm: 2,
    });
    expect(drawnSpatial({ type: 'bbox', bbox: [0, 0, 1, 1] }, 'radius', ring)).toEqual({
      type: 'radius',
      center: ring[0],
      radiusKm: 25,
    });
    const route = { type: 'route', line: ring, radiusKm: 7 } as const;
    expect(drawnSpatial(route, 'radius', [ring[1]!])).toEqual({
      type: 'radius',
      center: ring[1],
      radiusKm: 7,
    });
  });

  it('gives the box to show a search area whole: a route with its buffer, a circle, a polygon', () => {
    const line: [number, number][] = [
      [-105, 39.5],
      [-104, 40],
    ];
    const [w, s, e, n] = spatialBbox({ type: 'route', line, radiusKm: 11.1 })!;
    // 11.1 km is 0.1° of latitude.
    expect(s).toBeCloseTo(39.4, 2);
    expect(n).toBeCloseTo(40.1, 2);
    expect(w).toBeLessThan(-105.1);
    expect(e).toBeGreaterThan(-103.9);
    const ring: [number, number][] = [
      [1, 2],
      [3, 1],
      [2, 5],
    ];
    expect(spatialBbox({ type: 'polygon', ring })).toEqual([1, 1, 3, 5]);
    const [, cs, , cn] = spatialBbox({ type: 'radius', center: [0, 0], radiusKm: 111.2 })!;
    expect(cs).toBeCloseTo(-1, 2);
    expect(cn).toBeCloseTo(1, 2);
    expect(spatialBbox({ type: 'none' })).toBeNull();
  });
});
