/** src/shared/geo.ts: the polyline codec and the geometry behind the spatial filters. */
import { describe, expect, it } from 'vitest';
import {
  bboxContains,
  decodePolyline,
  encodePolyline,
  haversineMeters,
  pointInPolygon,
  polygonIntersectsBbox,
  polygonIntersectsCircle,
  polygonIntersectsPolylineBuffer,
  polygonsIntersect,
  type LonLat,
} from '../../src/shared/geo.ts';
import { decode, encode } from '../helpers/independent-geo.ts';

describe('polyline codec', () => {
  it('decodes the reference example of the encoded polyline format', () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });

  it('round-trips at precision 5 and 6 and agrees with an independent codec', () => {
    const pts: LonLat[] = [
      [-122.419416, 37.774929],
      [-0.127758, 51.507351],
      [151.209296, -33.86882],
      [0, 0],
    ];
    for (const p of [5, 6]) {
      const s = encodePolyline(pts, p);
      expect(s).toBe(encode(pts as [number, number][], p));
      const back = decodePolyline(s, p);
      back.forEach((q, i) => {
        expect(q[0]).toBeCloseTo(pts[i]![0], p);
        expect(q[1]).toBeCloseTo(pts[i]![1], p);
      });
      expect(decode(s, p)).toEqual(back);
    }
  });

  it('throws on malformed input', () => {
    expect(() => decodePolyline('_p~iF~ps|U_')).toThrow(RangeError);
    expect(() => decodePolyline('\u0001')).toThrow(RangeError);
  });
});

describe('geometry', () => {
  const square: LonLat[] = [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ];

  it('haversine: one degree of latitude is about 111.2 km', () => {
    expect(haversineMeters([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
  });

  it('point in polygon and bbox (also across the antimeridian)', () => {
    expect(pointInPolygon([5, 5], square)).toBe(true);
    expect(pointInPolygon([15, 5], square)).toBe(false);
    expect(bboxContains([170, -10, -170, 10], [175, 0])).toBe(true);
    expect(bboxContains([170, -10, -170, 10], [0, 0])).toBe(false);
  });

  it('polygon intersection with a polygon, a bbox, a circle and a polyline buffer', () => {
    expect(
      polygonsIntersect(square, [
        [5, 5],
        [20, 5],
        [20, 20],
        [5, 5],
      ]),
    ).toBe(true);
    expect(
      polygonsIntersect(square, [
        [2, 2],
        [3, 2],
        [3, 3],
        [2, 2],
      ]),
    ).toBe(true); // contained
    expect(
      polygonsIntersect(square, [
        [20, 20],
        [30, 20],
        [30, 30],
        [20, 20],
      ]),
    ).toBe(false);
    expect(polygonIntersectsBbox(square, [-5, -5, 1, 1])).toBe(true);
    expect(polygonIntersectsBbox(square, [11, 11, 12, 12])).toBe(false);
    expect(polygonIntersectsCircle(square, [10.5, 5], 100_000)).toBe(true);
    expect(polygonIntersectsCircle(square, [12, 5], 100_000)).toBe(false);
    expect(
      polygonIntersectsPolylineBuffer(
        square,
        [
          [11, -5],
          [11, 15],
        ],
        120_000,
      ),
    ).toBe(true);
    expect(
      polygonIntersectsPolylineBuffer(
        square,
        [
          [11, -5],
          [11, 15],
        ],
        100_000,
      ),
    ).toBe(false);
  });
});
