/** Spec 4.3 Live, Images, Show Image, 4.2 Preview, and the signed URLs of 1.3 / 5.8 / 8. */
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are JSON checked by the assertions, not by types */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../../helpers/fixtures.ts';
import type { Camera } from '../../../src/shared/api/index.ts';
import { liveImageMode } from '../../../src/service/media/services.ts';
import { NOW } from '../../helpers/service.ts';
import { call, fetchSigned, isJpeg, isPng, signedLocation } from '../../helpers/media.ts';

let cameras: Camera[];

test.override({ serviceOptions: { cameras: 40 } });
test.beforeAll(async ({ t }) => {
  cameras = (await t.get<any>('/v1/cameras', { limit: 40 })).body.features;
});

const byMode = (mode: string): Camera => cameras.find((c) => liveImageMode(c.id) === mode)!;

describe('4.3 Live', () => {
  test('answers 200 image/jpeg, 200 image/png or 302 to a signed URL, depending on the camera', async ({
    t,
  }) => {
    const jpeg = await call(t, 'GET', `/v1/cameras/${byMode('jpeg').id}/live`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(isJpeg(jpeg.bytes)).toBe(true);
    const png = await call(t, 'GET', `/v1/cameras/${byMode('png').id}/live`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(isPng(png.bytes)).toBe(true);
    const loc = await signedLocation(t, `/v1/cameras/${byMode('redirect').id}/live`);
    const img = await fetchSigned(loc);
    expect(img.status).toBe(200);
    expect(isJpeg(img.bytes)).toBe(true);
  });

  test('is deterministic for (camera, time) and changes with the time', async ({ t }) => {
    const id = byMode('jpeg').id;
    const a = await call(t, 'GET', `/v1/cameras/${id}/live`);
    const b = await call(t, 'GET', `/v1/cameras/${id}/live`);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    const one = await fetchSigned(
      await signedLocation(t, `/v1/cameras/${id}/images/2026-11-21T11:00:00Z`),
    );
    const two = await fetchSigned(
      await signedLocation(t, `/v1/cameras/${id}/images/2026-11-21T11:01:00Z`),
    );
    expect(one.bytes.equals(two.bytes)).toBe(false);
  });

  test('answers 404 with a JSON error for an unknown camera', async ({ t }) => {
    const r = await call(t, 'GET', '/v1/cameras/NOPE-1/live');
    expect(r.status).toBe(404);
    expect(r.json().error.code).toBe('not_found');
  });

  test('needs authorization', async ({ t }) => {
    const r = await fetch(`${t.url}/v1/cameras/${cameras[0]!.id}/live`);
    expect(r.status).toBe(401);
  });
});

describe('4.3 Images (media cache)', () => {
  test('lists one time a minute for the last 24 hours; limit default 100, max 500', async ({
    t,
  }) => {
    const id = cameras[0]!.id;
    const r = await t.get<any>(`/v1/cameras/${id}/images`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1440);
    expect(r.body.times).toHaveLength(100);
    expect(r.body.times[0]).toBe('2026-11-20T12:01:00Z');
    expect(Date.parse(r.body.times[1]) - Date.parse(r.body.times[0])).toBe(60_000);
    expect((await t.get<any>(`/v1/cameras/${id}/images`, { limit: 500 })).body.times).toHaveLength(
      500,
    );
    expect((await t.get<any>(`/v1/cameras/${id}/images`, { limit: 501 })).status).toBe(400);
  });

  test('treats time as an inclusive start (date only or datetime)', async ({ t }) => {
    const id = cameras[0]!.id;
    const exact = await t.get<any>(`/v1/cameras/${id}/images`, { time: '2026-11-21T11:58:00Z' });
    expect(exact.body.times).toEqual(['2026-11-21T11:58:00Z', '2026-11-21T11:59:00Z', NOW]);
    expect(exact.body.total).toBe(3);
    const between = await t.get<any>(`/v1/cameras/${id}/images`, { time: '2026-11-21T11:58:30Z' });
    expect(between.body.times[0]).toBe('2026-11-21T11:59:00Z');
    const date = await t.get<any>(`/v1/cameras/${id}/images`, { time: '2026-11-21', limit: 1 });
    expect(date.body.times).toEqual(['2026-11-21T00:00:00Z']);
    expect((await t.get<any>(`/v1/cameras/${id}/images`, { time: 'yesterday' })).status).toBe(400);
  });

  test('Show Image redirects to the frame nearest the time', async ({ t }) => {
    const id = cameras[1]!.id;
    const loc = await signedLocation(t, `/v1/cameras/${id}/images/2026-11-21T10:00:20Z`);
    expect(loc).toContain(`/signed/frames/${id}/20261121T100000Z.jpg`);
    const later = await signedLocation(t, `/v1/cameras/${id}/images/2026-11-21T10:00:40Z`);
    expect(later).toContain('20261121T100100Z.jpg');
    const img = await fetchSigned(loc);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(isJpeg(img.bytes)).toBe(true);
  });
});

describe('4.2 Preview', () => {
  test('redirects to the frame of the observation', async ({ t }) => {
    const obs = (
      await t.get<any>('/v1/observations', {
        camera_id: cameras[2]!.id,
        limit: 1,
        sort: 'time',
        sort_dir: 'desc',
      })
    ).body.features[0];
    const loc = await signedLocation(t, `/v1/observations/${obs.id}/preview`);
    const stamp = obs.properties.time.replace(/[-:]/g, '');
    expect(loc).toContain(`/signed/frames/${cameras[2]!.id}/${stamp}`);
    const img = await fetchSigned(loc);
    expect(img.status).toBe(200);
    expect(isJpeg(img.bytes)).toBe(true);
    expect(
      (await call(t, 'GET', `/v1/observations/${cameras[2]!.id}_20200101T0000Z/preview`)).status,
    ).toBe(404);
  });
});

describe('signed URLs', () => {
  test('are served without authorization, with Content-Length, ETag and Range', async ({ t }) => {
    const loc = await signedLocation(
      t,
      `/v1/cameras/${cameras[3]!.id}/images/2026-11-21T09:00:00Z`,
    );
    const full = await fetchSigned(loc);
    expect(full.status).toBe(200);
    expect(Number(full.headers.get('content-length'))).toBe(full.bytes.length);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const part = await fetchSigned(loc, { headers: { Range: 'bytes=100-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(
      `bytes 100-${full.bytes.length - 1}/${full.bytes.length}`,
    );
    expect(Buffer.concat([full.bytes.subarray(0, 100), part.bytes]).equals(full.bytes)).toBe(true);
    const head = await fetchSigned(loc, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(full.bytes.length));
    expect(head.bytes.length).toBe(0);
    expect(
      (await fetchSigned(loc, { headers: { Range: `bytes=${full.bytes.length + 5}-` } })).status,
    ).toBe(416);
    expect((await fetchSigned(loc, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  test('carry their expiry under the signature: tampering gives 403 JSON', async ({ t }) => {
    const loc = new URL(
      await signedLocation(t, `/v1/cameras/${cameras[4]!.id}/images/2026-11-21T09:00:00Z`),
    );
    const expires = Number(loc.searchParams.get('expires'));
    const nowS = t.service.clock.now().getTime() / 1000;
    expect(expires - nowS).toBeGreaterThan(890);
    expect(expires - nowS).toBeLessThanOrEqual(900);
    const later = new URL(loc);
    later.searchParams.set('expires', String(expires + 3600));
    const other = new URL(loc.href.replace('20261121T090000Z', '20261121T090100Z'));
    const unsigned = new URL(loc.origin + loc.pathname);
    for (const bad of [later, other, unsigned]) {
      const r = await fetchSigned(bad.href);
      expect(r.status).toBe(403);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.json().error.code).toBe('forbidden');
    }
  });

  test('expire after 15 minutes on the service clock', async ({ t }) => {
    const loc = await signedLocation(
      t,
      `/v1/cameras/${cameras[5]!.id}/images/2026-11-21T09:00:00Z`,
    );
    t.service.control.advanceClock(14 * 60_000);
    expect((await fetchSigned(loc)).status).toBe(200);
    t.service.control.advanceClock(61_000);
    const r = await fetchSigned(loc);
    expect(r.status).toBe(403);
    expect(r.json().error.message).toMatch(/expired/);
    t.service.control.setClock(NOW);
  });
});
