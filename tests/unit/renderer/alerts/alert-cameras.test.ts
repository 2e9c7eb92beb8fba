import { expect, test } from 'vitest';
import type { Alert, Camera } from '../../../../src/shared/api/index.ts';
import { selectionFromLink } from '../../../../src/renderer/map/view-link.ts';
import {
  alertMapRoute,
  alertRings,
  cameraMapHref,
} from '../../../../src/renderer/alerts/alert-cameras.ts';

const square = (x: number): [number, number][] => [
  [x, 0],
  [x + 1, 0],
  [x + 1, 1],
  [x, 0],
];

test("an alert's area is searched by the outer ring of each part with three corners or more", () => {
  const alert = {
    geometry: {
      type: 'MultiPolygon',
      coordinates: [[square(0), square(0.2)], [[[5, 5]]], [square(10)]],
    },
  } as unknown as Alert;
  expect(alertRings(alert)).toEqual([square(0), square(10)]);
});

test('the links to the Map open what they name, and the Map reads them back', () => {
  const camera = {
    id: 'US-CO-000042',
    geometry: { coordinates: [-104.99, 39.74] },
  } as unknown as Camera;
  const href = cameraMapHref(camera);
  expect(href).toBe('#/map?at=39.74000,-104.99000,14&camera=US-CO-000042');
  const query = Object.fromEntries(new URLSearchParams(href.split('?')[1]));
  expect(selectionFromLink(query)).toEqual({ kind: 'camera', id: 'US-CO-000042' });
  const alertQuery = Object.fromEntries(new URLSearchParams(alertMapRoute('a/1 b').split('?')[1]));
  expect(selectionFromLink(alertQuery)).toEqual({ kind: 'alert', id: 'a/1 b' });
  expect(selectionFromLink({ at: '1,2,3' })).toBeNull();
});
