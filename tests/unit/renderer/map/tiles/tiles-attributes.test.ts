import { describe, expect, it } from 'vitest';
import { decodePoints } from '../../../../../src/renderer/map/tiles/mvt.ts';
import {
  readFeature,
  type TileProps,
} from '../../../../../src/renderer/map/tiles/tile-features.ts';
import { encodeTile, type TileLayer } from '../../../../../src/service/media/mvt.ts';

// The attributes of vector tiles are not shown by the interface: every spelling a provider
// might use reads the same, and what reads as nothing is still a point.

describe('tile attributes, however a provider spells them', () => {
  it.each<[string, TileProps, number | undefined, string | null]>([
    ['id', { id: 'C1' }, 7, 'C1'],
    ['camera_id', { camera_id: 'C1' }, 7, 'C1'],
    ['cameraId', { cameraId: 'C1' }, 7, 'C1'],
    ['camera', { camera: 'C1' }, 7, 'C1'],
    ['a numeric camera_id', { camera_id: 1234 }, 7, '1234'],
    ['nothing (the feature id never stands for a camera id)', {}, 7, null],
    ['an empty id', { id: '  ' }, undefined, null],
  ])('the camera id from %s', (_, props, featureId, expected) => {
    const f = readFeature('cameras', props, featureId);
    expect(f.id).toBe(expected);
    expect(f.featureId).toBe(featureId ?? null);
  });

  it.each<[TileProps, boolean]>([
    [{ video: true }, true],
    [{ video: false }, false],
    [{ has_video: 1 }, true],
    [{ has_video: 0 }, false],
    [{ live_video: 'true' }, true],
    [{ live_video: 'false' }, false],
    [{ video: '1' }, true],
    [{ video: 'no' }, false],
    [{}, false],
  ])('video from %j reads %s', (props, expected) => {
    expect(readFeature('cameras', props, undefined).video).toBe(expected);
  });

  it.each<TileProps>([
    { description: 'I-80 at Exit 5' },
    { name: 'I-80 at Exit 5' },
    { title: 'I-80 at Exit 5' },
  ])('the description from %j', (props) => {
    expect(readFeature('cameras', props, undefined).description).toBe('I-80 at Exit 5');
  });

  it.each<TileProps>([
    { 'sensor.road_weather': 2, 'sensor.visibility': 0.2, 'sensor.precip': 1 },
    { 'sensors.road_weather': 2, 'sensors.visibility': 0.2, 'sensors.precip': 1 },
    { road_weather: 2, visibility: 0.2, precip: 1 },
    { sensor_road_weather: '2', sensor_visibility: '0.2', sensor_precip: '1' },
    // A 32-bit float of 0.2, as an encoder with float values stores it.
    { road_weather: 2, visibility: Math.fround(0.2), precip: 1 },
    { sensors: '{"road_weather":{"data":2},"visibility":{"data":0.2},"precip":1}' },
  ])('sensor values from %j', (props) => {
    expect(readFeature('observations', props, undefined).sensors).toEqual({
      road_weather: 2,
      visibility: 0.2,
      precip: 1,
    });
  });

  it('an observation is named by its id, observation_id, or else its camera and time', () => {
    expect(readFeature('observations', { id: 'C1_x', camera_id: 'C1' }, 3).id).toBe('C1_x');
    expect(readFeature('observations', { observation_id: 'C1_y' }, 3).id).toBe('C1_y');
    const bare = readFeature('observations', { camera_id: 'C1', time: '2026-11-21T11:50:00Z' }, 3);
    expect(bare).toMatchObject({ id: null, cameraId: 'C1', time: '2026-11-21T11:50:00Z' });
    // An observation's `id` is the observation's, never taken for the camera's.
    expect(readFeature('observations', { id: 'C1_x' }, 3).cameraId).toBeNull();
  });
});

describe('tile layers, whatever they are called', () => {
  const tile = { z: 0, x: 0, y: 0 };
  const at = (lon: number, props: TileLayer['features'][number]['properties'], id?: number) => ({
    id,
    lon,
    lat: 10,
    properties: props,
  });
  const decode = (layers: TileLayer[]) =>
    decodePoints(new Uint8Array(encodeTile(tile, layers)).buffer, 'cameras', 512);

  it('draws the points of every layer, one feature found in two layers once', () => {
    const points = decode([
      { name: 'points', features: [at(10, { camera_id: 'A' }), at(20, { camera_id: 'B' })] },
      { name: 'live', features: [at(30, { camera_id: 'C', has_video: 1 })] },
      // The same camera at the same place again: one feature, drawn once.
      { name: 'default', features: [at(10, { camera_id: 'A' })] },
    ]);
    expect(points.map((p) => p.feature.id)).toEqual(['A', 'B', 'C']);
    expect(points.map((p) => p.feature.video)).toEqual([false, false, true]);
  });

  it('keeps different features at one place, and points that say nothing', () => {
    const points = decode([
      { name: 'a', features: [at(10, { id: 'A' }), at(10, { id: 'B' }), at(10, {}, 5)] },
      { name: 'b', features: [at(10, {}, 5)] },
    ]);
    expect(points.map((p) => p.feature.id)).toEqual(['A', 'B', null, null]);
  });

  it('an empty tile (no layers) holds no points', () => {
    expect(decodePoints(new ArrayBuffer(0), 'observations', 512)).toEqual([]);
  });
});
