/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** Spec 4.6 (collection index and show), 2.7 (fields) and the marker rule. */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';
import type { Collection, CollectionWithImages } from '../../src/shared/api/index.ts';
import { fetchAll } from '../helpers/service.ts';

let all: Collection[];

test.beforeAll(async ({ t }) => {
  all = await fetchAll<Collection>(t, '/v1/collections');
});

describe('4.6 collection index', () => {
  test('answers the JSON envelope {results, total, skip, limit, aggs} without images', async ({
    t,
  }) => {
    const r = await t.get<any>('/v1/collections', { aggs: 'tags' });
    expect(Object.keys(r.body).sort()).toEqual(['aggs', 'limit', 'results', 'skip', 'total']);
    expect(r.body.total).toBe(all.length);
    expect(r.body.aggs.tags.length).toBeGreaterThan(0);
    for (const c of all) {
      expect(Object.keys(c).sort()).toEqual([
        '_id',
        'created_at',
        'description',
        'name',
        'tags',
        'updated_at',
      ]);
    }
  });

  test('never lists collections older than 90 days', ({ t }) => {
    const now = t.service.clock.now().getTime();
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((c) => now - Date.parse(c.created_at) < 90 * 86400_000)).toBe(true);
    expect(all.map((c) => c.name)).not.toContain('Old survey');
  });

  test('q, created_at and updated_at bounds', async ({ t }) => {
    const fog = await fetchAll<Collection>(t, '/v1/collections', { q: 'fog' });
    expect(fog.map((c) => c.name)).toContain('Fog events');
    const mid = all.map((c) => c.created_at).sort()[2]!;
    const newer = await fetchAll<Collection>(t, '/v1/collections', { created_at_min: mid });
    expect(newer.map((c) => c._id).sort()).toEqual(
      all
        .filter((c) => c.created_at >= mid)
        .map((c) => c._id)
        .sort(),
    );
    const day = all[0]!.updated_at.slice(0, 10);
    const upTo = await fetchAll<Collection>(t, '/v1/collections', { updated_at_max: day });
    expect(upTo.map((c) => c._id).sort()).toEqual(
      all
        .filter((c) => c.updated_at.slice(0, 10) <= day)
        .map((c) => c._id)
        .sort(),
    );
  });

  test('sorts by name, created_at, updated_at', async ({ t }) => {
    for (const sort of ['name', 'created_at', 'updated_at'] as const) {
      const asc = await fetchAll<Collection>(t, '/v1/collections', { sort });
      const keys = asc.map((c) => c[sort].toLowerCase());
      expect([...keys].sort()).toEqual(keys);
      const desc = await fetchAll<Collection>(t, '/v1/collections', { sort, sort_dir: 'desc' });
      expect(desc.map((c) => c._id)).toEqual(asc.map((c) => c._id).reverse());
    }
  });
});

describe('4.6 collection show', () => {
  const big = (): Collection => all.find((c) => c.name === 'Winter storm')!;

  test('returns images (default 20, max 200), limit and marker (empty when none)', async ({
    t,
  }) => {
    const r = await t.get<CollectionWithImages>(`/v1/collections/${big()._id}`);
    expect(r.status).toBe(200);
    expect(r.body.images).toHaveLength(20);
    expect(r.body.limit).toBe(20);
    expect(r.body.marker).toBe('');
    expect([...r.body.images].sort()).toEqual(r.body.images);
    const max = await t.get<CollectionWithImages>(`/v1/collections/${big()._id}`, { limit: 200 });
    expect(max.body.images).toHaveLength(200);
    expect((await t.get<any>(`/v1/collections/${big()._id}`, { limit: 201 })).status).toBe(400);
  });

  test('an exact marker starts after that image; pages chain without gaps', async ({ t }) => {
    const id = big()._id;
    const every: string[] = [];
    let marker = '';
    for (;;) {
      const r = await t.get<CollectionWithImages>(`/v1/collections/${id}`, { limit: 60, marker });
      expect(r.body.marker).toBe(marker);
      every.push(...r.body.images);
      if (r.body.images.length < 60) break;
      marker = r.body.images.at(-1)!;
    }
    expect(every.length).toBe(new Set(every).size);
    expect(every.length).toBeGreaterThanOrEqual(200);
    const whole = await t.get<CollectionWithImages>(`/v1/collections/${id}`, { limit: 200 });
    expect(every.slice(0, 200)).toEqual(whole.body.images);
  });

  test('a partial name starts at the first matching image', async ({ t }) => {
    const id = big()._id;
    const page = await t.get<CollectionWithImages>(`/v1/collections/${id}`, { limit: 200 });
    const target = page.body.images[50]!;
    const prefix = target.slice(0, target.indexOf('_') + 5);
    const first = page.body.images.find((n) => n.startsWith(prefix))!;
    const r = await t.get<CollectionWithImages>(`/v1/collections/${id}`, {
      marker: prefix,
      limit: 5,
    });
    expect(r.body.images[0]).toBe(first);
  });

  test('404 for unknown or expired collections', async ({ t }) => {
    expect((await t.get('/v1/collections/col_nothing')).status).toBe(404);
  });
});
