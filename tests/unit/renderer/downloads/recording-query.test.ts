import { describe, expect, test } from 'vitest';
import { encodePolyline } from '../../../../src/shared/geo.ts';
import { areaFromMap } from '../../../../src/renderer/downloads/recording-area.ts';
import {
  boxText,
  emptyFilters,
  nearView,
  recordingQuery,
} from '../../../../src/renderer/downloads/recording-query.ts';

describe('the recording search form makes an interface 4.4 query', () => {
  test('by default: complete recordings, nothing else', () => {
    expect(recordingQuery(emptyFilters())).toEqual({ status: 'complete' });
  });

  test('every filter: text, place, status, start and stop ranges in UTC, durations, area', () => {
    const query = recordingQuery({
      ...emptyFilters(),
      q: ' storm ',
      country: 'US',
      state: 'CO',
      city: 'Denver',
      cameraId: 'US-CO-000042',
      status: 'failed',
      startMin: '2026-11-20T10:00',
      startMax: '2026-11-20',
      stopMin: '2026-11-20T10:05',
      stopMax: '2026-11-20T11:00',
      minMinutes: 1,
      maxMinutes: 5.5,
      bbox: '-105.3, 39.5, -104.6, 40.1',
      near: '39.74,-104.99',
      radiusKm: 2.5,
    });
    expect(query).toEqual({
      q: 'storm',
      country: 'US',
      state: 'CO',
      city: 'Denver',
      camera_id: 'US-CO-000042',
      status: 'failed',
      start_min: '2026-11-20T10:00:00Z',
      start_max: '2026-11-20T00:00:00Z',
      stop_min: '2026-11-20T10:05:00Z',
      stop_max: '2026-11-20T11:00:00Z',
      duration_min: 60,
      duration_max: 330,
      bbox: [-105.3, 39.5, -104.6, 40.1],
      lat: 39.74,
      lon: -104.99,
      radius: 2500,
    });
  });

  test('any status leaves status out', () => {
    expect(recordingQuery({ ...emptyFilters(), status: '' })).toEqual({});
  });

  test('an area or a point that does not read says what to type', () => {
    expect(() => recordingQuery({ ...emptyFilters(), bbox: '1,2,3' })).toThrow(/minLon,minLat/);
    expect(() => recordingQuery({ ...emptyFilters(), bbox: '10,0,5,1' })).toThrow(/west < east/);
    expect(() => recordingQuery({ ...emptyFilters(), near: 'Denver' })).toThrow(/lat,lon/);
    expect(() => recordingQuery({ ...emptyFilters(), near: '95,0' })).toThrow(/out of range/);
  });
});

test("the map's view gives a centre and a radius that shrinks as the map zooms in", () => {
  expect(nearView({ lat: 0, lon: 10, zoom: 0 })).toEqual({
    near: '0.0000,10.0000',
    radiusKm: 78271,
  });
  const denver = nearView({ lat: 39.7392, lon: -104.9903, zoom: 10 });
  expect(denver).toEqual({ near: '39.7392,-104.9903', radiusKm: 59 });
  const query = recordingQuery({ ...emptyFilters(), ...denver });
  expect(query).toMatchObject({ lat: 39.7392, lon: -104.9903, radius: 59_000 });
});

describe('the area shapes: a polygon as the interface writes it, a route as an encoded polyline', () => {
  test('a polygon is read as [lon, lat] corners and closed when typed open', () => {
    const polygon = '-105 39.5, -104.5 39.5,  -104.8   40 ';
    expect(recordingQuery({ ...emptyFilters(), area: 'polygon', polygon })).toEqual({
      status: 'complete',
      polygon: [
        [-105, 39.5],
        [-104.5, 39.5],
        [-104.8, 40],
        [-105, 39.5],
      ],
    });
    const closed = '1 1, 2 1, 2 2, 1 1';
    expect(recordingQuery({ ...emptyFilters(), area: 'polygon', polygon: closed }).polygon).toEqual(
      [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 1],
      ],
    );
    // Typed but not chosen: the shape is not sent.
    expect(recordingQuery({ ...emptyFilters(), polygon: closed })).toEqual({ status: 'complete' });
  });

  test('a polygon that does not read says which corner and what to type', () => {
    const polygon = (text: string) => () =>
      recordingQuery({ ...emptyFilters(), area: 'polygon', polygon: text });
    expect(polygon('')).toThrow(/corners as "lon lat, lon lat, …"/);
    expect(polygon('1 1, 2,1, 2 2')).toThrow(/corner 2 \("2"\) is not "lon lat"/);
    expect(polygon('1 1, 2 1 3, 2 2')).toThrow(/corner 2 \("2 1 3"\)/);
    expect(polygon('1 1, 2 x, 2 2')).toThrow(/corner 2/);
    expect(polygon('1 1, 39.5 -105, 2 2')).toThrow(/corner 2 .* out of range: longitude \(first\)/);
    expect(polygon('1 1, 2 2, 1 1')).toThrow(/at least three different corners/);
  });

  test('a route is sent as typed with its precision and buffer; the buffer may be left out', () => {
    // Google's example polyline: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
    const polyline = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';
    expect(
      recordingQuery({ ...emptyFilters(), status: '', area: 'route', polyline, bufferKm: 3 }),
    ).toEqual({ polyline, polyline_precision: 5, polyline_radius: 3 });
    expect(recordingQuery({ ...emptyFilters(), status: '', area: 'route', polyline })).toEqual({
      polyline,
      polyline_precision: 5,
    });
    const six = encodePolyline(
      [
        [-105, 39.7],
        [-104.9, 39.8],
      ],
      6,
    );
    expect(
      recordingQuery({ ...emptyFilters(), area: 'route', polyline: six, polylinePrecision: 6 }),
    ).toMatchObject({ polyline: six, polyline_precision: 6 });
  });

  test('a route that does not read says why, and suggests the other precision', () => {
    const route =
      (polyline: string, more: object = {}) =>
      () =>
        recordingQuery({ ...emptyFilters(), area: 'route', polyline, ...more });
    expect(route(' ')).toThrow(/encoded polyline \(precision 5 or 6\)/);
    expect(route('_p~iF~ps|U_ulL')).toThrow(/does not read as an encoded polyline: .*latitude/);
    expect(route('_p~iF~ps|U')).toThrow(/at least two points/);
    const six = encodePolyline(
      [
        [-105, 39.7],
        [-104.9, 39.8],
      ],
      6,
    );
    expect(route(six)).toThrow(/leaves the globe at point 1: is its precision 6 rather than 5/);
    expect(route('_p~iF~ps|U_ulLnnqC', { bufferKm: 0 })).toThrow(/Buffer is kilometers/);
    expect(route('_p~iF~ps|U_ulLnnqC', { bufferKm: 501 })).toThrow(/at most 500/);
  });
});

test("the map's drawn polygon or route become the form's fields; other areas do not", () => {
  const ring: [number, number][] = [
    [-105.123456, 39.5],
    [-104.5, 39.5],
    [-104.8, 40],
    [-105.123456, 39.5],
  ];
  const polygon = areaFromMap({ type: 'polygon', ring });
  expect(polygon).toEqual({
    area: 'polygon',
    polygon: '-105.12346 39.5, -104.5 39.5, -104.8 40, -105.12346 39.5',
  });
  expect(recordingQuery({ ...emptyFilters(), ...polygon }).polygon).toHaveLength(4);

  const line: [number, number][] = [
    [-105, 39.7],
    [-104.9, 39.8],
  ];
  const route = areaFromMap({ type: 'route', line, radiusKm: 2 });
  expect(route).toEqual({
    area: 'route',
    polyline: encodePolyline(line, 5),
    polylinePrecision: 5,
    bufferKm: 2,
  });
  expect(recordingQuery({ ...emptyFilters(), status: '', ...route })).toEqual({
    polyline: encodePolyline(line, 5),
    polyline_precision: 5,
    polyline_radius: 2,
  });
  expect(areaFromMap({ type: 'none' })).toBeNull();
  expect(areaFromMap({ type: 'bbox', bbox: [1, 2, 3, 4] })).toBeNull();
  expect(areaFromMap({ type: 'radius', center: [1, 2], radiusKm: 3 })).toBeNull();
});

test("the map's view becomes an Area the search reads, the whole view inside, on the globe", () => {
  const text = boxText([-105.123456, 39.654321, -104.5, 40.00001]);
  expect(text).toBe('-105.1235,39.6543,-104.5000,40.0001');
  expect(recordingQuery({ ...emptyFilters(), bbox: text }).bbox).toEqual([
    -105.1235, 39.6543, -104.5, 40.0001,
  ]);
  // A map zoomed out past the whole world shows more than the globe: the box stops at its edges.
  expect(boxText([-250.5, -95, 230, 91])).toBe('-180.0000,-90.0000,180.0000,90.0000');
});
