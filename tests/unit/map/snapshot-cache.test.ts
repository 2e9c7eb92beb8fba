/**
 * The replay's snapshot cache is bounded by what its marks weigh, not only by their count: at
 * 100,000 cameras 24 marks held a quarter of a GB in the main process.
 */
import { describe, expect, it } from 'vitest';
import { SnapshotCache } from '../../../src/engine/replay/weather.ts';

const MARK_MS = 10 * 60_000;
const base = Date.parse('2026-03-01T00:00:00Z');
const at = (i: number) => new Date(base + i * MARK_MS).toISOString();

/** A cache of marks each weighing `units`, counting the loads each mark needed. */
function cache(units: number, budget: { marks: number; units: number }) {
  const loads = new Map<string, number>();
  const c = new SnapshotCache(
    (mark) => {
      loads.set(mark, (loads.get(mark) ?? 0) + 1);
      return Promise.resolve({ mark, units });
    },
    { ...budget, weigh: (v) => v.units },
  );
  return { c, loads: () => [...loads.values()].reduce((a, b) => a + b, 0) };
}

describe('SnapshotCache', () => {
  it('keeps marks within the units budget, dropping the least recently asked for', async () => {
    const { c, loads } = cache(100_000, { marks: 24, units: 300_000 });
    for (let i = 0; i < 10; i++) await c.get(at(i));
    expect(c.size).toBe(3);
    expect(loads()).toBe(10);
    // The three newest are held: asking again loads nothing.
    for (const i of [7, 8, 9]) await c.get(at(i));
    expect(loads()).toBe(10);
    // An older one is loaded again.
    await c.get(at(0));
    expect(loads()).toBe(11);
    expect(c.size).toBe(3);
  });

  it('keeps every mark a small world has, up to the count', async () => {
    const { c, loads } = cache(1_000, { marks: 24, units: 300_000 });
    for (let i = 0; i < 24; i++) await c.get(at(i));
    for (let i = 0; i < 24; i++) await c.get(at(i));
    expect(loads()).toBe(24);
    await c.get(at(24));
    expect(c.size).toBe(24);
  });

  it('keeps the newest mark even when it alone is over the budget', async () => {
    const { c } = cache(1_000_000, { marks: 24, units: 300_000 });
    const value = await c.get(at(0));
    expect(value.units).toBe(1_000_000);
    expect(c.size).toBe(1);
    await c.get(at(1));
    expect(c.size).toBe(1);
  });

  it('forgets a failed load, so the next visit tries again', async () => {
    let fail = true;
    let calls = 0;
    const c = new SnapshotCache(
      () => {
        calls += 1;
        return fail ? Promise.reject(new Error('no snapshot yet')) : Promise.resolve(1);
      },
      { marks: 24, units: 10, weigh: () => 1 },
    );
    await expect(c.get(at(0))).rejects.toThrow('no snapshot yet');
    fail = false;
    await expect(c.get(at(0))).resolves.toBe(1);
    expect(calls).toBe(2);
  });

  it('refuses a time that is not a date', async () => {
    const { c } = cache(1, { marks: 24, units: 10 });
    await expect(c.get('yesterday')).rejects.toThrow('"yesterday" is not a date');
  });
});
