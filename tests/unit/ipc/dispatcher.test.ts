import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../src/shared/ipc.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { createDispatcher, type Handlers } from '../../../src/engine/ipc/dispatcher.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';

const calls: unknown[] = [];
// Only the channels these tests call: other groups' handlers are never reached.
const handlers = {
  'app.status': () => {
    throw new Error('The service is not configured. Open Settings to add an account.');
  },
  // A bug: an answer read as if it had a field it lacks.
  'app.checkConnection': () => {
    const answer = JSON.parse('{}') as { status: { items: AppStatus[] } };
    return answer.status.items[0]!;
  },
  'settings.get': () => defaultSettings,
  'settings.update': (patch) => {
    calls.push(patch);
    return { ...defaultSettings, ...patch };
  },
} satisfies Partial<Handlers> as unknown as Handlers;
const dispatch = createDispatcher(handlers);

describe('the main-process edge', () => {
  it('passes valid input to the handler and wraps the result', async () => {
    const response = await dispatch('settings.update', { downloadConcurrency: 5 });
    expect(response).toEqual({ ok: true, value: { ...defaultSettings, downloadConcurrency: 5 } });
    expect(calls.at(-1)).toEqual({ downloadConcurrency: 5 });
  });

  it('refuses invalid input with a message naming the field, before the handler runs', async () => {
    const before = calls.length;
    const response = await dispatch('settings.update', { downloadConcurrency: 99 });
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error.code).toBe('invalid_input');
    expect(response.error.message).toMatch(
      /^Invalid input for settings\.update: downloadConcurrency: /,
    );
    expect(response.error.message).toMatch(/16/);
    expect(calls.length).toBe(before);
  });

  it('refuses keys the channel does not know', async () => {
    const response = await dispatch('settings.update', { clientSecret: 'x' });
    expect(response).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!response.ok) expect(response.error.message).toMatch(/clientSecret/);
  });

  it('refuses input of the wrong shape entirely', async () => {
    for (const bad of ['text', 42, [1, 2], null]) {
      const response = await dispatch('settings.update', bad);
      expect(response.ok, JSON.stringify(bad)).toBe(bad === null);
    }
  });

  it('refuses a channel that is not in the contract', async () => {
    const response = await dispatch('fs.readFile', { path: '/etc/passwd' });
    expect(response).toEqual({
      ok: false,
      error: { code: 'unknown_channel', message: 'Unknown IPC channel "fs.readFile".' },
    });
    expect(await dispatch('__proto__', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
  });

  it('turns a failing handler into a readable error value', async () => {
    const response = await dispatch('app.status', {});
    expect(response).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message: 'The service is not configured. Open Settings to add an account.',
      },
    });
  });

  it('says a bug is a bug: not the bare TypeError, but what failed and what to do', async () => {
    const logged: string[] = [];
    const response = await createDispatcher(handlers, (line) => logged.push(line))(
      'app.checkConnection',
      {},
    );
    expect(response).toMatchObject({
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(
          /^Roadcam could not complete app\.checkConnection: it met an unexpected TypeError \(Cannot read properties of undefined \(reading 'items'\)\)\. Try again; if it happens again, please report it/,
        ) as string,
      },
    });
    // What it means goes beside the English, for the window to say in the user's language.
    const said = (response as { error: { said: Said } }).error.said;
    expect((await loadTranslator('de')).say(said)).toMatch(
      /^Roadcam konnte app\.checkConnection nicht abschließen: Ein unerwarteter TypeError .*Einstellungen > Hilfe und Diagnose > Diagnose speichern…/,
    );
    // The log keeps the stack, for the report.
    expect(logged.join('\n')).toMatch(/failed on a bug: TypeError: .*\n\s+at /);
  });
});
