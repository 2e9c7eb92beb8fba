/**
 * The collection grid in browser mode as a user scrolls it: the grid renders only the rows near
 * the view.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { say } from './say.ts';
import { ANY_NUMBER, sayPattern } from './say-pattern.ts';

/** The widest thumbnail the app makes (THUMBNAIL_WIDTHS); a cell decodes no more than it shows. */
const THUMBNAIL_WIDTH = 768;

/**
 * How many pixels wide an image of the collections' views (DecodedImage: a canvas in a box of
 * role img, which says it) was decoded, once it is drawn; 0 before.
 */
export function decodedWidth(image: Locator): Promise<number> {
  return image.evaluate((el: HTMLElement) => Number(el.dataset['loaded'] ?? 0));
}

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
    const img = (await cellAt(page, i)).getByRole('img');
    await img.scrollIntoViewIfNeeded();
    // Made and decoded at the cell's size on this screen.
    const fits = () =>
      img.evaluate((el: HTMLElement, most) => {
        const shown = Math.min(most, el.getBoundingClientRect().width * devicePixelRatio);
        // Within a pixel: the grid computes the cell's width, layout rounds it to 1/64 px.
        return Math.abs(Number(el.dataset['loaded'] ?? 0) - shown) <= 1;
      }, THUMBNAIL_WIDTH);
    await expect.poll(fits, { message: `thumbnail ${i + 1} loads` }).toBe(true);
  }
  await expect(page.getByText(say('collections.allShown', { count: expected }))).toBeVisible();
}

/** The count of a recording's frames ("24 frames"), listed once the recording is chosen. */
export const framesListed = sayPattern(
  'collections.add.frames',
  { count: ANY_NUMBER },
  { anchor: 'whole' },
);

/** In the Add an image dialog: the words typed in a finder (`label`), its first answer chosen. */
export async function chooseFound(page: Page, label: string, words: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(words);
  await page
    .getByRole('radiogroup', { name: say('collections.pick.results', { label }) })
    .getByRole('radio')
    .first()
    .check();
}
