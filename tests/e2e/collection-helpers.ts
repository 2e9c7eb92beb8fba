/**
 * The collection grid in browser mode as a user scrolls it: the grid renders only the rows near
 * the view.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The cell of image `index` (from 0), scrolled to with the wheel: the grid renders only the
 * rows near the view.
 */
export async function cellAt(page: Page, index: number) {
  const cell = page.locator(`[data-testid="thumb"][aria-posinset="${index + 1}"]`);
  for (let i = 0; i < 100 && (await cell.count()) === 0; i++) {
    const first = Number(await page.getByTestId('thumb').first().getAttribute('aria-posinset'));
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, index + 1 < first ? -300 : 300);
  }
  return cell;
}

/** Scrolls through the grid until the end is reached, each thumbnail loaded on the way. */
export async function browseAll(page: Page, expected: number): Promise<void> {
  for (let i = 0; i < expected; i++) {
    const img = (await cellAt(page, i)).locator('img');
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
        message: `thumbnail ${i + 1} loads`,
      })
      .toBe(256);
  }
  await expect(page.getByText(`All ${expected} images shown.`)).toBeVisible();
}

/** In the Add an image dialog: the words typed in a finder (`label`), its first answer chosen. */
export async function chooseFound(page: Page, label: string, words: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(words);
  await page
    .getByRole('radiogroup', { name: `${label}: results` })
    .getByRole('radio')
    .first()
    .check();
}
