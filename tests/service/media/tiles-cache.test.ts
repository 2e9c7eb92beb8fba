/**
 * The service keeps the tiles it encoded (routes/tileCache.ts): a tile asked for again is the
 * same bytes, and a tile asked for after the world moved on (a ten-minute mark) is not the old
 * one. A service of its own: these tests move its clock.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../../helpers/fixtures.ts';
import { call } from '../../helpers/media.ts';
import type { ServiceUnderTest } from '../../helpers/service.ts';

test.override({ serviceOptions: { cameras: 60 } });

async function times(t: ServiceUnderTest, path: string): Promise<Set<unknown>> {
  const r = await call(t, 'GET', path);
  expect(r.status).toBe(200);
  const layer = new VectorTile(new PbfReader(r.bytes)).layers['observations']!;
  return new Set(Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.time));
}

describe('tiles asked for again', () => {
  test('are the same bytes, in either variant of the request', async ({ t }) => {
    for (const path of ['/v1/cameras/1/0/0.mvt', '/v1/observations/1/0/0.mvt?sort_dir=desc']) {
      const first = (await call(t, 'GET', path)).bytes;
      expect(first.byteLength).toBeGreaterThan(0);
      expect((await call(t, 'GET', path)).bytes).toEqual(first);
    }
  });

  test('follow the next ten-minute mark: the observation tile holds its observations', async ({
    t,
  }) => {
    const path = '/v1/observations/0/0/0.mvt';
    const before = [...(await times(t, path))];
    expect(before).toHaveLength(1);
    const moved = await fetch(`${t.url}/_admin/clock?advance_ms=${10 * 60_000}`, {
      method: 'POST',
    });
    expect(moved.status).toBe(200);
    const next = new Date(Date.parse(String(before[0])) + 10 * 60_000);
    const mark = next.toISOString().replace('.000Z', 'Z');
    expect([...(await times(t, path))]).toEqual([mark]);
    expect([...(await times(t, `${path}?sort_dir=asc`))]).toEqual([mark]);
  });
});
