import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLIENT, startService, type RunningService } from '../../src/service/index.ts';
import { expect, startRoadcam, test } from './fixtures.ts';

// Accounts need a keychain: npm test runs the e2e tests inside gnome-keyring's Secret Service.
test.skip(
  !process.env.DBUS_SESSION_BUS_ADDRESS,
  'SKIPPED: no D-Bus session, so no keychain for account secrets; run under npm test',
);

let service: RunningService;
let serviceDir: string;

test.beforeAll(async () => {
  serviceDir = mkdtempSync(join(tmpdir(), 'roadcam-e2e-service-'));
  service = await startService({ dataDir: serviceDir, cameras: 30, hours: 1 });
});
test.afterAll(async () => {
  await service.close();
  rmSync(serviceDir, { recursive: true, force: true });
});

test('an account is added, tested, chosen, and used after a restart', async ({
  page,
}, testInfo) => {
  const name = `e2e-${process.pid}`;
  const first = await startRoadcam(
    ['--demo-cameras', '30', '--demo-hours', '1'],
    {},
    { keepDataDir: true },
  );
  try {
    await page.goto(`${first.url}#/settings`);
    await expect(page.getByRole('region', { name: 'Demo mode' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add an account' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Base URL').fill(service.url);
    await form.getByLabel('Client id').fill(DEMO_CLIENT.id);
    await form.getByLabel('Client secret').fill(DEMO_CLIENT.secret);
    await form.getByRole('button', { name: 'Save account' }).click();

    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(service.url);
    await row.getByRole('button', { name: 'Test connection' }).click();
    await expect(row.getByRole('status')).toContainText('Connected as demo');
    await page.screenshot({ path: testInfo.outputPath('settings-accounts.png'), fullPage: true });

    await row.getByRole('button', { name: 'Use', exact: true }).click();
    await expect(page.getByText('Restart `npm run web` to switch')).toBeVisible();
    expect(await page.content()).not.toContain(DEMO_CLIENT.secret);
  } finally {
    await first.stop();
  }

  const second = await startRoadcam([], {}, { dataDir: first.dataDir });
  try {
    await page.goto(`${second.url}#/settings`);
    const bar = page.getByRole('contentinfo', { name: 'Status' });
    await expect(bar.getByTestId('status-service')).toContainText(service.url);
    await expect(bar.getByTestId('status-online')).toHaveText(/Online/);
    await expect(page.getByRole('region', { name: 'Demo mode' })).toBeHidden();
    await page
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    expect(second.output()).not.toContain(DEMO_CLIENT.secret);
  } finally {
    await second.stop();
  }
});
