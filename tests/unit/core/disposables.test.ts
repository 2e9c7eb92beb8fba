import { describe, expect, it } from 'vitest';
import { Disposables } from '../../../src/engine/features/disposables.ts';
import { sleep } from '../../helpers/wait.ts';

describe('a feature’s disposables', () => {
  it('ends everything, last made first, waiting for each', async () => {
    const d = new Disposables();
    const ended: string[] = [];
    d.add(() => void ended.push('subscription'));
    d.add(async () => {
      await sleep(20); // a disposer that takes a while, to be waited for
      ended.push('queue');
    });
    d.add(() => void ended.push('timer'));
    await d.dispose();
    expect(ended).toEqual(['timer', 'queue', 'subscription']);
    await d.dispose();
    expect(ended).toHaveLength(3);
  });

  it('ends the others when one throws, then throws the first error', async () => {
    const d = new Disposables();
    const ended: string[] = [];
    d.add(() => void ended.push('first'));
    d.add(() => {
      throw new Error('pool would not close');
    });
    d.add(() => void ended.push('last'));
    await expect(d.dispose()).rejects.toThrow('pool would not close');
    expect(ended).toEqual(['last', 'first']);
  });

  it('stops a timer it runs, and ends at once what is added after it ended', async () => {
    const d = new Disposables();
    let ticks = 0;
    d.every(5, () => ticks++);
    await sleep(40); // time for the 5 ms timer to tick
    await d.dispose();
    const seen = ticks;
    expect(seen).toBeGreaterThan(0);
    await sleep(40); // time for ticks that must not come
    expect(ticks).toBe(seen);
    let late = false;
    d.add(() => void (late = true));
    await sleep(0); // the rest of the task: an end at once is done by then
    expect(late).toBe(true);
  });
});
