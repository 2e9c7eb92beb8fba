import { describe, expect, test } from 'vitest';
import { emptyFilters, nearView, recordingQuery } from './recording-query.ts';

describe('the recording search form makes a spec 4.4 query', () => {
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
