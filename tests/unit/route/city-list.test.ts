/**
 * The offline city list is read and asked in a worker thread: during the first look-up, which
 * loads 135,000 cities, the engine's own thread keeps running (a timer keeps firing); a list
 * that does not answer within its bound is said in words.
 */
import { expect, test } from 'vitest';
import { CityList, findCity } from '../../../src/engine/routes/cities.ts';

test("the first look-up loads the list off the engine's thread: a timer keeps firing", async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  let ticksWhilePending: number | undefined;
  const looking = Promise.resolve(findCity('Denver')).then((match) => {
    ticksWhilePending = ticks;
    return match;
  });
  try {
    const match = await looking;
    expect(match).toMatchObject({ kind: 'one', place: { name: 'Denver, CO, US' } });
    // Loading takes hundreds of milliseconds: a thread that was free saw many 5 ms ticks.
    expect(ticksWhilePending).toBeGreaterThanOrEqual(3);
  } finally {
    clearInterval(timer);
  }
  // Loaded once: later look-ups answer from the worker's index.
  expect(await findCity('Springfield, MO')).toMatchObject({ kind: 'one' });
});

test('a list that does not answer within its bound is said in words', async () => {
  const list = new CityList({ loadMs: 1, askMs: 1 });
  await expect(list.find('Denver')).rejects.toThrow(
    'The offline list of cities did not answer within 0.001 s: type "lat,lon" or a camera\'s name instead, or try again.',
  );
});
