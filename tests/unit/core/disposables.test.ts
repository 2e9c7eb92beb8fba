import { describe, expect, it } from 'vitest';
import { Disposables } from '../../../src/engine/features/disposables.ts';

describe('a feature’s disposables', () => {
  it('ends everything, last made first, waiting for each', async () => {
    const d = new Disposables();
    const ended: string[] = [];
    d.add(() => void ended.push('subscription'));
    d.add(async () => {
      await new Promise((r) => setTimeout(r, 20));
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
    await new Promise((r) => setTimeout(r, 40));
    await d.dispose();
    const seen = ticks;
    expect(seen).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 40));
    expect(ticks).toBe(seen);
    let late = false;
    d.add(() => void (late = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(late).toBe(true);
  });
});
