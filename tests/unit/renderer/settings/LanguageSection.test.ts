import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, expect, test } from 'vitest';
import { defaultSettings, type Settings } from '../../../../src/shared/settings.ts';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import {
  settingsContext,
  SettingsState,
} from '../../../../src/renderer/settings/settings.svelte.ts';
import LanguageSection from '../../../../src/renderer/settings/LanguageSection.svelte';
import NavBar from '../../../../src/renderer/shell/NavBar.svelte';

afterEach(() => words.use('en'));

test('a language chosen is saved, and every word on the page, its lang and its dir follow it without a reload', async () => {
  let saved: Settings = defaultSettings;
  const api = fakeApi({
    'settings.get': () => saved,
    'settings.update': (patch) => (saved = { ...saved, ...patch }),
  });
  const settings = new SettingsState(api);
  render(LanguageSection, {
    context: contextOf(provided(apiContext, api), provided(settingsContext, settings)),
  });
  render(NavBar, { props: { current: 'map' } });
  // jsdom's page prefers en-US: System says it gives English here.
  expect(await screen.findByLabelText('System (English)')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();

  await fireEvent.click(screen.getByLabelText('Deutsch'));
  expect(api.inputsOf('settings.update')).toEqual([{ language: 'de' }]);
  await words.choose(settings.current!.language);

  expect(await screen.findByRole('link', { name: 'Einstellungen' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Karte' })).toBeTruthy();
  expect(screen.getByLabelText('System (English)')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Sprache' })).toBeTruthy();
  expect(document.documentElement.lang).toBe('de');
  expect(document.documentElement.dir).toBe('ltr');
});
