/**
 * @vitest-environment node
 * (No DOM: the renderer's tile readers are plain TypeScript, and the demo core this file starts
 * streams its tiles through Node's Blob, which jsdom's would replace.)
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePoints, type TilePoint } from '../../../../../src/renderer/map/tiles/mvt.ts';
import {
  cameraAt,
  metersPerPixel,
  observationAt,
  type PickSearch,
} from '../../../../../src/renderer/map/tiles/pick-resolve.ts';
import { sensorColour } from '../../../../../src/renderer/map/colours.ts';
import { encodeTile, tileBbox, type TileAddress } from '../../../../../src/service/media/mvt.ts';
import { VARIANT_NAMES, VARIANTS } from '../../../../../src/service/variants/index.ts';
import { SENSOR_TYPES, SENSOR_VALUES } from '../../../../../src/shared/sensors.ts';
import type { Camera } from '../../../../../src/shared/api/index.ts';
import { NOW } from '../../../../helpers/api.ts';
import { useDemoCore } from '../../../../helpers/per-describe.ts';

// The map's tiles as the renderer reads them, fetched through the core's media resolver from
// each variant of the service: whatever the layers and attributes are called, the same cameras
// come out as out of a camera search, and observations carry their sensor values.
const EXTENT = 512;

describe.each(VARIANT_NAMES)('map tiles against the %s service', (variant) => {
  const core = useDemoCore({ cameras: 150, hours: 2, now: NOW, variant });
  let cameras: Camera[];
  beforeAll(async () => {
    const all = await core.api.invoke('cameras.searchAll', {
      requestId: `tiles-${variant}`,
      params: {},
    });
    cameras = all.features;
  });
  const search: PickSearch = {
    cameras: (params) => core.api.invoke('cameras.search', params),
    observations: (params) => core.api.invoke('observations.search', params),
  };

  async function tile(kind: 'cameras' | 'observations', t: TileAddress): Promise<TilePoint[]> {
    return decodePoints((await tileBytes(kind, t)).buffer as ArrayBuffer, kind, EXTENT);
  }

  async function tileBytes(kind: 'cameras' | 'observations', t: TileAddress): Promise<Uint8Array> {
    const answer = await core.media.resolve(
      `tiles/${kind}/${t.z}-${t.x}-${t.y}.mvt`,
      new AbortController().signal,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(answer.status, bytes.toString().slice(0, 200)).toBe(200);
    return new Uint8Array(bytes);
  }

  it('its tiles name layers and attributes as the variant says', async () => {
    const bytes = await tileBytes('cameras', { z: 0, x: 0, y: 0 });
    const layers = new VectorTile(new PbfReader(bytes)).layers;
    const first = Object.values(layers)[0]!.feature(0).properties;
    if (VARIANTS[variant].tiles === 'ours') {
      expect(Object.keys(layers)).toEqual(['cameras']);
      expect(first).toHaveProperty('id');
    } else {
      // Nothing a reader of our names would find: the test above proves the map reads them.
      expect(Object.keys(layers).sort()).toEqual(['live', 'points']);
      expect(first).not.toHaveProperty('id');
      expect(first).toHaveProperty('camera_id');
    }
  });

  const videoById = () => new Map(cameras.map((c) => [c.id, c.properties.video]));

  it('the world tile holds every camera once, with its video flag', async () => {
    const points = await tile('cameras', { z: 0, x: 0, y: 0 });
    const ids = points.map((p) => p.feature.id);
    expect(ids).not.toContain(null);
    expect([...ids].sort()).toEqual(cameras.map((c) => c.id).sort());
    const video = videoById();
    for (const p of points) expect(p.feature.video, p.feature.id!).toBe(video.get(p.feature.id!));
    // Both kinds are there: a reader that missed one layer or one flag spelling would fail.
    expect(points.some((p) => p.feature.video)).toBe(true);
    expect(points.some((p) => !p.feature.video)).toBe(true);
  });

  it('a closer tile holds the cameras a search of its box finds', async () => {
    const t = busiestTile(cameras, 6);
    const points = await tile('cameras', t);
    const found = await core.api.invoke('cameras.search', {
      bbox: tileBbox(t, 16),
      limit: 100,
    });
    expect(found.total).toBeGreaterThan(1);
    expect(points.map((p) => p.feature.id).sort()).toEqual(found.features.map((c) => c.id).sort());
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(-16);
      expect(p.x).toBeLessThanOrEqual(EXTENT + 16);
    }
  });

  it('observation tiles give every camera a sensor value to colour it by', async () => {
    const points = await tile('observations', { z: 0, x: 0, y: 0 });
    expect(points).toHaveLength(cameras.length);
    for (const p of points) {
      for (const type of SENSOR_TYPES) {
        const value = p.feature.sensors[type];
        expect(
          SENSOR_VALUES[type].map((v) => v.value),
          `${type} of ${p.feature.cameraId}`,
        ).toContain(value);
      }
    }
    // Coloured by value, not all grey: the values were read.
    const colours = new Set(
      points.map((p) => sensorColour('road_weather', p.feature.sensors.road_weather)),
    );
    expect(colours.size).toBeGreaterThan(1);
  });

  it('a click on an observation point opens that observation, with the values drawn', async () => {
    const points = await tile('observations', { z: 0, x: 0, y: 0 });
    expect(points.length).toBeGreaterThan(5);
    for (const p of points.slice(0, 6)) {
      const camera = cameras.find((c) => c.id === p.feature.cameraId)!;
      expect(camera, `camera of an observation point: ${p.feature.cameraId}`).toBeDefined();
      const [lon, lat] = camera.geometry.coordinates;
      const id = await observationAt(
        { id: p.feature.id, feature: p.feature, lat, lon, radius: 1000, click: {} },
        search,
      );
      // The tiles hold the current observations: the camera's latest, as a search finds it.
      const latest = await core.api.invoke('observations.search', {
        camera_id: camera.id,
        sort: 'time',
        sort_dir: 'desc',
        limit: 1,
      });
      const expected = latest.features[0]!;
      expect(id).toBe(expected.id);
      for (const type of SENSOR_TYPES) {
        expect(p.feature.sensors[type], type).toBe(expected.properties.sensors[type]?.data);
      }
    }
  });

  it('a point whose tile names nothing is drawn and still opens its camera', async () => {
    // A tile with no attributes at all (feature ids only), as a sparse provider might send.
    const t: TileAddress = { z: 0, x: 0, y: 0 };
    const sample = cameras.slice(0, 5);
    const bytes = encodeTile(t, [
      {
        name: 'anything',
        features: sample.map((c, i) => ({
          id: i + 1,
          lon: c.geometry.coordinates[0],
          lat: c.geometry.coordinates[1],
          properties: {},
        })),
      },
    ]);
    const points = decodePoints(new Uint8Array(bytes).buffer, 'cameras', EXTENT);
    expect(points).toHaveLength(sample.length);
    expect(points.every((p) => p.feature.id === null && !p.feature.video)).toBe(true);
    for (const c of sample) {
      const [lon, lat] = c.geometry.coordinates;
      // Zoom 14: the click's reach (7 px) is some tens of meters.
      const radius = 7 * metersPerPixel(lat, 14);
      expect(await cameraAt({ id: null, feature: null, lat, lon, radius, click: {} }, search)).toBe(
        c.id,
      );
    }
  });
});

/** The tile at zoom z holding the most cameras (a search of its box stays under 100). */
function busiestTile(cameras: readonly Camera[], z: number): TileAddress {
  const counts = new Map<string, number>();
  for (const c of cameras) {
    const [lon, lat] = c.geometry.coordinates;
    const n = 2 ** z;
    const x = Math.floor(((lon + 180) / 360) * n);
    const s = Math.sin((lat * Math.PI) / 180);
    const y = Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n);
    const key = `${x}/${y}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  const [x, y] = best![0].split('/').map(Number) as [number, number];
  return { z, x, y };
}
