import { expect, startRoadcam, test } from './fixtures.ts';

// Settings > Network on the demo service: the connection check lists every finding and can be
// copied; a proxy address that cannot work is refused there, saying why, and browser mode's page
// may not change the proxy at all (its user runs `roadcam settings set`).
test('"Check connection" reports each step; a wrong proxy, and any proxy change from the page, is refused in words', async ({
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
    await page.screenshot({ path: testInfo.outputPath('settings-network-error.png') });
    // The proxy reaches the machine: browser mode's page may not change it, and is told how.
    await network.getByRole('radio', { name: 'No proxy' }).click();
    await expect(network.getByRole('alert')).toHaveText(
      /^Not changed: in browser mode the page cannot change the proxy\. Change it with the command "roadcam settings set proxyMode VALUE"/,
    );
    // The choice shown is the one in force.
    await expect(network.getByRole('radio', { name: /^From the environment/ })).toBeChecked();
    await expect(network.getByText('roadcam settings set proxyUrl VALUE')).toBeVisible();
    await network.getByRole('radio', { name: 'No proxy' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('settings-network-refused.png') });

    // So may the tile address and the download folder not: each says so at its field.
    const storage = page.getByRole('region', { name: 'Storage and downloads' });
    const tiles = storage.getByLabel('Map tiles URL (empty: outlines only)');
    await tiles.fill('http://127.0.0.1:2375/{z}/{x}/{y}.png');
    await tiles.press('Enter');
    await expect(storage.getByRole('alert')).toHaveText(
      /^Not changed: in browser mode the page cannot change the map tiles URL\./,
    );
    await expect(tiles).toHaveAttribute('aria-invalid', 'true');
    await expect(storage.getByLabel('Download folder')).toHaveAttribute('aria-invalid', 'false');
    await storage.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('settings-storage-refused.png') });
  } finally {
    await host.stop();
  }
});
