/**
 * Settings › Tray and start: the desktop app's choices (keep downloading in the tray, start at
 * login, start minimised). Browser mode shows them disabled; the desktop app's page, whose
 * preload gives it `window.api`, saves them. The Electron binary cannot run here, so a stand-in
 * preload (the same contract over browser mode's socket) makes the page the desktop app's.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { say } from './say.ts';

/** What the Electron preload gives the page: `window.api`, here over browser mode's socket. */
function standInPreload(): void {
  type Waiting = { resolve(value: unknown): void; reject(error: Error): void };
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const socket = new WebSocket(`ws://${location.host}/ipc?token=${encodeURIComponent(token)}`);
  const open = new Promise((resolve) => socket.addEventListener('open', resolve));
  const waiting = new Map<number, Waiting>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let next = 1;
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as {
      id?: number;
      response?: { ok: boolean; value?: unknown; error?: { message: string } };
      event?: string;
      payload?: unknown;
    };
    if (data.id !== undefined && data.response) {
      const call = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.response.ok) call?.resolve(data.response.value);
      else call?.reject(new Error(data.response.error?.message));
    } else if (data.event) {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    }
  });
  (window as unknown as { api: unknown }).api = {
    async invoke(channel: string, input: unknown) {
      await open;
      const id = next++;
      socket.send(JSON.stringify({ id, channel, input }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

const section = (page: Page) => page.getByRole('region', { name: say('settings.desktop') });
const box = (page: Page, name: string) =>
  section(page).getByRole('checkbox', { name, exact: true });
const TRAY = say('settings.desktop.tray');
const LOGIN = say('settings.desktop.login');
const MINIMISED = say('settings.desktop.minimised');

test('browser mode shows the tray and start choices disabled, saying why', async ({
  page,
  roadcam,
}, testInfo) => {
  await page.goto(`${roadcam.url}#/settings`);
  await expect(section(page)).toContainText(say('settings.desktop.only'));
  await expect(box(page, TRAY)).toBeChecked();
  for (const name of [TRAY, LOGIN, MINIMISED]) {
    await expect(box(page, name)).toBeDisabled();
  }
  await expect(box(page, LOGIN)).not.toBeChecked();
  await expect(box(page, LOGIN)).toHaveAccessibleDescription(say('settings.desktop.loginHint'));
  expect((await seriousViolations(page, section(page))).join('\n')).toBe('');
  await section(page).screenshot({ path: testInfo.outputPath('tray-and-start-browser.png') });
});

test('the desktop app saves the tray and start choices, and they survive a reload', async ({
  page,
  roadcam,
}, testInfo) => {
  await page.addInitScript(standInPreload);
  await page.goto(`${roadcam.url}#/settings`);
  await expect(section(page)).toBeVisible();
  await expect(section(page)).not.toContainText(say('settings.desktop.only'));
  // Keyboard only: Tab to each box and Space to toggle it.
  await box(page, TRAY).focus();
  await page.keyboard.press('Space');
  await expect(box(page, TRAY)).not.toBeChecked();
  await expect(section(page).getByRole('status')).toHaveText(say('common.saved'));
  await page.keyboard.press('Tab');
  await expect(box(page, LOGIN)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box(page, LOGIN)).toBeChecked();
  await box(page, MINIMISED).check();
  await expect(section(page).getByRole('status')).toHaveText(say('common.saved'));
  expect((await seriousViolations(page, section(page))).join('\n')).toBe('');
  await section(page).screenshot({ path: testInfo.outputPath('tray-and-start-desktop.png') });

  await page.reload();
  await expect(box(page, LOGIN)).toBeChecked();
  await expect(box(page, MINIMISED)).toBeChecked();
  await expect(box(page, TRAY)).not.toBeChecked();
  await expect(box(page, TRAY)).toBeEnabled();
});
