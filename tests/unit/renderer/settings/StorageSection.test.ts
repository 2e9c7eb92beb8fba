import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, expect, test } from 'vitest';
import { defaultSettings } from '../../../../src/shared/settings.ts';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { transport } from '../../../../src/renderer/lib/transport.svelte.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import {
  settingsContext,
  SettingsState,
} from '../../../../src/renderer/settings/settings.svelte.ts';
import StorageSection from '../../../../src/renderer/settings/StorageSection.svelte';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';

// The transport is the page's one: each test says which it is, and leaves the app's default.
afterEach(() => transport.set('electron', false));

const DECLINED = 'Not changed: you declined the change in the confirmation dialog.';

function renderWith(update: () => never) {
  const api = fakeApi({
    'settings.get': () => defaultSettings,
    'settings.update': update,
    'cache.usage': () => ({ mediaBytes: 0, mediaFiles: 0, searches: 0 }),
  });
  const settings = new SettingsState(api);
  render(StorageSection, {
    context: contextOf(provided(apiContext, api), provided(settingsContext, settings)),
  });
  return api;
}

test('the desktop app: the fields say a change is confirmed in a dialog, and show Cancel at the field', async () => {
  transport.set('electron', true);
  const api = renderWith(() => {
    throw new Error(DECLINED);
  });
  const tiles = await screen.findByLabelText('Map tiles URL (empty: outlines only)');
  expect(tiles.getAttribute('aria-describedby')).toBe('tile-url-how');
  expect(document.getElementById('tile-url-how')!.textContent).toMatch(
    /A change here asks you to confirm it in a Roadcam dialog first\./,
  );
  await fireEvent.change(tiles, { target: { value: 'http://127.0.0.1:2375/{z}/{x}/{y}.png' } });
  expect((await screen.findByRole('alert')).textContent).toBe(DECLINED);
  expect(tiles.getAttribute('aria-invalid')).toBe('true');
  expect(tiles.getAttribute('aria-describedby')).toBe('tile-url-problem tile-url-how');
  // The refusal is the tile field's: the download folder's stays as it was.
  const folder = screen.getByLabelText('Download folder');
  expect(folder.getAttribute('aria-invalid')).toBe('false');
  expect(api.inputsOf('settings.update')).toEqual([
    { tileUrl: 'http://127.0.0.1:2375/{z}/{x}/{y}.png' },
  ]);
});

test('browser mode: the fields say which command changes them', async () => {
  transport.set('websocket', true);
  renderWith(() => {
    throw new Error('unused');
  });
  await screen.findByLabelText('Download folder');
  expect(document.getElementById('download-folder-how')!.textContent).toMatch(
    /In browser mode the page cannot change this: run\s+roadcam settings set downloadFolder VALUE\s+on this computer/,
  ); // The command is typed as it is, drawn as code; its value's placeholder is the reader's word.
  const command = document.querySelector('#download-folder-how code')!;
  expect(command.textContent).toBe('roadcam settings set downloadFolder VALUE');
  await words.use('de');
  try {
    await tick();
    expect(document.getElementById('download-folder-how')!.textContent).toMatch(
      /^Im Browsermodus kann die Seite das nicht ändern: Führen Sie\s+roadcam settings set downloadFolder WERT\s+auf diesem Computer aus/,
    );
  } finally {
    await words.use('en');
  }
});
