/** Spec 4.2/4.3 Tile (MVT decoded with @mapbox/vector-tile), 4.2/4.5 All, and /_admin controls. */
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are JSON checked by the assertions, not by types */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../../helpers/fixtures.ts';
import type { Camera } from '../../../src/shared/api/index.ts';
import { project } from '../../../src/service/media/mvt.ts';
import { type ServiceUnderTest } from '../../helpers/service.ts';
import { call, fetchSigned, signedLocation } from '../../helpers/media.ts';

let cameras: Camera[];

test.override({ serviceOptions: { cameras: 60 } });
test.beforeAll(async ({ t }) => {
  cameras = (await t.get<any>('/v1/cameras', { limit: 100 })).body.features;
});

async function tile(t: ServiceUnderTest, path: string): Promise<VectorTile> {
  const r = await call(t, 'GET', path);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/x-protobuf');
  return new VectorTile(new PbfReader(r.bytes));
}

/** The z/x/y tile containing a point, computed independently of the service. */
function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}

describe('4.3 camera tile', () => {
  test('holds every camera at z0 in layer "cameras" with extent 512 and documented attributes', async ({
    t,
  }) => {
    const vt = await tile(t, '/v1/cameras/0/0/0.mvt');
    const layer = vt.layers['cameras']!;
    expect(layer.extent).toBe(512);
    expect(layer.length).toBe(60);
    const f = layer.feature(0);
    expect(f.type).toBe(1);
    expect(Object.keys(f.properties).sort()).toEqual([
      'city',
      'country',
      'description',
      'id',
      'provider',
      'state',
      'video',
    ]);
    const cam = cameras.find((c) => c.id === f.properties['id'])!;
    const [lon, lat] = cam.geometry.coordinates;
    const g = f.toGeoJSON(0, 0, 0).geometry as { coordinates: number[] };
    expect(g.coordinates[0]).toBeCloseTo(lon, 0);
    expect(g.coordinates[1]).toBeCloseTo(lat, 0);
    expect(f.properties['video']).toBe(cam.properties.video);
  });

  test('places a camera in the tile that contains it at z10', async ({ t }) => {
    const cam = cameras[0]!;
    const [lon, lat] = cam.geometry.coordinates;
    const [x, y] = tileOf(lon, lat, 10);
    const layer = (await tile(t, `/v1/cameras/10/${x}/${y}.mvt`)).layers['cameras']!;
    const ids = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties['id']);
    expect(ids).toContain(cam.id);
    const f = layer.feature(ids.indexOf(cam.id));
    expect(f.loadGeometry()[0]![0]).toEqual(
      expect.objectContaining({ x: project({ z: 10, x, y }, lon, lat)[0] }),
    );
    const far = await call(t, 'GET', `/v1/cameras/10/${(x + 512) % 1024}/${y}.mvt`);
    expect(far.bytes.length === 0 || !far.bytes.includes(Buffer.from(cam.id))).toBe(true);
  });

  test('refuses tiles that do not exist', async ({ t }) => {
    expect((await call(t, 'GET', '/v1/cameras/2/4/0.mvt')).status).toBe(400);
    expect((await call(t, 'GET', '/v1/cameras/25/0/0.mvt')).status).toBe(400);
  });
});

describe('4.2 observation tile', () => {
  test('holds the current observations in layer "observations", ascending by default, desc reverses', async ({
    t,
  }) => {
    const asc = (await tile(t, '/v1/observations/0/0/0.mvt')).layers['observations']!;
    expect(asc.length).toBe(60);
    const props = asc.feature(0).properties;
    expect(props).toMatchObject({ camera_id: expect.any(String), time: '2026-11-21T12:00:00Z' });
    expect(props['sensor.road_weather']).toBeTypeOf('number');
    expect([0, 0.2, 0.5, 1, -1]).toContain(props['sensor.visibility']);
    const latest = (await t.get<any>(`/v1/observations/${props['id']}`)).body;
    expect(latest.properties.sensors.road_weather.data).toBe(props['sensor.road_weather']);
    const desc = (await tile(t, '/v1/observations/0/0/0.mvt?sort_dir=desc')).layers[
      'observations'
    ]!;
    const order = (l: typeof asc) =>
      Array.from({ length: l.length }, (_, i) => String(l.feature(i).properties['id']));
    expect(order(desc)).toEqual(order(asc).reverse());
    expect((await call(t, 'GET', '/v1/observations/0/0/0.mvt?sort_dir=up')).status).toBe(400);
  });
});

describe('4.2 / 4.5 All', () => {
  test('redirects a past ten-minute mark (yyyyddmmThhmmZ) to the flat observation snapshot', async ({
    t,
  }) => {
    const loc = await signedLocation(t, '/v1/observations/_all/20262111T1100Z.json');
    const r = await fetchSigned(loc);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    const body = r.json();
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toHaveLength(60);
    const p = body.features[0].properties;
    expect(Object.keys(p).sort()).toEqual(
      [
        'camera_id',
        'city',
        'country',
        'description',
        'image',
        'sensor.precip',
        'sensor.road_weather',
        'sensor.visibility',
        'state',
        'time',
      ].sort(),
    );
    expect(p.time).toBe('2026-11-21T11:00:00Z');
    expect(p.image).toContain(`/v1/cameras/${p.camera_id}/images/2026-11-21T11:00:00Z`);
  });

  test('redirects to the alerts in force at the mark, without top-level properties', async ({
    t,
  }) => {
    const body = (
      await fetchSigned(await signedLocation(t, '/v1/alerts/_all/20262111T1100Z.json'))
    ).json();
    expect(body.type).toBe('FeatureCollection');
    expect(body.properties).toBeUndefined();
    for (const f of body.features) {
      expect(Date.parse(f.properties.effective)).toBeLessThanOrEqual(
        Date.parse('2026-11-21T11:00:00Z'),
      );
      expect(Date.parse(f.properties.expires)).toBeGreaterThan(Date.parse('2026-11-21T11:00:00Z'));
    }
  });

  test('answers 404 for marks not yet available or not on ten minutes, 400 for a malformed time', async ({
    t,
  }) => {
    const notYet = await call(t, 'GET', '/v1/observations/_all/20262111T1200Z.json');
    expect(notYet.status).toBe(404);
    expect(notYet.json().error.message).toMatch(/10 minutes after/);
    expect((await call(t, 'GET', '/v1/alerts/_all/20262111T1105Z.json')).status).toBe(404);
    expect((await call(t, 'GET', '/v1/observations/_all/20262211T1100Z.json')).status).toBe(404);
    expect((await call(t, 'GET', '/v1/observations/_all/20261121T1100Z.json')).status).toBe(400);
    expect((await call(t, 'GET', '/v1/alerts/_all/2026-11-21T11:00Z.json')).status).toBe(400);
  });
});

describe('/_admin test controls (admin: true)', () => {
  test('adds an alert that search finds', async ({ t }) => {
    const r = await fetch(`${t.url}/_admin/alerts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        event: 'Test Storm Warning',
        polygon: '-100 40,-99 40,-99 41,-100 41,-100 40',
        state: 'KS',
      }),
    });
    expect(r.status).toBe(200);
    const id = ((await r.json()) as { alert_id: string }).alert_id;
    const found = await t.get<any>('/v1/alerts', { event: 'Test Storm Warning' });
    expect(found.body.features.map((f: { id: string }) => f.id)).toContain(id);
  });

  test('takes a camera offline and back, and injects a 503 fault', async ({ t }) => {
    const cam = cameras[0]!.id;
    const post = (path: string, body: object) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(`/_admin/cameras/${cam}/offline`, { offline: true })).status).toBe(200);
    expect((await call(t, 'GET', `/v1/cameras/${cam}/live`)).status).toBe(503);
    await post(`/_admin/cameras/${cam}/offline`, { offline: false });
    expect((await call(t, 'GET', `/v1/cameras/${cam}/live`)).status).not.toBe(503);
    expect((await post('/_admin/faults', { kind: '503', times: 1 })).status).toBe(200);
    const loc = await signedLocation(t, `/v1/cameras/${cam}/images/2026-11-21T11:00:00Z`);
    expect((await fetchSigned(loc)).status).toBe(503);
    expect((await fetchSigned(loc)).status).toBe(200);
    expect((await post('/_admin/faults', { kind: 'explode' })).status).toBe(400);
  });
});
