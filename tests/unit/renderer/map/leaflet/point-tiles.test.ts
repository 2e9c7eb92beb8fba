import L from 'leaflet';
import { afterEach, expect, test, vi } from 'vitest';
import type { WorkerRequest } from '../../../../../src/renderer/map/tiles/tile-worker.ts';
import { PointTileLayer } from '../../../../../src/renderer/map/leaflet/point-tiles.ts';

/** Stands in for the tile worker (jsdom has none): keeps what the layer asks of it. */
class RecordingWorker {
  static posted: WorkerRequest[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  postMessage(request: WorkerRequest) {
    RecordingWorker.posted.push(request);
  }
  terminate() {}
}

let map: L.Map | undefined;
afterEach(() => {
  map?.remove();
  map = undefined;
  vi.unstubAllGlobals();
  RecordingWorker.posted = [];
});

test("a 512-pixel point tile is drawn from the service's tile one zoom out, covering the same ground", () => {
  vi.stubGlobal('Worker', RecordingWorker);
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 1024 });
  Object.defineProperty(container, 'clientHeight', { value: 512 });
  document.body.append(container);
  map = L.map(container, { center: [39, -98], zoom: 4, zoomAnimation: false });
  const pane = map.createPane('points');
  new PointTileLayer({
    kind: 'cameras',
    colouring: { kind: 'status' } as never,
    markerZoom: 12,
    onPick: () => {},
    pane: 'points',
  }).addTo(map);
  const loads = RecordingWorker.posted.filter((r) => r.type === 'load');
  expect(loads.length).toBeGreaterThan(0);
  for (const load of loads) {
    expect(load.size).toBe(512);
    // Zoom 4 in 512-pixel tiles has 8 x 8 of them: the service's zoom 3 grid.
    expect(load.url).toMatch(/tiles\/cameras\/3-[0-7]-[0-7]\.mvt/);
  }
  const canvas = pane.querySelector('canvas')!;
  expect(canvas.width).toBe(512 * (window.devicePixelRatio || 1));
});
