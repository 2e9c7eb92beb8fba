import { expect, startRoadcam, test } from './fixtures.ts';

// Settings > Network on the demo service: the connection check lists every finding and can be
// copied; a proxy address that cannot work is refused there, saying why.
test('"Check connection" reports each step; a wrong proxy is refused in words', async ({
  page,
  context,
}, testInfo) => {
  const host = await startRoadcam(['--demo-cameras', '30', '--demo-hours', '1']);
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${host.url}#/settings`);
    const network = page.getByRole('region', { name: 'Network' });
    await network.getByRole('button', { name: 'Check connection' }).click();
    const findings = network.getByRole('list', { name: 'Connection report' });
    for (const topic of ['Proxy', 'Reach', 'Cameras', 'Collections', 'Token', 'Clock']) {
      await expect(findings.getByRole('listitem').filter({ hasText: topic }).first()).toBeVisible({
        timeout: 30_000,
      });
    }
    await expect(network.getByText('Everything checked works.')).toBeVisible();
    await network.getByRole('button', { name: 'Copy report' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Roadcam connection report/);
    expect(copied).toMatch(/ok {3}Cameras: reached/);
    await findings.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('settings-network.png') });

    await network.getByRole('radio', { name: 'This proxy' }).check();
    await network.getByLabel('Proxy address').fill('socks5://127.0.0.1:1080');
    await network.getByLabel('Proxy address').press('Enter');
    await network.getByLabel('Proxy address').blur();
    await expect(network.getByRole('alert')).toContainText(/not supported|http:\/\/host:port/);
    // The proxy setting in force did not change.
    await network.getByRole('radio', { name: 'No proxy' }).check();
    await expect(network.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-network-error.png') });
  } finally {
    await host.stop();
  }
});
