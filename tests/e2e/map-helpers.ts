import type { Page } from '@playwright/test';

/**
 * On the Map: draws a square over the middle of the map and asks to watch it for alerts under
 * `name` (the caller checks what the page says of it).
 */
export async function watchDrawnSquare(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Draw polygon' }).click();
  const box = (await page.getByRole('application', { name: 'Map' }).boundingBox())!;
  for (const [fx, fy] of [
    [0.2, 0.2],
    [0.8, 0.2],
    [0.8, 0.8],
    [0.2, 0.8],
  ] as const) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await page.waitForTimeout(400); // never two clicks close enough to read as a double click
  }
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('button', { name: 'Watch this area for alerts' }).click();
  const form = page.getByRole('form', { name: 'Watch this area' });
  await form.getByLabel('Area name').fill(name);
  await form.getByRole('button', { name: 'Watch' }).click();
}
