import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLIENT, startService, type RunningService } from '../../src/service/index.ts';
import { expect, startRoadcam, test } from './fixtures.ts';
import { say, sayWithin } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

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
    await expect(page.getByRole('region', { name: say('settings.accounts.demo') })).toBeVisible();
    const form = page.getByRole('form', { name: say('settings.accounts.add') });
    await form.getByLabel(say('settings.accounts.name')).fill(name);
    await form.getByLabel(say('settings.accounts.baseUrl')).fill(service.url);
    await form.getByLabel(say('settings.accounts.clientId')).fill(DEMO_CLIENT.id);
    await form.getByLabel(say('settings.accounts.clientSecret')).fill(DEMO_CLIENT.secret);
    await form.getByRole('button', { name: say('settings.accounts.save') }).click();

    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(service.url);
    await row.getByRole('button', { name: say('settings.accounts.test') }).click();
    await expect(row.getByRole('status')).toContainText(connectedAs('demo'));
    await page.screenshot({ path: testInfo.outputPath('settings-accounts.png'), fullPage: true });

    await row.getByRole('button', { name: say('settings.accounts.use'), exact: true }).click();
    await expect(
      page.getByText(
        say('settings.accounts.restartWeb', { demo: 'no', name, command: 'npm run web' }),
      ),
    ).toBeVisible();
    expect(await page.content()).not.toContain(DEMO_CLIENT.secret);
  } finally {
    await first.stop();
  }

  const second = await startRoadcam([], {}, { dataDir: first.dataDir });
  try {
    await page.goto(`${second.url}#/settings`);
    const bar = page.getByRole('contentinfo', { name: say('shell.status') });
    await expect(bar.getByTestId('status-service')).toContainText(service.url);
    await expect(bar.getByTestId('status-online')).toHaveText(sayWithin('shell.status.online'));
    await expect(page.getByRole('region', { name: say('settings.accounts.demo') })).toBeHidden();
    await page
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('button', { name: say('settings.accounts.remove') })
      .click();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    expect(second.output()).not.toContain(DEMO_CLIENT.secret);
  } finally {
    await second.stop();
  }
});

/** "Connected as NAME", the words before the account's roles (its token's hours vary). */
function connectedAs(name: string): RegExp {
  const roles = ANY_TEXT;
  return sayPattern(
    'settings.accounts.connectedRoles',
    { name, roles, hours: 0 },
    { before: 'roles' },
  );
}
