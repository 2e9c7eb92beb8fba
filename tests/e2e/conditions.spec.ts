/**
 * Road conditions in the Alerts view, in a real Chromium: a watch over the demo world, its
 * changes, one change's before and after previews side by side (the view a notification
 * opens), the last 48 hours from the snapshots with the slots the service has none for, and
 * no critical or serious accessibility violation (axe-core).
 */
import { resolve } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

/** The image has loaded (a broken one has no natural width). */
async function loaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
}

test('a condition watch shows a change before and after, side by side', async ({
  page,
  roadcam,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`${roadcam.url}#/alerts`);
  const card = page.getByRole('region', { name: 'Road conditions' });
  const form = card.getByRole('form', { name: 'Watch road conditions' });
  await form.getByLabel('Name').fill('The whole demo world');
  await form.getByLabel('Cameras or area').fill('-179,-80,179,80');
  await form.getByRole('button', { name: 'Watch' }).click();
  await expect(card.getByText('The whole demo world')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/observations up to/)).toBeVisible();

  await card.getByRole('button', { name: 'Changes' }).click();
  await expect(page).toHaveURL(/#\/alerts\/conditions\/\d+$/);
  const change = page.getByRole('article');
  await expect(change.getByRole('heading', { level: 3 })).toBeVisible({ timeout: 30_000 });

  // The second change in the list, opened as a notification opens it: by its route.
  const noticed = page.getByRole('button', { pressed: false }).filter({ hasText: '→' });
  const second = noticed.first();
  const words = (await second.locator('strong').textContent())!;
  await second.click();
  await expect(page).toHaveURL(/#\/alerts\/conditions\/\d+\/\d+$/);
  await expect(change.getByRole('heading', { level: 3 })).toContainText(words);

  const before = change.getByRole('img', { name: /^Before: / });
  const after = change.getByRole('img', { name: /^After: / });
  await loaded(before);
  await loaded(after);
  const [b, a] = [(await before.boundingBox())!, (await after.boundingBox())!];
  expect(Math.abs(b.y - a.y)).toBeLessThan(2);
  expect(a.x).toBeGreaterThanOrEqual(b.x + b.width);
  await expect(change.getByText(/^Before: /)).toBeVisible();
  await expect(change.getByText(/^After: /)).toBeVisible();

  await page.getByRole('button', { name: 'Show the last 48 hours' }).click();
  const summary = page.getByRole('status').filter({ hasText: /over 288 slots/ });
  await expect(summary).toContainText(/the service had no snapshot for \d+ of them/, {
    timeout: 120_000,
  });

  await page.waitForLoadState('networkidle');
  expect((await seriousViolations(page)).join('\n')).toBe('');
  await page.screenshot({
    path: resolve(import.meta.dirname, '../../docs/screenshots/conditions.png'),
  });
});
