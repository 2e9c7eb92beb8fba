import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { halve, searchAll, type BboxSearch } from '../../../src/engine/api/paging.ts';
import type { FeatureCollection } from '../../../src/shared/api/index.ts';
import { bboxContains, type Bbox, type LonLat } from '../../../src/shared/geo.ts';
import { demoClient } from '../../helpers/api.ts';
import { useService } from '../../helpers/per-describe.ts';

describe('against the service (300 cameras)', () => {
  test('iterates every camera in pages of 100', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    const ids: string[] = [];
    for await (const camera of client.cameras.iterate({})) ids.push(camera.id);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    const pages = proxy.requests.filter((r) => r.path.startsWith('/v1/cameras'));
    expect(pages.map((r) => new URL(r.path, 'http://x').searchParams.get('limit'))).toEqual([
      '100',
      '100',
      '100',
    ]);
  });

  test('searchAll splits the box when a part holds more than the ceiling, each camera once', async ({
    service,
  }) => {
    // A ceiling of 50 (limit 10, skip max 40) makes this small world need many splits.
    const client = demoClient(service.url, { paging: { limit: 10, skipMax: 40 } });
    const result = await client.cameras.searchAll({});
    const ids = result.features.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(await allIds(service.url));
    expect(result.incomplete).toEqual([]);
    expect(result.requests).toBeGreaterThan(30);
  });

  test('searchAll keeps the other filters and an explicit bbox', async ({ service }) => {
    const client = demoClient(service.url, { paging: { limit: 10, skipMax: 40 } });
    const bbox: Bbox = [-125, 24, -66, 50];
    const result = await client.cameras.searchAll({ bbox, country: 'US' });
    const expected = await demoClient(service.url).cameras.search({
      bbox,
      country: 'US',
      limit: 100,
    });
    expect(result.features).toHaveLength(expected.properties.total);
    expect(
      result.features.every(
        (f) => f.properties.country === 'US' && bboxContains(bbox, f.geometry.coordinates),
      ),
    ).toBe(true);
  });
});

async function allIds(url: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const c of demoClient(url).cameras.iterate({})) ids.push(c.id);
  return ids.sort();
}

describe('searchAll past the 4,100 ceiling (6000 cameras)', () => {
  const service = useService({ cameras: 6000, hours: 1 });

  it('a plain iterator stops at 4,100', async () => {
    const ids = new Set<string>();
    for await (const camera of demoClient(service.url).cameras.iterate({})) ids.add(camera.id);
    expect(ids.size).toBe(4100);
  });

  it('returns all 6000 cameras exactly once, close to the minimum number of requests', async () => {
    const result = await demoClient(service.url).cameras.searchAll({});
    expect(result.features).toHaveLength(6000);
    expect(new Set(result.features.map((f) => f.id)).size).toBe(6000);
    expect(result.requests).toBeLessThanOrEqual(Math.ceil(6000 / 100) * 1.3);
  });
});

describe('searchAll, the algorithm', () => {
  interface Point {
    id: string;
    geometry: { coordinates: LonLat };
  }
  /** An in-memory search with the service's semantics: inclusive bbox, stable order, paging. */
  function memorySearch(points: readonly Point[]): BboxSearch<Point> {
    return (bbox, skip, limit) => {
      const hits = points.filter((p) => bboxContains(bbox, p.geometry.coordinates));
      const page: FeatureCollection<Point> = {
        type: 'FeatureCollection',
        features: hits.slice(skip, skip + limit) as never,
        properties: { total: hits.length, skip, limit, aggs: {} },
      };
      return Promise.resolve(page);
    };
  }

  // Coordinates on a coarse grid of halves and quarters land exactly on the split lines.
  const coordinate = fc.tuple(fc.integer({ min: -64, max: 64 }), fc.integer({ min: -32, max: 32 }));
  const world = fc.array(coordinate, { minLength: 0, maxLength: 400 }).map((cs) =>
    cs.map(([x, y], i) => ({
      id: `p${i}`,
      geometry: { coordinates: [x * 2.5, y * 2.5] as LonLat },
    })),
  );

  it('finds every point exactly once, points on split edges included', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (points) => {
        const result = await searchAll(memorySearch(points), [-160, -80, 160, 80], {
          limit: 5,
          skipMax: 20,
        });
        const ids = result.features.map((f) => f.id).sort();
        expect(ids).toEqual(points.map((p) => p.id).sort());
      }),
      { numRuns: 60 },
    );
  });

  it('reports a box it cannot split instead of looping (many points at one place)', async () => {
    const points = Array.from({ length: 40 }, (_, i) => ({
      id: `s${i}`,
      geometry: { coordinates: [0.3, 0.7] as LonLat },
    }));
    const result = await searchAll(memorySearch(points), [0, 0, 2, 2], { limit: 5, skipMax: 10 });
    expect(result.features).toHaveLength(15);
    expect(result.incomplete).toHaveLength(1);
  });

  it('halves along the longer side, sharing the edge', () => {
    expect(halve([0, 0, 10, 4])).toEqual([
      [0, 0, 5, 4],
      [5, 0, 10, 4],
    ]);
    expect(halve([0, 0, 2, 4])).toEqual([
      [0, 0, 2, 2],
      [0, 2, 2, 4],
    ]);
  });

  it('splits a box crossing the antimeridian first', async () => {
    const points = [170, 179, -179, -170].map((x, i) => ({
      id: `a${i}`,
      geometry: { coordinates: [x, 0] as LonLat },
    }));
    const result = await searchAll(memorySearch(points), [160, -10, -160, 10], {
      limit: 10,
      skipMax: 10,
    });
    expect(result.features.map((f) => f.id).sort()).toEqual(['a0', 'a1', 'a2', 'a3']);
  });
});

describe('searchAll handing its pages over', () => {
  const points = Array.from({ length: 57 }, (_, i) => ({
    id: `h${i}`,
    geometry: { coordinates: [(i % 19) * 0.1, Math.floor(i / 19) * 0.1] as LonLat },
  }));
  const search: BboxSearch<(typeof points)[number]> = (bbox, skip, limit) => {
    const hits = points.filter((p) => bboxContains(bbox, p.geometry.coordinates));
    return Promise.resolve({
      type: 'FeatureCollection',
      features: hits.slice(skip, skip + limit),
      properties: { total: hits.length, skip, limit, aggs: {} },
    });
  };

  it('tells the count first, then hands each feature once, a page at a time, keeping none', async () => {
    const told: (number | string[])[] = [];
    const result = await searchAll(
      search,
      [0, 0, 2, 0.2],
      { limit: 5, skipMax: 10 },
      {
        onTotal: (total) => told.push(total),
        onFeatures: (features) => told.push(features.map((f) => f.id)),
      },
    );
    expect(told[0]).toBe(57);
    const pages = told.slice(1) as string[][];
    expect(pages.every((page) => page.length > 0 && page.length <= 5)).toBe(true);
    expect(pages.flat().sort()).toEqual(points.map((p) => p.id).sort());
    expect(result.features).toEqual([]);
  });
});
