/**
 * The tour's scheduling (src/renderer/wall/tour-schedule.ts) on a clock the test moves: the only
 * clock the schedule sees. Loading is a real promise per step that the test settles.
 */
import { describe, expect, test } from 'vitest';
import {
  ALL_FAILED_RETRY_MS,
  PREPARE_LEAD_MS,
  PREPARE_TIMEOUT_MS,
  TourSchedule,
  type Prepared,
} from '../../../../src/renderer/wall/tour-schedule.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';

const DWELL = 20_000;
const refused = { kind: 'refused', words: () => 'HTTP 503' } as const;

/** A schedule over `steps` whose loading answers at once: ok, or failed for the steps in `bad`. */
function setup(steps: number, bad: Set<number> = new Set(), dwell = DWELL) {
  const clock = new ManualClock();
  const shown: number[] = [];
  const skipped: number[] = [];
  const prepared: number[] = [];
  const failures: number[] = [];
  const schedule = new TourSchedule(clock, steps, dwell, {
    prepare: (step): Promise<Prepared> => {
      prepared.push(step);
      return Promise.resolve(bad.has(step) ? { ok: false, reason: refused } : { ok: true });
    },
    show: (step) => shown.push(step),
    skipped: (step) => skipped.push(step),
    allFailed: (retrySeconds) => failures.push(retrySeconds),
  });
  return { clock, schedule, shown, skipped, prepared, failures };
}

describe('the tour schedule', () => {
  test('goes through the steps in order, one dwell each, and round again', async () => {
    const { clock, schedule, shown } = setup(3);
    schedule.start();
    await clock.advance(0);
    expect(shown).toEqual([0]);
    await clock.advance(DWELL - 1);
    expect(shown).toEqual([0]);
    await clock.advance(1);
    expect(shown).toEqual([0, 1]);
    await clock.advance(2 * DWELL);
    expect(shown).toEqual([0, 1, 2, 0]);
  });

  test('loads the next step ahead of its time, and shows it on time', async () => {
    const { clock, schedule, shown, prepared } = setup(3);
    schedule.start();
    await clock.advance(DWELL - PREPARE_LEAD_MS);
    expect(prepared).toEqual([0, 1]);
    expect(shown).toEqual([0]);
    await clock.advance(PREPARE_LEAD_MS);
    expect(shown).toEqual([0, 1]);
  });

  test('skips a step whose images fail, without showing it', async () => {
    const { clock, schedule, shown, skipped } = setup(4, new Set([1, 2]));
    schedule.start();
    await clock.advance(DWELL);
    expect(shown).toEqual([0, 3]);
    expect(skipped).toEqual([1, 2]);
    // Step 3 keeps its whole dwell: the skipped ones took none of it.
    await clock.advance(DWELL - 1);
    expect(shown).toEqual([0, 3]);
    await clock.advance(1);
    expect(shown).toEqual([0, 3, 0]);
  });

  test('a step whose images never arrive is skipped after the loading deadline', async () => {
    const clock = new ManualClock();
    const shown: number[] = [];
    const skipped: number[] = [];
    // A dwell shorter than the loading deadline: loading starts as soon as a step shows.
    const schedule = new TourSchedule(clock, 3, 5_000, {
      // Step 1 hangs: its answer never comes.
      prepare: (step) =>
        step === 1 ? new Promise<Prepared>(() => {}) : Promise.resolve({ ok: true }),
      show: (step) => shown.push(step),
      skipped: (step) => skipped.push(step),
      allFailed: () => {},
    });
    schedule.start();
    await clock.advance(PREPARE_TIMEOUT_MS - 1);
    expect(shown).toEqual([0]);
    await clock.advance(1);
    expect(shown).toEqual([0, 2]);
    expect(skipped).toEqual([1]);
  });

  test('with a long dwell, a camera that times out is skipped within the dwell', async () => {
    const clock = new ManualClock();
    const shown: number[] = [];
    const schedule = new TourSchedule(clock, 3, DWELL, {
      prepare: (step) =>
        step === 1 ? new Promise<Prepared>(() => {}) : Promise.resolve({ ok: true }),
      show: (step) => shown.push(step),
      skipped: () => {},
      allFailed: () => {},
    });
    schedule.start();
    await clock.advance(DWELL - 1);
    expect(shown).toEqual([0]);
    await clock.advance(1);
    expect(shown).toEqual([0, 2]);
  });

  test('every step failing is said once, and retried slowly, not in a loop', async () => {
    const bad = new Set([0, 1, 2]);
    const { clock, schedule, shown, prepared, failures } = setup(3, bad);
    schedule.start();
    await clock.advance(0);
    expect(shown).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBe(30);
    expect(prepared).toEqual([0, 1, 2]);
    await clock.advance(ALL_FAILED_RETRY_MS - 1);
    expect(prepared).toHaveLength(3);
    await clock.advance(1);
    expect(prepared).toHaveLength(6);
    expect(failures).toHaveLength(1);
    // A camera comes back: the tour goes on, and a later total failure is said again.
    bad.delete(2);
    await clock.advance(ALL_FAILED_RETRY_MS);
    expect(shown).toEqual([2]);
    bad.add(2);
    await clock.advance(DWELL);
    expect(failures).toHaveLength(2);
  });

  test('pause keeps the step and what is left of its dwell; resume goes on from there', async () => {
    const { clock, schedule, shown } = setup(3);
    schedule.start();
    await clock.advance(5_000);
    schedule.pause();
    expect(schedule.progress()).toBeCloseTo(0.25);
    await clock.advance(10 * DWELL);
    expect(shown).toEqual([0]);
    expect(clock.pending).toBe(0);
    schedule.resume();
    await clock.advance(DWELL - 5_000 - 1);
    expect(shown).toEqual([0]);
    await clock.advance(1);
    expect(shown).toEqual([0, 1]);
  });

  test('next and previous by hand, skipping failed steps both ways', async () => {
    const { clock, schedule, shown } = setup(4, new Set([3]));
    schedule.start();
    await clock.advance(0);
    schedule.next();
    await clock.advance(0);
    schedule.previous();
    await clock.advance(0);
    schedule.previous();
    await clock.advance(0);
    expect(shown).toEqual([0, 1, 0, 2]);
    // A step shown by hand gets a whole dwell.
    await clock.advance(DWELL - 1);
    expect(shown).toEqual([0, 1, 0, 2]);
    await clock.advance(1);
    expect(shown).toEqual([0, 1, 0, 2, 0]);
  });

  test('a new dwell counts from when the step showed; stop ends every timer', async () => {
    const { clock, schedule, shown } = setup(2);
    schedule.start();
    await clock.advance(6_000);
    schedule.setDwell(8_000);
    await clock.advance(2_000);
    expect(shown).toEqual([0, 1]);
    schedule.stop();
    await clock.advance(10 * DWELL);
    expect(shown).toEqual([0, 1]);
    expect(clock.pending).toBe(0);
  });
});
