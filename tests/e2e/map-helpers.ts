import type { Locator, Page } from '@playwright/test';
import type { CatalogueLanguage } from '../../src/shared/i18n/languages.ts';
import type { MessageKey, MessageParamsOf } from '../../src/shared/i18n/translator.ts';
import { E2E_LANGUAGE, say, translatorFor } from './say.ts';

/** A string parameter a spec does not know (an id the app makes, an age): any text there. */
export const ANY_TEXT = '\u{E000}';
/** A count a spec does not know: any number there (said in the plural's "other" form). */
export const ANY_NUMBER = 987_654;
const ANY_NUMBER_SAID = ANY_NUMBER.toLocaleString('en-US'); // en-XA formats numbers as English

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message as a pattern inside longer text, with `ANY_TEXT` and `ANY_NUMBER` parameters
 * matching whatever the app put there (each one a capture group, in the message's order).
 */
export function sayAround<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): RegExp {
  const pattern = escape(say(key, ...params))
    .split(escape(ANY_TEXT))
    .join('(.+?)')
    .split(escape(ANY_NUMBER_SAID))
    .join('(\\d[\\d,]*)');
  return new RegExp(pattern);
}

/** A message up to where its `ANY_TEXT` parameter goes: the start a title or name begins with. */
export function sayUpTo<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): string {
  return say(key, ...params).split(ANY_TEXT)[0]!;
}

/** A camera's close-up marker on the map, found by its title ("Camera <id>…"). */
export function cameraPin(page: Page, id: string): Locator {
  const start = sayUpTo('map.marker.camera', { id: ANY_TEXT, video: 'false', description: '' });
  return page.locator(`.camera-pin[title^="${start}${id}"]`);
}

/**
 * What the search panel says once an area is watched ("Watching "<name>": 2 current alerts. …"),
 * whatever the count of alerts in it.
 */
export function watchingArea(name: string): RegExp {
  const said = [
    sayAround('search.watch.added', { name, count: 1 }),
    sayAround('search.watch.added', { name, count: ANY_NUMBER }),
    sayAround('search.watch.addedNoCount', { name }),
  ];
  return new RegExp(said.map((pattern) => pattern.source).join('|'));
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
