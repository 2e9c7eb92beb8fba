/**
 * The collections' image loads go through a line: at most so many at once, the others in the
 * order they asked, and one given up while it waits leaves without running.
 */
import { describe, expect, test } from 'vitest';
import { loadLine } from '../../../../src/renderer/collections/load-line.ts';
import { sleep } from '../../../helpers/wait.ts';

/** A job that runs until its `finish` is called, noting when it started. */
function job(name: string, started: string[]) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return {
    run: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

/**
 * A turn of the event loop: the line's promise continuations have run by then, so a job that
 * was to start has started, and one that was not to start would have.
 */
const tick = () => sleep(0);

describe('loadLine', () => {
  test('runs at most its limit at once, the next in the order asked as each ends', async () => {
    const line = loadLine(2);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => job(name, started));
    const signal = new AbortController().signal;
    const results = jobs.map((j) => line(signal, j.run));
    await tick();
    expect(started).toEqual(['a', 'b']);
    jobs[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[0]!.finish();
    jobs[2]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    jobs[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  test('a load given up while it waits never runs, and its place goes to the next', async () => {
    const line = loadLine(1);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => job(name, started));
    const gone = new AbortController();
    const kept = new AbortController().signal;
    const first = line(kept, a!.run);
    const second = line(gone.signal, b!.run);
    const third = line(kept, c!.run);
    gone.abort(new Error('scrolled away'));
    await expect(second).rejects.toThrow('scrolled away');
    a!.finish();
    await first;
    await tick();
    expect(started).toEqual(['a', 'c']);
    c!.finish();
    await third;
  });

  test('a place freed is not taken twice: a newcomer waits behind those in line', async () => {
    const line = loadLine(1);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => job(name, started));
    const signal = new AbortController().signal;
    void line(signal, a!.run);
    void line(signal, b!.run);
    a!.finish();
    // Asked in the same turn as the place passes to b: c waits.
    await Promise.resolve();
    void line(signal, c!.run);
    await tick();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    c!.finish();
  });
});
