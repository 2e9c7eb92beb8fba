import { describe, expect, test } from 'vitest';
import { describeSpatial } from '../../../../../src/renderer/map/search/spatial-words.ts';
import {
  drawnSpatial,
  emptyForm,
  observationParams,
  spatialParams,
} from '../../../../../src/renderer/map/search/params.ts';
import { parseRadius } from '../../../../../src/service/search/spatial.ts';

const denver: [number, number] = [-104.9903, 39.7392];

describe('search distances in miles', () => {
  test('a circle drawn in miles starts at 15 mi and goes to the service as typed', () => {
    const spatial = drawnSpatial({ type: 'none' }, 'radius', [denver], 'mi');
    expect(spatial).toMatchObject({ type: 'radius', unit: 'mi' });
    expect(spatialParams(spatial)).toMatchObject({ radius: '15mi' });
    const form = { ...emptyForm('observations'), spatial };
    expect(observationParams(form).radius).toBe('15mi');
    // The embedded service reads it as the same distance.
    expect(parseRadius('15mi')).toBeCloseTo(15 * 1609.344, 6);
  });

  test('a route buffer in miles goes to the service in km, converted exactly', () => {
    const line: [number, number][] = [denver, [-105.2705, 40.015]];
    const spatial = drawnSpatial({ type: 'none' }, 'route', line, 'mi');
    expect(spatialParams(spatial)).toMatchObject({ polyline_radius: 1.609344 });
    const three = { ...spatial, radiusKm: 4.828032, unit: 'mi' as const };
    expect(spatialParams(three)).toMatchObject({ polyline_radius: 4.828032 });
  });

  test('kilometres stay as they were', () => {
    const spatial = drawnSpatial({ type: 'none' }, 'radius', [denver]);
    expect(spatial).toEqual({ type: 'radius', center: denver, radiusKm: 25 });
    expect(spatialParams(spatial)).toMatchObject({ radius: '25km' });
  });

  test('the area in words is in the unit shown', () => {
    const spatial = drawnSpatial({ type: 'none' }, 'radius', [denver], 'mi');
    expect(describeSpatial(spatial, 'mi')).toMatch(/^Within 15 mi of /);
    expect(describeSpatial(spatial, 'km')).toMatch(/^Within 24\.1 km of /);
  });
});
