/**
 * A routed line kept short without leaving the road: every point of the routing service's line
 * lies within the buffer of the kept line (measured by the tests' own geometry), the start and
 * the end are kept, and a line too winding for the points a route keeps is refused in words.
 */
import { describe, expect, test } from 'vitest';
import { MAX_ROUTE_POINTS } from '../../../src/shared/route-file.ts';
import { douglasPeucker, simplifyRoute } from '../../../src/shared/route-simplify.ts';
import { standInRoad } from '../../helpers/routing-standins.ts';
import { distanceToLine, type P } from '../../helpers/independent-geo.ts';

/** A mountain road: the stand-ins' bowed road with a hairpin every kilometre or so. */
function windingRoad(): P[] {
  const road = standInRoad(
    [
      [-104.9847, 39.7392],
      [-104.8561, 39.3722],
      [-104.8214, 38.8339],
    ],
    3000,
  );
  return road.map(([lon, lat], i) => [lon + 0.004 * Math.sin(i / 20), lat] as P);
}

describe('simplifying a routed line', () => {
  test('keeps every point of the road within the buffer, in the points a route keeps', () => {
    const road = windingRoad();
    const bufferKm = 1;
    const kept = simplifyRoute(road, bufferKm, MAX_ROUTE_POINTS);
    if (!kept.ok) throw new Error(kept.error);
    expect(kept.line.length).toBeLessThanOrEqual(MAX_ROUTE_POINTS);
    expect(kept.line.length).toBeLessThan(road.length / 2);
    expect(kept.line[0]).toEqual(road[0]);
    expect(kept.line.at(-1)).toEqual(road.at(-1));
    // Measured by densifying the kept line (an overestimate: a stricter check than the buffer).
    const worst = Math.max(...road.map((p) => distanceToLine(p, kept.line as P[])));
    expect(worst).toBeLessThanOrEqual(bufferKm * 1000);
  });

  test('a straight stretch keeps only its ends', () => {
    const line: P[] = Array.from({ length: 50 }, (_, i) => [-105 + i * 0.01, 39]);
    expect(douglasPeucker(line, 5)).toEqual([line[0], line[49]]);
  });

  test('a road too winding for the points allowed is refused in words', () => {
    const kept = simplifyRoute(windingRoad(), 0.1, 20);
    expect(kept).toMatchObject({
      ok: false,
      error:
        'The route winds too much to keep in 20 points within 0.1 km of the road: widen the buffer, or add a stop and save it in parts.',
    });
  });
});
