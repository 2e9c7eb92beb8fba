import { describe, expect, test } from 'vitest';
import { Operation } from './operation.svelte.ts';

describe('an operation', () => {
  test('is busy while its work runs and gives back the answer', async () => {
    const op = new Operation();
    let release!: (value: number) => void;
    const running = op.run(() => new Promise<number>((resolve) => (release = resolve)));
    expect(op.busy).toBe(true);
    release(42);
    expect(await running).toBe(42);
    expect(op).toMatchObject({ busy: false, error: null });
  });

  test('a failure is kept in words, after what failed, and busy is released', async () => {
    const op = new Operation();
    const answer = await op.run(
      () => Promise.reject(new Error('The service is offline.')),
      'Could not list the collections',
    );
    expect(answer).toBeUndefined();
    expect(op).toMatchObject({
      busy: false,
      error: 'Could not list the collections: The service is offline.',
    });
    // The next attempt starts clean.
    await op.run(() => Promise.resolve());
    expect(op.error).toBeNull();
  });

  test('reports progress', () => {
    const op = new Operation();
    op.progress(3, 10);
    expect([op.done, op.total]).toEqual([3, 10]);
  });
});
