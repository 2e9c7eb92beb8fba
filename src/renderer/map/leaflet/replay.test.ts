import L from 'leaflet';
import { afterEach, expect, test, vi } from 'vitest';
import type { WeatherSnapshot } from '../../../shared/ipc/map.ts';
import { sensorColour } from '../colours.ts';
import { ReplayLayer } from './replay.ts';

// The replay at national scale: 100,000 cameras are one canvas drawn from the snapshot's columns,
// not a Leaflet layer per camera (which cost seconds per step and tens of MB in the benchmark).
// jsdom draws nothing, so the canvas's context is a stand-in that records the stamps; the
// drawing in a browser is checked by tests/e2e/map-features.spec.ts.

interface Stamp {
  sprite: HTMLCanvasElement;
  x: number;
  y: number;
}

let stamps: Stamp[] = [];
let map: L.Map | undefined;

function recordingContext(): CanvasRenderingContext2D {
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (_, name) =>
      name === 'drawImage'
        ? (sprite: HTMLCanvasElement, x: number, y: number) => stamps.push({ sprite, x, y })
        : () => {},
    set: () => true,
  });
}

afterEach(() => {
  map?.remove();
  map = undefined;
  stamps = [];
  vi.restoreAllMocks();
});

/** 100,000 cameras over the United States (all in view) and 1,000 in Europe (out of it). */
function snapshot(roadWeather: (i: number) => number): WeatherSnapshot {
  const s: WeatherSnapshot = {
    mark: 'm',
    time: '2026-11-20T11:00:00.000Z',
    ids: [],
    lon: [],
    lat: [],
    road_weather: [],
    visibility: [],
    precip: [],
  };
  const add = (lon: number, lat: number) => {
    const i = s.ids.length;
    s.ids.push(`C${i}`);
    s.lon.push(lon);
    s.lat.push(lat);
    s.road_weather.push(roadWeather(i));
    s.visibility.push(1);
    s.precip.push(0);
  };
  for (let i = 0; i < 100_000; i++) add(-115 + (i % 400) * 0.1, 32 + Math.floor(i / 400) * 0.05);
  for (let i = 0; i < 1000; i++) add(10 + (i % 100) * 0.1, 45 + Math.floor(i / 100) * 0.1);
  return s;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

test('a replay of 100,000 cameras is one canvas of dots, recoloured per step', async () => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => recordingContext() as never,
  );
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 1024 });
  Object.defineProperty(container, 'clientHeight', { value: 512 });
  document.body.append(container);
  map = L.map(container, { center: [39, -98], zoom: 4, zoomAnimation: false });
  map.createPane('replay');
  const replay = new ReplayLayer(() => {}).addTo(map);

  replay.show(
    snapshot(() => 0),
    'road_weather',
  );
  await nextFrame();
  // No layer per camera: the alerts' group and the dots' canvas.
  expect(replay.getLayers()).toHaveLength(2);
  const canvas = container.querySelector<HTMLCanvasElement>('.leaflet-replay-pane > canvas')!;
  expect(canvas.dataset['dots']).toBe('100000');
  expect(stamps).toHaveLength(100_000);
  const dry = new Set(stamps.map((s) => s.sprite));
  expect(dry.size).toBe(1);

  // The next mark: the cameras east of -100 turn to snow, the others stay dry.
  stamps = [];
  replay.show(
    snapshot((i) => (-115 + (i % 400) * 0.1 > -100 ? 2 : 0)),
    'road_weather',
  );
  await nextFrame();
  expect(stamps).toHaveLength(100_000);
  expect(sensorColour('road_weather', 2)).not.toBe(sensorColour('road_weather', 0));
  const west = stamps.filter((s) => s.x < map!.latLngToLayerPoint([39, -100.5]).x);
  const east = stamps.filter((s) => s.x > map!.latLngToLayerPoint([39, -99.5]).x);
  expect(new Set(west.map((s) => s.sprite))).toEqual(dry);
  expect(east.length).toBeGreaterThan(0);
  expect(east.every((s) => !dry.has(s.sprite))).toBe(true);
});
