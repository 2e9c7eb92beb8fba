import { afterEach, describe, expect, test } from 'vitest';
import { Operation } from '../../../../src/renderer/lib/operation.svelte.ts';
import { t, words } from '../../../../src/renderer/lib/words.svelte.ts';
import { IpcError } from '../../../../src/shared/ipc.ts';
import { said } from '../../../../src/shared/i18n/translator.ts';

afterEach(() => words.use('en'));

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

  test('latest: only the newest run counts, an older answer and failure come too late', async () => {
    const op = new Operation();
    const releases: ((value: string) => void)[] = [];
    const rejects: ((error: Error) => void)[] = [];
    const ask = () =>
      op.latest(
        () =>
          new Promise<string>((resolve, reject) => {
            releases.push(resolve);
            rejects.push(reject);
          }),
        'Could not search',
      );
    const first = ask();
    const second = ask();
    rejects[0]!(new Error('The service is offline.'));
    expect(await first).toBeUndefined();
    // The older failure neither shows nor ends the newer run's busy.
    expect(op).toMatchObject({ busy: true, error: null });
    releases[1]!('second');
    expect(await second).toBe('second');
    expect(op.busy).toBe(false);

    const third = ask();
    rejects[2]!(new Error('The service is offline.'));
    expect(await third).toBeUndefined();
    expect(op).toMatchObject({ busy: false, error: 'Could not search: The service is offline.' });
    // The error stays while the next answer is awaited, and goes with it.
    const fourth = ask();
    expect(op).toMatchObject({ busy: true, error: 'Could not search: The service is offline.' });
    releases[3]!('fourth');
    expect(await fourth).toBe('fourth');
    expect(op.error).toBeNull();
  });

  test('cancel: the answer of a run under way comes too late, and busy ends at once', async () => {
    const op = new Operation();
    let release!: (value: string) => void;
    const running = op.latest(() => new Promise<string>((resolve) => (release = resolve)));
    op.cancel();
    expect(op.busy).toBe(false);
    release('too late');
    expect(await running).toBeUndefined();
  });

  test('reports progress', () => {
    const op = new Operation();
    op.progress(3, 10);
    expect([op.done, op.total]).toEqual([3, 10]);
  });

  test('an error already shown follows a change of language: its own words and the core said', async () => {
    const op = new Operation();
    op.fail(() => t('route.actions.needName'));
    const refused = new Operation();
    const failure = new IpcError({
      code: 'failed',
      message: 'Saved I-70.',
      said: said('route.state.saved', { name: 'I-70' }),
    });
    await refused.run(
      () => Promise.reject(failure),
      () => t('route.state.failSave'),
    );
    expect(op.error).toBe('A route needs a name.');
    expect(refused.error).toBe('Could not save the route: Saved I-70.');
    await words.use('de');
    expect(op.error).toBe('Eine Route braucht einen Namen.');
    expect(refused.error).toBe(`${t('route.state.failSave')}: I-70 gespeichert.`);
    expect(refused.error).not.toMatch(/Could not/);
  });
});
