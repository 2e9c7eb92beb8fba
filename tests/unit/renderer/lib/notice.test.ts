import { afterEach, describe, expect, test } from 'vitest';
import { IpcError } from '../../../../src/shared/ipc.ts';
import { said } from '../../../../src/shared/i18n/translator.ts';
import { failureWords, notice } from '../../../../src/renderer/lib/notice.ts';
import { t, words } from '../../../../src/renderer/lib/words.svelte.ts';

afterEach(() => words.use('en'));

describe('a notice already shown follows a change of language', () => {
  test('its words are made when read, in the language in force then', async () => {
    const shown = notice(false, () => t('route.state.saved', { name: 'I-70' }));
    expect(shown.text).toBe('Saved I-70.');
    await words.use('de');
    expect(shown.text).toBe('I-70 gespeichert.');
    expect(shown.error).toBe(false);
  });

  test('a failure the core said reads in the new language; another keeps its own words', async () => {
    const failure = new IpcError({
      code: 'failed',
      message: 'Saved I-70.',
      said: said('route.state.saved', { name: 'I-70' }),
    });
    const fromCore = notice(true, failureWords(failure));
    const fromBrowser = notice(true, failureWords(new TypeError('Failed to fetch')));
    await words.use('de');
    expect(fromCore.text).toBe('I-70 gespeichert.');
    expect(fromBrowser.text).toBe('Failed to fetch');
  });
});
