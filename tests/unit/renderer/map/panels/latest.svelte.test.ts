/**
 * A panel's answer for the thing it is open on (src/renderer/map/panels/latest.svelte.ts): a late
 * answer, or a late failure, for a thing the panel has left is never shown.
 */
import { describe, expect, it } from 'vitest';
import { Latest } from '../../../../../src/renderer/map/panels/latest.svelte.ts';
import { sleep } from '../../../../helpers/wait.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** The rest of the task: the fake answers, already resolved, have been taken by then. */
const settle = () => sleep(0);

describe('a panel loading the latest thing', () => {
  it('shows the answer for the current thing, not a later-arriving one for the previous', async () => {
    const shown = new Latest<string>();
    const first = deferred<string>();
    const second = deferred<string>();
    const leaveFirst = shown.load(() => first.promise);
    leaveFirst();
    shown.load(() => second.promise);
    second.resolve('camera B');
    await settle();
    first.resolve('camera A');
    await settle();
    expect(shown.value).toBe('camera B');
    expect(shown.error).toBeNull();
  });

  it("says why the current thing failed, and drops the previous thing's failure", async () => {
    const shown = new Latest<string>();
    const first = deferred<string>();
    const leaveFirst = shown.load(() => first.promise);
    leaveFirst();
    shown.load(() => Promise.reject(new Error('No camera US-XX-1: it was removed')));
    first.reject(new Error('an older failure'));
    await settle();
    expect(shown.value).toBeNull();
    expect(shown.error).toBe('No camera US-XX-1: it was removed');
  });

  it('is busy while loading; kept, the last answer stays shown until the next one arrives', async () => {
    const shown = new Latest<string>();
    shown.load(() => Promise.resolve('mark 1'));
    await settle();
    const next = deferred<string>();
    shown.load(() => next.promise, { keep: true });
    expect(shown.busy).toBe(true);
    expect(shown.value).toBe('mark 1');
    next.resolve('mark 2');
    await settle();
    expect(shown.busy).toBe(false);
    expect(shown.value).toBe('mark 2');
    shown.load(() => Promise.reject(new Error('offline')), { failure: 'Could not load the mark' });
    expect(shown.value).toBeNull();
    await settle();
    expect(shown.error).toBe('Could not load the mark: offline');
  });
});
