/**
 * The per-describe handles (tests/helpers/per-describe.ts): each block of a describe.each gets its
 * own, started before its tests and stopped after them, before the next block starts its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perDescribe } from '../../helpers/per-describe.ts';

const events: string[] = [];

class Counter {
  #count = 0;
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  add(): number {
    return ++this.#count;
  }
  get count(): number {
    return this.#count;
  }
}

function useCounter(name: string): Counter {
  return perDescribe((onCleanup) => {
    events.push(`start ${name}`);
    onCleanup(() => void events.push(`stop ${name}`));
    return new Counter(name);
  });
}

let readEarly: unknown;

describe.each(['a', 'b'])('block %s', (name) => {
  const counter = useCounter(name);
  // The handle of another block's thing, made from this block's (stopped first).
  const twin = perDescribe((onCleanup) => {
    events.push(`start twin of ${counter.name}`);
    onCleanup(() => void events.push(`stop twin of ${counter.name}`));
    return { of: counter.name };
  });
  try {
    void counter.count;
  } catch (error) {
    readEarly = error;
  }
  let seenInBeforeAll = '';
  beforeAll(() => void (seenInBeforeAll = counter.name));

  it('is started before the tests, with its own methods and private fields', () => {
    expect(counter.name).toBe(name);
    expect(seenInBeforeAll).toBe(name);
    expect(counter.add()).toBe(1);
    expect(counter.add()).toBe(2);
    expect(counter.count).toBe(2);
    expect(counter).toBeInstanceOf(Counter);
    expect(twin.of).toBe(name);
  });

  it('is the same one for every test of the block', () => {
    expect(counter.count).toBe(2);
  });
});

afterAll(() => {
  expect(events).toEqual([
    'start a',
    'start twin of a',
    'stop twin of a',
    'stop a',
    'start b',
    'start twin of b',
    'stop twin of b',
    'stop b',
  ]);
});

it('refuses to be read while the tests are collected, in words', () => {
  expect(String(readEarly)).toMatch(/used outside the tests of its describe block/);
});
