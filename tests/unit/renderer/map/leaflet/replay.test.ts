import L from 'leaflet';
import { afterEach, expect, test, vi } from 'vitest';
import type { WeatherSnapshot } from '../../../../../src/shared/ipc/replay.ts';
import { sensorColour } from '../../../../../src/renderer/map/colours.ts';
import { ReplayLayer } from '../../../../../src/renderer/map/leaflet/replay.ts';
import { rgba } from '../../../../../src/renderer/map/leaflet/replay-dots.ts';

// The replay at national scale: 100,000 cameras are one canvas drawn from the snapshot's columns,
// not a Leaflet layer per camera (which cost seconds per step and tens of MB in the benchmark).
// jsdom draws nothing, so the canvas's context is a stand-in that keeps the images put on it;
// the drawing in a browser is checked by tests/e2e/map-features.spec.ts.

let images: ImageData[] = [];
let map: L.Map | undefined;

function recordingContext(): CanvasRenderingContext2D {
  const methods: Record<string, unknown> = {
    createImageData: (width: number, height: number) =>
      ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as ImageData,
    putImageData: (image: ImageData) => images.push(image),
  };
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (_, name) => methods[name as string] ?? (() => {}),
    set: () => true,
  });
}

afterEach(() => {
  map?.remove();
  map = undefined;
  images = [];
  vi.restoreAllMocks();
});

/**
 * 100,000 cameras packed over the United States, two on their own further north (one west, one
 * east of -100), all in view, and 1,000 in Europe, out of it.
 */
function snapshot(roadWeather: (lon: number) => number): WeatherSnapshot {
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
    s.road_weather.push(roadWeather(lon));
    s.visibility.push(1);
    s.precip.push(0);
  };
  for (let i = 0; i < 100_000; i++) add(-115 + (i % 400) * 0.1, 32 + Math.floor(i / 400) * 0.05);
  add(-110, 47.5);
  add(-85, 47.5);
  for (let i = 0; i < 1000; i++) add(10 + (i % 100) * 0.1, 45 + Math.floor(i / 100) * 0.1);
  return s;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** The colour of the last image drawn at a place, as the image's 32-bit word. */
function pixelAt(canvas: HTMLCanvasElement, lat: number, lon: number): number {
  const image = images.at(-1)!;
  const p = map!.latLngToLayerPoint([lat, lon]).subtract(L.DomUtil.getPosition(canvas)).round();
  return new Uint32Array(image.data.buffer)[p.y * image.width + p.x]!;
}

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
  const dry = rgba(sensorColour('road_weather', 0));
  const snow = rgba(sensorColour('road_weather', 2));
  expect(snow).not.toBe(dry);

  replay.show(
    snapshot(() => 0),
    'road_weather',
  );
  await nextFrame();
  // No layer per camera: the alerts' group and the dots' canvas.
  expect(replay.getLayers()).toHaveLength(2);
  const canvas = container.querySelector<HTMLCanvasElement>('.leaflet-replay-pane > canvas')!;
  // Every camera in the United States, none of those in Europe.
  expect(canvas.dataset['dots']).toBe('100002');
  expect(pixelAt(canvas, 47.5, -110)).toBe(dry);
  expect(pixelAt(canvas, 47.5, -85)).toBe(dry);
  expect(pixelAt(canvas, 20, -100)).toBe(0);

  // The next mark: the cameras east of -100 turn to snow, the others stay dry.
  replay.show(
    snapshot((lon) => (lon > -100 ? 2 : 0)),
    'road_weather',
  );
  await nextFrame();
  expect(canvas.dataset['dots']).toBe('100002');
  expect(pixelAt(canvas, 47.5, -110)).toBe(dry);
  expect(pixelAt(canvas, 47.5, -85)).toBe(snow);
});
