/**
 * A newcomer's first hour with the forms: a value a setting refuses is said at its field, in
 * words, stays typed there and is not reported saved (and a reload shows the old value); a good
 * value is saved; disabled buttons look disabled; the route's default buffer reads round in
 * miles; filters show words, not the interface's values.
 */
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, openView, test } from './fixtures.ts';

// en-US reads distances in miles: the route's default buffer must read round in them.
test.use({ locale: 'en-US' });

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
  const network = page.getByRole('region', { name: 'Network' });
  const deadline = network.getByLabel(/^Answer deadline/);
  await expect(deadline).toHaveValue('60');

  await typeAndEnter(deadline, '-5');
  await expect(deadline).toHaveAttribute('aria-invalid', 'true');
  await expect(deadline).toHaveAccessibleDescription(
    'Give the service at least 5 seconds to answer: type 5 or more.',
  );
  await expect(deadline).toHaveValue('-5');
  await expect(network.getByText('Saved.')).toHaveCount(0);
  await expectNoRawRefusal(page);

  // Said as it is typed, before any Enter.
  const prefs = page.getByRole('region', { name: 'Preferences' });
  const refresh = prefs.getByLabel('Live image refresh (seconds)');
  await refresh.fill('1');
  await expect(refresh).toHaveAccessibleDescription(
    'Refresh at most every 2 seconds: type 2 or more.',
  );
  await refresh.fill('5');
  await expect(refresh).toHaveAttribute('aria-invalid', 'false');
  await refresh.press('Enter');
  await expect(refresh).toHaveAccessibleDescription('Saved.');
  // Another setting saved meanwhile: the refused value is still there, still marked.
  await expect(deadline).toHaveValue('-5');
  await expect(deadline).toHaveAttribute('aria-invalid', 'true');

  // Settings that reach the machine are checked at the field too, and stay as typed.
  const storage = page.getByRole('region', { name: 'Storage and downloads' });
  const tiles = storage.getByLabel('Map tiles URL (empty: outlines only)');
  await typeAndEnter(tiles, 'ftp://x/{z}');
  await expect(tiles).toHaveAttribute('aria-invalid', 'true');
  await expect(tiles).toHaveAccessibleDescription(/^Type an address starting with https:\/\//);
  await expect(tiles).toHaveValue('ftp://x/{z}');
  const folder = storage.getByLabel('Download folder');
  await typeAndEnter(folder, 'downloads/here');
  await expect(folder).toHaveAttribute('aria-invalid', 'true');
  await expect(folder).toHaveAccessibleDescription(/^Type the full path of a folder/);
  await expect(folder).toHaveValue('downloads/here');
  await expectNoRawRefusal(page);
  await deadline.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-refused.png'), fullPage: true });
  expect((await seriousViolations(page)).join('\n')).toBe('');

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Network' }).getByLabel(/^Answer deadline/),
  ).toHaveValue('60');
  await expect(page.getByLabel('Live image refresh (seconds)')).toHaveValue('5');
  await expect(page.getByLabel('Download folder')).toHaveValue('');
});

test('a new account is checked at its fields before it is sent', async ({
  page,
  roadcam,
}, testInfo) => {
  await page.goto(`${roadcam.url}#/settings`);
  const form = page.getByRole('form', { name: 'Add an account' });
  const baseUrl = form.getByLabel('Base URL');
  await baseUrl.fill('ftp://service.example');
  await expect(baseUrl).toHaveAccessibleDescription(/^Type the service's address, starting with/);
  await form.getByLabel('Name').fill('my work');
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Client id')).toHaveAccessibleDescription(
    'Type the client id your service gave you.',
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
  const save = page.getByRole('button', { name: 'Save route' });
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
  await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCSS('cursor', 'not-allowed');

  await expect(page.getByLabel('Buffer (mi)')).toHaveValue('0.5');
  const link = page.getByLabel('Link to this route');
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
  const state = page.getByRole('textbox', { name: 'State' }).first();
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
    .getByRole('combobox', { name: 'Status', exact: true })
    .locator('option')
    .allTextContents();
  expect(statuses).toEqual(['Any', 'Complete', 'Being made', 'Failed']);

  await openView(page, roadcam.url, '#/alerts');
  const filters = page.getByRole('form', { name: 'Alert filters' });
  await expect(filters.getByLabel('Urgency').locator('option')).not.toHaveCount(0);
  const options = async (name: string) =>
    filters.getByLabel(name).locator('option').allTextContents();
  expect(await options('Urgency')).toContain('Urgency not given');
  expect(await options('Certainty')).toContain('Certainty not given');
  expect(await options('Severity')).toContain('Severity not given');
  for (const name of ['Urgency', 'Certainty', 'Severity']) {
    for (const text of await options(name)) expect(text).not.toMatch(/_/);
  }
  await filters.getByLabel('Urgency').selectOption({ label: 'Urgency not given' });
  await page.screenshot({ path: testInfo.outputPath('alert-filters.png') });
});
