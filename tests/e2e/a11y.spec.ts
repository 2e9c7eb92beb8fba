/**
 * Accessibility, checked by an independent engine (axe-core, injected into the page): every
 * view, in the states a user sees most, has no critical or serious violation. A violation
 * prints its rule, its help and the elements at fault.
 */
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { say } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

// Evaluated rather than added as a script tag: the app's content security policy (rightly)
// refuses scripts it did not ship.
const views = ['map', 'route', 'wall', 'downloads', 'collections', 'alerts', 'settings'] as const;

for (const view of views) {
  test(`the ${view} view has no critical or serious accessibility violation (axe-core)`, async ({
    page,
    roadcam,
  }) => {
    await page.goto(`${roadcam.url}#/${view}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });
}

test('the map with results and a camera panel open, and the wall with its tiles, have none either', async ({
  page,
  roadcam,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${roadcam.url}#/map`);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const results = page
    .getByRole('list', { name: say('search.results.label') })
    .locator('[data-id]');
  await results.first().click();
  await expect(page.getByTestId('camera-panel')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await seriousViolations(page)).join('\n'), 'map').toBe('');

  const ids = await results.evaluateAll((rows) =>
    rows.slice(0, 4).map((row) => (row as HTMLElement).dataset['id']!),
  );
  await page.goto(
    `${roadcam.url}#/wall?cameras=${ids.map(encodeURIComponent).join(',')}&layout=2x2`,
  );
  await expect(page.locator('[data-tile]')).toHaveCount(4);
  await expect(page.locator('[data-tile][data-state="live"]').first()).toBeVisible({
    timeout: 45_000,
  });
  expect((await seriousViolations(page)).join('\n'), 'wall').toBe('');
});

test("an alert's detail has none either", async ({ page, roadcam }) => {
  await page.goto(`${roadcam.url}#/alerts`);
  await page
    .getByRole('radiogroup', { name: say('alerts.period') })
    .getByText(say('alerts.period.expired'))
    .click();
  // The expired list has replaced the current one (a click on the old list can be lost).
  const first = page.getByRole('list').getByRole('button').first();
  await expect(first).toContainText(sayPattern('alerts.ended', { time: ANY_TEXT }));
  await first.click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
  expect((await seriousViolations(page)).join('\n')).toBe('');
});

test("a recording's detail has none either", async ({ page, roadcam }) => {
  await page.goto(`${roadcam.url}#/downloads`);
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  await page.getByRole('link', { name: /^rec_/ }).first().click();
  const heading = sayPattern('downloads.detail.title', { id: /rec_.*/ }, { anchor: 'start' });
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByLabel(say('downloads.detail.addTags'))).toBeVisible();
  expect((await seriousViolations(page)).join('\n')).toBe('');
});
