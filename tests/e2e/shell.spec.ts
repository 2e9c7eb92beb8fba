import { startRoadcam, test, expect } from './fixtures.ts';
import { say, sayWithin, VIEW_KEYS } from './say.ts';

const views = VIEW_KEYS;

test('every view opens from its navigation entry', async ({ page, roadcam }, testInfo) => {
  await page.goto(roadcam.url);
  const nav = page.getByRole('navigation', { name: say('nav.label') });
  for (const key of views) {
    const name = say(key);
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.screenshot({ path: testInfo.outputPath(`${key.replace('.', '-')}.png`) });
  }
});

test("each view's code loads when the view is first shown: the map without the wall's hls.js", async ({
  page,
  roadcam,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${roadcam.url}#/map`);
  await expect(page.getByRole('heading', { level: 1, name: say('view.map') })).toBeVisible();
  expect(scripts.some((path) => /\/MapView-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => /\/WallView-[\w-]+\.js$/.test(path))).toEqual([]);
  const nav = page.getByRole('navigation', { name: say('nav.label') });
  await nav.getByRole('link', { name: say('view.wall'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('view.wall') })).toBeVisible();
  expect(scripts.filter((path) => /\/WallView-[\w-]+\.js$/.test(path))).toHaveLength(1);
  // Back and forth: each chunk was fetched once.
  await nav.getByRole('link', { name: say('view.map'), exact: true }).click();
  await nav.getByRole('link', { name: say('view.wall'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('view.wall') })).toBeVisible();
  expect(scripts.filter((path) => /\/(Map|Wall)View-[\w-]+\.js$/.test(path))).toHaveLength(2);
});

test('the status bar shows the demo service, the token and online state', async ({
  page,
  roadcam,
}) => {
  await page.goto(roadcam.url);
  const bar = page.getByRole('contentinfo', { name: say('shell.status') });
  await expect(bar.getByTestId('status-service')).toContainText(say('settings.connection.demo'));
  await expect(bar.getByTestId('status-online')).toHaveText(sayWithin('shell.status.online'));
  await expect(bar.getByTestId('status-token')).toHaveText(
    new RegExp(
      `${sayWithin('shell.status.token').source}|${sayWithin('shell.status.noToken').source}`,
    ),
  );
});

test('a setting changed in the UI is saved by the main process and survives a reload', async ({
  page,
  roadcam,
}) => {
  await page.goto(`${roadcam.url}#/settings`);
  const field = page.getByLabel(say('settings.concurrency'));
  await expect(field).toHaveValue('3');
  await field.fill('7');
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: say('common.saved') })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(say('settings.concurrency'))).toHaveValue('7');
});

test('an invalid setting is refused at its field, in words from its limits', async ({
  page,
  roadcam,
}) => {
  await page.goto(`${roadcam.url}#/settings`);
  const field = page.getByLabel(say('settings.concurrency'));
  await field.fill('99');
  await field.press('Enter');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    say('settings.rule.concurrencyHigh', { max: 16 }),
  );
  // The validator's own English never reaches the page, in any language.
  await expect(page.getByText(/Invalid input/)).toHaveCount(0);
});

test('a page opened without the token says what to do, and its calls are refused', async ({
  page,
  roadcam,
}) => {
  const bare = roadcam.url.replace(/\?token=.*/, '');
  await page.goto(bare);
  await expect(page.getByRole('alert')).toContainText(say('web.needsToken'));
  await expect(page.getByRole('navigation', { name: say('nav.label') })).toHaveCount(0);
  const media = await page.evaluate(async () => (await fetch('/media/cameras/C1/live')).status);
  expect(media).toBe(401);
});

test('an unreachable service is shown as offline', async ({ page }) => {
  const host = await startRoadcam(['--base-url', 'http://127.0.0.1:9', '--client-id', 'someone'], {
    ROADCAM_CLIENT_SECRET: 'not-a-real-secret',
  });
  try {
    await page.goto(host.url);
    const bar = page.getByRole('contentinfo', { name: say('shell.status') });
    await expect(bar.getByTestId('status-service')).toContainText('http://127.0.0.1:9');
    await expect(bar.getByTestId('status-online')).toHaveText(sayWithin('shell.status.offline'));
    expect(host.output()).not.toContain('not-a-real-secret');
  } finally {
    await host.stop();
  }
});
