/**
 * A newcomer's first hour with the forms: a value a setting refuses is said at its field, in
 * words, stays typed there and is not reported saved (and a reload shows the old value); a good
 * value is saved; disabled buttons look disabled; the route's default buffer reads round in
 * miles; filters show words, not the interface's values.
 */
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, openView, test } from './fixtures.ts';
import { translatorFor } from './say.ts';
import { sayPattern } from './say-pattern.ts';

// en-US reads distances in miles: the route's default buffer must read round in them.
test.use({ locale: 'en-US' });
/** The app's words in that locale's language, whatever language the rest of the suite runs in. */
const en = translatorFor('en');
/** A description that begins with a message (a note of browser mode may follow it). */
const beginning = { anchor: 'start', language: 'en' } as const;

/** What the page says anywhere: the contract's own validation text never reaches a person. */
async function expectNoRawRefusal(page: Page): Promise<void> {
  await expect(page.getByText(/Invalid input|Too small|Too big|expected number/)).toHaveCount(0);
}

async function typeAndEnter(field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await field.press('Enter');
}

test('a refused setting is marked at its field in words and not saved; a good one is', async ({
  page,
  roadcam,
}, testInfo) => {
  await page.goto(`${roadcam.url}#/settings`);
  const network = page.getByRole('region', { name: en.t('settings.network') });
  const deadline = network.getByLabel(en.t('settings.network.deadline'));
  await expect(deadline).toHaveValue('60');

  await typeAndEnter(deadline, '-5');
  await expect(deadline).toHaveAttribute('aria-invalid', 'true');
  await expect(deadline).toHaveAccessibleDescription(en.t('settings.rule.deadlineLow', { min: 5 }));
  await expect(deadline).toHaveValue('-5');
  await expect(network.getByText(en.t('common.saved'))).toHaveCount(0);
  await expectNoRawRefusal(page);

  // Said as it is typed, before any Enter.
  const prefs = page.getByRole('region', { name: en.t('settings.preferences') });
  const refresh = prefs.getByLabel(en.t('settings.liveRefresh'));
  await refresh.fill('1');
  await expect(refresh).toHaveAccessibleDescription(en.t('settings.rule.refreshLow', { min: 2 }));
  await refresh.fill('5');
  await expect(refresh).toHaveAttribute('aria-invalid', 'false');
  await refresh.press('Enter');
  await expect(refresh).toHaveAccessibleDescription(en.t('common.saved'));
  // Another setting saved meanwhile: the refused value is still there, still marked.
  await expect(deadline).toHaveValue('-5');
  await expect(deadline).toHaveAttribute('aria-invalid', 'true');

  // Settings that reach the machine are checked at the field too, and stay as typed.
  const storage = page.getByRole('region', { name: en.t('settings.storage') });
  const tiles = storage.getByLabel(en.t('settings.storage.tiles'));
  await typeAndEnter(tiles, 'ftp://x/{z}');
  await expect(tiles).toHaveAttribute('aria-invalid', 'true');
  await expect(tiles).toHaveAccessibleDescription(
    sayPattern('settings.rule.tileUrl', { z: '{z}', x: '{x}', y: '{y}' }, beginning),
  );
  await expect(tiles).toHaveValue('ftp://x/{z}');
  const folder = storage.getByLabel(en.t('settings.storage.folder'));
  await typeAndEnter(folder, 'downloads/here');
  await expect(folder).toHaveAttribute('aria-invalid', 'true');
  await expect(folder).toHaveAccessibleDescription(
    sayPattern('settings.rule.folder', {}, beginning),
  );
  await expect(folder).toHaveValue('downloads/here');
  await expectNoRawRefusal(page);
  await deadline.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-refused.png'), fullPage: true });
  expect((await seriousViolations(page)).join('\n')).toBe('');

  await page.reload();
  await expect(
    page
      .getByRole('region', { name: en.t('settings.network') })
      .getByLabel(en.t('settings.network.deadline')),
  ).toHaveValue('60');
  await expect(page.getByLabel(en.t('settings.liveRefresh'))).toHaveValue('5');
  await expect(page.getByLabel(en.t('settings.storage.folder'))).toHaveValue('');
});

test('a new account is checked at its fields before it is sent', async ({
  page,
  roadcam,
}, testInfo) => {
  await page.goto(`${roadcam.url}#/settings`);
  const form = page.getByRole('form', { name: en.t('settings.accounts.add') });
  const baseUrl = form.getByLabel(en.t('settings.accounts.baseUrl'));
  await baseUrl.fill('ftp://service.example');
  await expect(baseUrl).toHaveAccessibleDescription(
    sayPattern('settings.rule.accountUrl', {}, beginning),
  );
  await form.getByLabel(en.t('settings.accounts.name')).fill('my work');
  await form.getByRole('button', { name: en.t('settings.accounts.save') }).click();
  await expect(form.getByLabel(en.t('settings.accounts.name'))).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(form.getByLabel(en.t('settings.accounts.clientId'))).toHaveAccessibleDescription(
    en.t('settings.rule.clientId'),
  );
  await expect(form.getByRole('status')).toHaveCount(0);
  await expectNoRawRefusal(page);
  await form.screenshot({ path: testInfo.outputPath('account-refused.png') });
  expect((await seriousViolations(page, form)).join('\n')).toBe('');
});

test('disabled buttons look disabled; the route reads round in miles and its link is labelled', async ({
  page,
  roadcam,
}, testInfo) => {
  await page.goto(`${roadcam.url}#/route`);
  const save = page.getByRole('button', { name: en.t('route.actions.save') });
  await expect(save).toBeDisabled();
  const look = (b: Locator) =>
    b.evaluate((el) => {
      const s = getComputedStyle(el);
      return { cursor: s.cursor, background: s.backgroundColor };
    });
  const disabled = await look(save);
  expect(disabled.cursor).toBe('not-allowed');
  // The enabled main button is the accent blue; the disabled one is not.
  expect(disabled.background).not.toBe('rgb(31, 111, 235)');
  await expect(page.getByRole('button', { name: en.t('route.actions.copy') })).toHaveCSS(
    'cursor',
    'not-allowed',
  );

  await expect(page.getByLabel(en.t('route.actions.buffer', { unit: 'mi' }))).toHaveValue('0.5');
  const link = page.getByLabel(en.t('route.actions.link'));
  await expect(link).toBeVisible();
  await expect(page.locator('label[for="route-link"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('route-disabled.png') });
  expect((await seriousViolations(page)).join('\n')).toBe('');
});

test('typed text is darker than placeholders, and filters say their values in words', async ({
  page,
  roadcam,
}, testInfo) => {
  await page.goto(`${roadcam.url}#/downloads`);
  const state = page.getByRole('textbox', { name: en.t('downloads.filters.state') }).first();
  await state.fill('CO');
  const colours = await state.evaluate((el) => ({
    typed: getComputedStyle(el).color,
    placeholder: getComputedStyle(el, '::placeholder').color,
  }));
  const grey = (rgb: string) =>
    rgb
      .match(/\d+/g)!
      .slice(0, 3)
      .map(Number)
      .reduce((a, b) => a + b);
  // At least a third darker: typed text reads as typed, not as an example.
  expect(grey(colours.typed)).toBeLessThan(grey(colours.placeholder) * 0.67);
  const statuses = await page
    .getByRole('combobox', { name: en.t('downloads.col.status'), exact: true })
    .locator('option')
    .allTextContents();
  expect(statuses).toEqual([
    en.t('downloads.filters.any'),
    en.t('downloads.recording.complete'),
    en.t('downloads.recording.submitted'),
    en.t('downloads.recording.failed'),
  ]);

  await openView(page, roadcam.url, '#/alerts');
  const filters = page.getByRole('form', { name: en.t('alerts.filters') });
  const urgency = en.t('search.sort.urgency');
  const certainty = en.t('search.sort.certainty');
  const severity = en.t('search.sort.severity');
  await expect(filters.getByLabel(urgency).locator('option')).not.toHaveCount(0);
  const options = async (name: string) =>
    filters.getByLabel(name).locator('option').allTextContents();
  expect(await options(urgency)).toContain(en.t('alerts.urgency.unknown'));
  expect(await options(certainty)).toContain(en.t('alerts.certainty.unknown'));
  expect(await options(severity)).toContain(en.t('alerts.severity.unknown'));
  for (const name of [urgency, certainty, severity]) {
    for (const text of await options(name)) expect(text).not.toMatch(/_/);
  }
  await filters.getByLabel(urgency).selectOption({ label: en.t('alerts.urgency.unknown') });
  await page.screenshot({ path: testInfo.outputPath('alert-filters.png') });
});
