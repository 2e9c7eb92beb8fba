/** Spec 4.6: every collection operation besides Index and Show (those are part 1's). */
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are JSON checked by the assertions, not by types */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../../helpers/fixtures.ts';
import type { Camera } from '../../../src/shared/api/index.ts';
import { requestToken, type ServiceUnderTest } from '../../helpers/service.ts';
import { call, fetchSigned, isJpeg, signedLocation } from '../../helpers/media.ts';

let cameras: Camera[];
let col: string;

test.override({ serviceOptions: { cameras: 20 } });
test.beforeAll(async ({ t }) => {
  cameras = (await t.get<any>('/v1/cameras', { limit: 5 })).body.features;
  const r = await call(t, 'POST', '/v1/collections', {
    name: 'Test set',
    description: 'for tests',
    tags: 'x,y',
  });
  col = r.json().collection_id;
});

const showCol = async (t: ServiceUnderTest, params: object = {}) =>
  (await t.get<any>(`/v1/collections/${col}`, params)).body;

describe('4.6 Create and Update', () => {
  test('creates with 200 {ok, collection_id}; name is required', async ({ t }) => {
    const r = await call(t, 'POST', '/v1/collections', { name: 'Another' });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ ok: true, collection_id: expect.any(String) });
    expect((await call(t, 'POST', '/v1/collections', { description: 'no name' })).status).toBe(400);
    const c = await showCol(t);
    expect(c).toMatchObject({
      _id: col,
      name: 'Test set',
      description: 'for tests',
      tags: ['x', 'y'],
      images: [],
    });
  });

  test('updates any of name, description, tags', async ({ t }) => {
    expect(
      (
        await call(t, 'PATCH', `/v1/collections/${col}`, { description: 'changed', tags: ['z'] })
      ).json(),
    ).toEqual({ ok: true });
    expect(await showCol(t)).toMatchObject({
      name: 'Test set',
      description: 'changed',
      tags: ['z'],
    });
    expect((await call(t, 'PATCH', `/v1/collections/${col}`, {})).status).toBe(400);
    expect((await call(t, 'PATCH', '/v1/collections/col_nope', { name: 'x' })).status).toBe(404);
  });
});

describe('4.6 Add Image: every parameter set, exactly one', () => {
  test('adds the current image, an archived image, an observation preview, recording images and another collection image', async ({
    t,
  }) => {
    const [a, b, c] = cameras;
    const add = (body: object, prefix = '') =>
      call(t, 'POST', `${prefix}/collections/${col}/images`, body);
    expect((await add({ camera_id: a!.id })).json()).toMatchObject({ ok: true });
    expect((await add({ camera_id: b!.id, time: '2026-11-21T11:30:00Z' }, '/v1')).status).toBe(200);
    expect((await add({ camera_id: b!.id, time: '2026-11-21T11:30:30Z' })).status).toBe(404);
    const obs = (await t.get<any>('/v1/observations', { camera_id: c!.id, limit: 1 })).body
      .features[0];
    expect((await add({ observation_id: obs.id })).status).toBe(200);
    const rec = (
      await call(t, 'POST', '/v1/recordings', {
        camera_id: c!.id,
        duration: 20,
        start: '2026-11-21T10:00:00Z',
      })
    ).json().recording_id;
    expect((await add({ recording_id: rec })).json().image).toBe(`${c!.id}_20261121T100010Z.jpg`);
    expect((await add({ recording_id: rec, image: `${c!.id}_20261121T100003Z.jpg` })).status).toBe(
      200,
    );
    expect((await add({ recording_id: rec, image: `${c!.id}_20261121T110003Z.jpg` })).status).toBe(
      404,
    );
    const other = (await call(t, 'POST', '/v1/collections', { name: 'Other' })).json()
      .collection_id;
    expect(
      (
        await call(t, 'POST', `/collections/${other}/images`, {
          camera_id: a!.id,
          time: '2026-11-21T09:00:00Z',
        })
      ).status,
    ).toBe(200);
    expect(
      (await add({ collection_id: other, image: `${a!.id}_20261121T090000Z.jpg` })).status,
    ).toBe(200);
    const images = (await showCol(t, { limit: 200 })).images as string[];
    expect(images).toHaveLength(6);
    expect(images).toContain(`${b!.id}_20261121T113000Z.jpg`);
  });

  test('refuses no set, two sets, or a partial set with 400 naming the conflict', async ({ t }) => {
    for (const body of [
      {},
      { camera_id: cameras[0]!.id, observation_id: 'x' },
      { image: 'a.jpg' },
      { recording_id: 'r', collection_id: 'c' },
    ]) {
      const r = await call(t, 'POST', `/collections/${col}/images`, body);
      expect(r.status).toBe(400);
      expect(r.json().error.message).toMatch(/exactly one parameter set/);
    }
    expect((await call(t, 'POST', `/collections/${col}/images`, { bogus: 1 })).status).toBe(400);
  });
});

describe('4.6 Show marker paging', () => {
  test('exact name: starts after it; partial name: starts at the first match', async ({ t }) => {
    const all = (await showCol(t, { limit: 200 })).images as string[];
    const page = await showCol(t, { limit: 2, marker: all[1] });
    expect(page.images).toEqual(all.slice(2, 4));
    expect(page.marker).toBe(all[1]);
    const prefix = all[3]!.slice(0, all[3]!.length - 8);
    const partial = await showCol(t, { limit: 1, marker: prefix });
    expect(partial.images[0] >= prefix).toBe(true);
    expect(all.indexOf(partial.images[0])).toBeLessThanOrEqual(3);
  });
});

describe('4.6 Show Image, Preview, Remove Image', () => {
  test('redirects each image and the preview contact sheet to signed JPEGs, with and without /v1', async ({
    t,
  }) => {
    const name = (await showCol(t)).images[0] as string;
    for (const prefix of ['', '/v1']) {
      const img = await fetchSigned(
        await signedLocation(t, `${prefix}/collections/${col}/images/${name}`),
      );
      expect(isJpeg(img.bytes)).toBe(true);
      const sheet = await fetchSigned(
        await signedLocation(t, `${prefix}/collections/${col}/preview`),
      );
      expect(sheet.headers.get('content-type')).toBe('image/jpeg');
      expect(isJpeg(sheet.bytes)).toBe(true);
    }
    expect((await call(t, 'GET', `/collections/${col}/images/nope.jpg`)).status).toBe(404);
  });

  test('removes one image', async ({ t }) => {
    const name = (await showCol(t)).images[0] as string;
    expect((await call(t, 'DELETE', `/collections/${col}/images/${name}`)).json()).toEqual({
      ok: true,
    });
    expect((await showCol(t, { limit: 200 })).images).not.toContain(name);
    expect((await call(t, 'DELETE', `/collections/${col}/images/${name}`)).status).toBe(404);
  });
});

describe('4.6 Empty and Destroy', () => {
  test('refuses to destroy a non-empty collection (409), empties up to 1000 a call, then destroys', async ({
    t,
  }) => {
    const before = ((await showCol(t, { limit: 200 })).images as string[]).length;
    const refused = await call(t, 'DELETE', `/collections/${col}`);
    expect(refused.status).toBe(409);
    expect(refused.json().error.code).toBe('conflict');
    expect((await call(t, 'DELETE', `/collections/${col}/images`)).json()).toEqual({
      ok: true,
      total: before,
    });
    expect((await call(t, 'DELETE', `/v1/collections/${col}/images`)).json()).toEqual({
      ok: true,
      total: 0,
    });
    expect((await call(t, 'DELETE', `/v1/collections/${col}`)).json()).toEqual({ ok: true });
    expect((await call(t, 'GET', `/v1/collections/${col}`)).status).toBe(404);
  });

  test('empties a large collection 1000 images at a time', async ({ t }) => {
    const big = (await call(t, 'POST', '/v1/collections', { name: 'Big' })).json().collection_id;
    const cam = cameras[0]!.id;
    // 1200 archived minutes of one camera: the media cache holds 1440.
    for (let i = 0; i < 1200; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, k) => {
          const time = new Date(
            Date.parse('2026-11-20T13:00:00Z') + (i + k) * 60_000,
          ).toISOString();
          return call(t, 'POST', `/collections/${big}/images`, { camera_id: cam, time });
        }),
      );
    }
    expect((await call(t, 'DELETE', `/collections/${big}/images`)).json().total).toBe(1000);
    expect((await call(t, 'DELETE', `/collections/${big}/images`)).json().total).toBe(200);
  });

  test('expires collections 90 days after creation', async ({ t }) => {
    const r = (await call(t, 'POST', '/v1/collections', { name: 'Short-lived' })).json()
      .collection_id;
    // Tokens last 7 days: a fresh one at each far-future time.
    const at = async (days: number): Promise<ServiceUnderTest> => {
      t.service.control.advanceClock(days * 86400_000);
      return { ...t, token: await requestToken(t.url) };
    };
    expect((await call(await at(89), 'GET', `/collections/${r}/preview`)).status).toBe(302);
    expect((await call(await at(2), 'GET', `/collections/${r}/preview`)).status).toBe(404);
    t.service.control.setClock('2026-11-21T12:00:00Z');
  });
});
