/**
 * Road conditions in the Alerts view, in a real Chromium: a watch over the demo world, its
 * changes, one change's before and after previews side by side (the view a notification
 * opens), the last 48 hours from the snapshots with the slots the service has none for, and
 * no critical or serious accessibility violation (axe-core).
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { docsScreenshot, say } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, eitherOf, sayPattern } from './say-pattern.ts';

const BEFORE = say('search.sensor.before');
const AFTER = say('alerts.after');

/** A side's image: "Before: Wet, camera A" (its value and camera are the service's). */
function sideImage(side: string): RegExp {
  return sayPattern('alerts.sideAlt', { side, value: ANY_TEXT, id: ANY_TEXT }, { anchor: 'start' });
}

/** A side's caption: "Before: Wet". */
function sideCaption(side: string): RegExp {
  return sayPattern('alerts.side', { side, value: ANY_TEXT }, { anchor: 'start' });
}

/** "N changes at N cameras over 288 slots", whatever the counts. */
function historySummary(): RegExp {
  const counts = [1, ANY_NUMBER];
  const forms = counts.flatMap((changes) =>
    counts.map((cameras) => sayPattern('alerts.changes.summary', { changes, cameras, slots: 288 })),
  );
  return eitherOf(...forms);
}

/** "; the service had no snapshot for N of them (…)", whatever N and the times. */
function missingSlots(): RegExp {
  const times = { first: ANY_TEXT, last: ANY_TEXT };
  return eitherOf(
    sayPattern('alerts.changes.missing', { count: 1, first: ANY_TEXT, last: '' }),
    sayPattern('alerts.changes.missing', { count: ANY_NUMBER, ...times }),
  );
}

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
  const card = page.getByRole('region', { name: say('alerts.conditions') });
  const form = card.getByRole('form', { name: say('alerts.conditions.form') });
  await form.getByLabel(say('search.sort.name')).fill('The whole demo world');
  await form.getByLabel(say('alerts.conditions.where')).fill('-179,-80,179,80');
  await form.getByRole('button', { name: say('search.watch.submit') }).click();
  await expect(card.getByText('The whole demo world')).toBeVisible({ timeout: 60_000 });
  const checked = sayPattern('alerts.conditions.checkedUntil', { time: ANY_TEXT });
  await expect(card.getByText(checked)).toBeVisible();

  await card.getByRole('button', { name: say('alerts.conditions.changes') }).click();
  await expect(page).toHaveURL(/#\/alerts\/conditions\/\d+$/);
  const change = page.getByRole('article');
  await expect(change.getByRole('heading', { level: 3 })).toBeVisible({ timeout: 30_000 });

  // The second change in the list, opened as a notification opens it: by its route. Its values
  // before and after stand either side of an arrow, in every language.
  const noticed = page.getByRole('button', { pressed: false }).filter({ hasText: '→' });
  const second = noticed.first();
  const words = (await second.locator('strong').textContent())!;
  await second.click();
  await expect(page).toHaveURL(/#\/alerts\/conditions\/\d+\/\d+$/);
  await expect(change.getByRole('heading', { level: 3 })).toContainText(words);

  const before = change.getByRole('img', { name: sideImage(BEFORE) });
  const after = change.getByRole('img', { name: sideImage(AFTER) });
  await loaded(before);
  await loaded(after);
  const [b, a] = [(await before.boundingBox())!, (await after.boundingBox())!];
  expect(Math.abs(b.y - a.y)).toBeLessThan(2);
  expect(a.x).toBeGreaterThanOrEqual(b.x + b.width);
  await expect(change.getByText(sideCaption(BEFORE))).toBeVisible();
  await expect(change.getByText(sideCaption(AFTER))).toBeVisible();

  await page.getByRole('button', { name: say('alerts.changes.showHistory') }).click();
  const summary = page.getByRole('status').filter({ hasText: historySummary() });
  await expect(summary).toContainText(missingSlots(), {
    timeout: 120_000,
  });

  await page.waitForLoadState('networkidle');
  expect((await seriousViolations(page)).join('\n')).toBe('');
  await page.screenshot({
    path: docsScreenshot('conditions.png'),
  });
});
