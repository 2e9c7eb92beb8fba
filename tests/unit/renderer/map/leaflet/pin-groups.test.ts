import { expect, test } from 'vitest';
import { groupOverlapping } from '../../../../../src/renderer/map/leaflet/pin-groups.ts';

const box = { width: 34, height: 16 };
const at = (p: { x: number; y: number }) => p;

test('pins on one spot, or closer than a pin, become one group; pins apart stay apart', () => {
  const same = { x: 100, y: 100 };
  const near = { x: 120, y: 110 };
  const apart = { x: 100, y: 130 };
  const far = { x: 400, y: 100 };
  const groups = groupOverlapping([same, { ...same }, near, apart, far], at, box);
  expect(groups.map((g) => g.length)).toEqual([3, 1, 1]);
  expect(groups[1]).toEqual([apart]);
});

test('no pins, no groups', () => {
  expect(groupOverlapping([], at, box)).toEqual([]);
});
