/**
 * The cameras along a route come in driving order: checked against the embedded service's own
 * cameras on a route with several bends (San Diego to San Francisco by the coast and the
 * valley), with every distance along computed again here by another method (the line sampled
 * every 50 m, each camera taken to its nearest sample), not by src/shared/route.ts.
 */
import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { haversine, type P } from '../../helpers/independent-geo.ts';
import type { Core } from '../../../src/engine/core.ts';
import { showRoute } from '../../../src/engine/routes/show.ts';
import type { RouteShown } from '../../../src/shared/ipc/routes.ts';

test.override({ demoWorld: { cameras: 300, hours: 2, now: '2026-11-20T12:00:00Z' } });

/** Eight bends: north-west along the coast, inland up the valley, west to the bay. */
const COAST: P[] = [
  [-117.15, 32.7],
  [-117.25, 33.2],
  [-117.9, 33.75],
  [-118.3, 33.95],
  [-118.55, 34.15],
  [-119.27, 34.3],
  [-120.05, 36.95],
  [-121.9, 37.3],
  [-122.4, 37.75],
];
const BUFFER_KM = 25;

/** The line every 50 m: each sample with its distance from the start, by haversine sums. */
function samples(line: P[]): { at: P; alongM: number }[] {
  const out = [{ at: line[0]!, alongM: 0 }];
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1]!, line[i]!];
    const n = Math.ceil(haversine(a, b) / 50);
    for (let k = 1; k <= n; k++) {
      const at: P = [a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n];
      out.push({ at, alongM: out.at(-1)!.alongM + haversine(out.at(-1)!.at, at) });
    }
  }
  return out;
}

function nearestSample(p: P, sampled: { at: P; alongM: number }[]) {
  let best = { alongM: 0, offM: Infinity };
  for (const s of sampled) {
    const offM = haversine(p, s.at);
    if (offM < best.offM) best = { alongM: s.alongM, offM };
  }
  return best;
}

async function show(core: Core, line: P[]) {
  return core.api.invoke('routes.show', { line, bufferKm: BUFFER_KM, name: 'Coast' });
}

describe('cameras along a route, in driving order', () => {
  test('are ordered by distance along the route as sampled independently', async ({ core }) => {
    const shown: RouteShown = await show(core, COAST);
    const sampled = samples(COAST);
    expect(shown.complete).toBe(true);
    expect(shown.cameras.length).toBeGreaterThanOrEqual(12);
    const independent = shown.cameras.map((c) => ({
      id: c.id,
      ...nearestSample([c.lon, c.lat], sampled),
    }));
    // Every camera where the independent method puts it (50 m samples; 0.5% projection error).
    for (const [i, camera] of shown.cameras.entries()) {
      const expected = independent[i]!;
      expect(Math.abs(camera.alongKm * 1000 - expected.alongM)).toBeLessThan(
        100 + expected.alongM * 0.005,
      );
      expect(Math.abs(camera.offKm * 1000 - expected.offM)).toBeLessThan(
        100 + expected.offM * 0.01,
      );
    }
    // The same order as sorting by the independent distances (ties within 200 m either way).
    const byIndependent = [...independent].sort((a, b) => a.alongM - b.alongM);
    for (const [i, camera] of shown.cameras.entries()) {
      if (camera.id === byIndependent[i]!.id) continue;
      const mine = independent[i]!.alongM;
      expect(Math.abs(mine - byIndependent[i]!.alongM), `${camera.id} at ${i}`).toBeLessThan(200);
    }
    // Several bends are crossed: cameras lie on at least four different segments.
    expect(new Set(shown.cameras.map((c) => c.segment)).size).toBeGreaterThanOrEqual(4);
    expect(shown.route.lengthKm * 1000).toBeCloseTo(sampled.at(-1)!.alongM, -3);
  });

  test('hold every camera of the service within the buffer, and no other', async ({ core }) => {
    const shown = await show(core, COAST);
    const sampled = samples(COAST);
    const near: string[] = [];
    for await (const camera of core.client.cameras.iterate({ bbox: [-124, 31.5, -116, 39] })) {
      const [lon, lat] = camera.geometry.coordinates as P;
      const { offM } = nearestSample([lon, lat], sampled);
      // Cameras right at the edge may fall either way between two methods.
      if (Math.abs(offM - BUFFER_KM * 1000) < 100) continue;
      if (offM < BUFFER_KM * 1000) near.push(camera.id);
      else expect(shown.cameras.map((c) => c.id)).not.toContain(camera.id);
    }
    expect(shown.cameras.map((c) => c.id)).toEqual(expect.arrayContaining(near));
  });

  test('past the cap, are the first ones from the start, and say they are not all', async ({
    core,
  }) => {
    const all = await show(core, COAST);
    const route = { id: null, name: 'Coast', line: COAST, bufferKm: BUFFER_KM };
    const first = await showRoute(core.client, core.cache.searches, route, 3);
    expect(first.complete).toBe(false);
    expect(first.cameras.map((c) => c.id)).toEqual(all.cameras.slice(0, 3).map((c) => c.id));
  });

  test('driven the other way, come in the reverse order', async ({ core }) => {
    const forward = await show(core, COAST);
    const back = await show(core, [...COAST].reverse());
    const length = forward.route.lengthKm;
    const far = (km: number) => Math.round(km * 5); // 200 m bins absorb ties
    expect(back.cameras.map((c) => far(c.alongKm))).toEqual(
      [...forward.cameras].reverse().map((c) => far(length - c.alongKm)),
    );
  });

  test('say which direction each camera watches, where its description says', async ({ core }) => {
    const shown = await show(core, COAST);
    for (const camera of shown.cameras) {
      const said = /Looking (\w+)$/.exec(camera.name)?.[1];
      if (!said) {
        expect(camera.direction).toBeNull();
        continue;
      }
      const compass = {
        North: 0,
        Northeast: 45,
        East: 90,
        Southeast: 135,
        South: 180,
        Southwest: 225,
        West: 270,
        Northwest: 315,
      }[said]!;
      const apart = Math.abs(((compass - camera.bearing + 540) % 360) - 180);
      const expected = apart <= 45 ? 'same' : apart >= 135 ? 'opposite' : null;
      expect(camera.direction, `${camera.name} on a route heading ${camera.bearing}°`).toBe(
        expected,
      );
    }
    expect(shown.cameras.some((c) => c.direction !== null)).toBe(true);
  });
});
