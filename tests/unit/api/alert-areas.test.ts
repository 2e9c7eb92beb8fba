/**
 * An alert's area as the client reads it: the interface gives a Polygon, but a provider may send
 * GeoJSON's MultiPolygon; every part that reads is kept (the map draws them all and looks for
 * cameras in each), a part that does not read is left out, and the bbox covers every part.
 */
import { expect, test } from 'vitest';
import { readAlert } from '../../../src/engine/api/answers/records.ts';
import { Oddities } from '../../../src/engine/api/answers/liberal.ts';

const square = (lon: number, lat: number) => [
  [
    [lon, lat],
    [lon + 1, lat],
    [lon + 1, lat + 1],
    [lon, lat + 1],
    [lon, lat],
  ],
];
const alert = (geometry: unknown) => ({
  type: 'Feature',
  id: 'al_1',
  geometry,
  properties: { event: 'Flood Warning', severity: 'Severe' },
});

test('a MultiPolygon keeps every part, and the bbox covers them all', () => {
  const read = readAlert(
    alert({ type: 'MultiPolygon', coordinates: [square(-100, 30), square(-90, 40)] }),
    new Oddities(),
  );
  expect(read?.geometry).toEqual({
    type: 'MultiPolygon',
    coordinates: [square(-100, 30), square(-90, 40)],
  });
  expect(read?.bbox).toEqual([-100, 30, -89, 41]);
});

test('a part that does not read is left out; one part left is a Polygon', () => {
  const read = readAlert(
    alert({ type: 'MultiPolygon', coordinates: [[[['x', 1]]], square(-90, 40)] }),
    new Oddities(),
  );
  expect(read?.geometry).toEqual({ type: 'Polygon', coordinates: square(-90, 40) });
});

test('a Polygon stays a Polygon, holes included', () => {
  const hole = [
    [-99.6, 30.4],
    [-99.4, 30.4],
    [-99.4, 30.6],
    [-99.6, 30.4],
  ];
  const withHole = [...square(-100, 30), hole];
  const read = readAlert(alert({ type: 'Polygon', coordinates: withHole }), new Oddities());
  expect(read?.geometry).toEqual({ type: 'Polygon', coordinates: withHole });
});
