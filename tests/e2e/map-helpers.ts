import type { Locator, Page } from '@playwright/test';
import type { CatalogueLanguage } from '../../src/shared/i18n/languages.ts';
import { E2E_LANGUAGE, escapePattern, say, translatorFor } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, eitherOf, sayPattern } from './say-pattern.ts';

/** A camera's close-up marker on the map, found by its title ("Camera <id>…"). */
export function cameraPin(page: Page, id: string): Locator {
  const start = sayPattern(
    'map.marker.camera',
    { id: ANY_TEXT, video: 'false', description: '' },
    { anchor: 'start', before: 'id' },
  );
  return page
    .locator('.camera-pin')
    .and(page.getByTitle(new RegExp(`${start.source}${escapePattern(id)}`)));
}

/**
 * What the search panel says once an area is watched ("Watching "<name>": 2 current alerts. …"),
 * whatever the count of alerts in it.
 */
export function watchingArea(name: string): RegExp {
  return eitherOf(
    sayPattern('search.watch.added', { name, count: 1 }),
    sayPattern('search.watch.added', { name, count: ANY_NUMBER }),
    sayPattern('search.watch.addedNoCount', { name }),
  );
}

/** A road weather menu of the search's sensor filter, by its name ("Road weather minimum"). */
export const roadWeatherMenu = (
  key:
    | 'search.sensor.filter'
    | 'search.sensor.min'
    | 'search.sensor.max'
    | 'search.sensor.prevMin'
    | 'search.sensor.prevMax'
    | 'search.sensor.currentMin',
): string => say(key, { sensor: say('map.sensor.road_weather') });

/** The Alerts view's status line beside its list: how many alerts it found. */
export const alertsStatus = (page: Page): Locator =>
  page.getByLabel(say('alerts.list')).getByRole('status');

/** The Alerts view's first page (src/renderer/alerts/alert-params.ts: ALERT_PAGE). */
const ALERT_PAGE = 100;

/** "12 alerts" as the status line says it, with ", 100 shown" while the list holds fewer. */
export function alertCount(count: number, shown = Math.min(count, ALERT_PAGE)): string {
  return say('alerts.total', { count, shown, more: String(count > shown) });
}

/**
 * On the Map: draws a square over the middle of the map and asks to watch it for alerts under
 * `name` (the caller checks what the page says of it). The page speaks `language`: the suite's
 * unless the caller set the app's language itself.
 */
export async function watchDrawnSquare(
  page: Page,
  name: string,
  language: CatalogueLanguage = E2E_LANGUAGE,
): Promise<void> {
  const words = translatorFor(language);
  await page.getByRole('button', { name: words.t('search.draw.polygon') }).click();
  const box = (await page.getByRole('application', { name: words.t('view.map') }).boundingBox())!;
  for (const [fx, fy] of [
    [0.2, 0.2],
    [0.8, 0.2],
    [0.8, 0.8],
    [0.2, 0.8],
  ] as const) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await page.waitForTimeout(400); // never two clicks close enough to read as a double click
  }
  await page.getByRole('button', { name: words.t('search.draw.finish') }).click();
  await page.getByRole('button', { name: words.t('search.watch.open') }).click();
  const form = page.getByRole('form', { name: words.t('search.watch.form') });
  await form.getByLabel(words.t('search.watch.name')).fill(name);
  await form.getByRole('button', { name: words.t('search.watch.submit') }).click();
}
