import type { Page } from '@playwright/test';
import { DEMO_CLIENT } from '../../src/service/index.ts';
import { expect, test } from './fixtures.ts';
import { alertCount, alertsStatus, watchDrawnSquare, watchingArea } from './map-helpers.ts';
import { say } from './say.ts';

/** The embedded service's address, as Settings shows it. */
async function serviceUrl(page: Page, appUrl: string): Promise<string> {
  await page.goto(`${appUrl}#/settings`);
  const address = page.getByRole('region', { name: say('settings.connection') }).locator('code');
  await expect(address).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
  return (await address.textContent())!;
}

/** Asks the demo service itself, as an independent check of what the view shows. */
async function serviceTotal(baseUrl: string, query: string): Promise<number> {
  const tokenResponse = await fetch(`${baseUrl}/v1/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT.id,
      client_secret: DEMO_CLIENT.secret,
    }),
  });
  const { access_token } = (await tokenResponse.json()) as { access_token: string };
  const answer = await fetch(`${baseUrl}/v1/alerts?limit=1&${query}`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  return ((await answer.json()) as { properties: { total: number } }).properties.total;
}

test('the Alerts view lists current and expired alerts as the service counts them', async ({
  page,
  roadcam,
}, testInfo) => {
  const baseUrl = await serviceUrl(page, roadcam.url);
  const [current, expired] = await Promise.all([
    serviceTotal(baseUrl, ''),
    serviceTotal(baseUrl, 'expired=true'),
  ]);
  expect(current + expired).toBeGreaterThan(0);

  await page
    .getByRole('navigation', { name: say('nav.label') })
    .getByRole('link', { name: say('view.alerts'), exact: true })
    .click();
  const status = alertsStatus(page);
  await expect(status).toContainText(alertCount(current));
  await page.screenshot({ path: testInfo.outputPath('alerts-current.png') });

  await page
    .getByRole('radiogroup', { name: say('alerts.period') })
    .getByText(say('alerts.period.expired'))
    .click();
  await expect(status).toContainText(alertCount(expired));

  const first = page.getByRole('list').getByRole('button').first();
  const event = (await first.locator('strong').textContent())!;
  await first.click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(detail).toContainText(event);
  await page.screenshot({ path: testInfo.outputPath('alerts-detail.png') });

  await detail.getByRole('button', { name: say('alerts.close') }).click();
  await expect(page.getByRole('heading', { name: say('alerts.watched') })).toBeVisible();
});

test('an area drawn on the map is watched for alerts', async ({ page, roadcam }, testInfo) => {
  await page.goto(`${roadcam.url}#/map`);
  await watchDrawnSquare(page, 'Middle of the map');
  await expect(
    page.getByRole('status').filter({ hasText: watchingArea('Middle of the map') }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map-watch-area.png') });

  await page.getByRole('link', { name: say('search.watch.seeAlerts') }).click();
  const watched = page.getByRole('region', { name: say('alerts.watched') });
  await expect(watched.getByRole('listitem')).toHaveCount(1);
  await expect(watched).toContainText('Middle of the map');
  await watched
    .getByRole('button', {
      name: say('alerts.watched.stop', { name: 'Middle of the map' }),
    })
    .click();
  await expect(watched.getByRole('listitem')).toHaveCount(0);
});
