import { expect, startRoadcam, test } from './fixtures.ts';
import { say, sayWithin } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

/** The findings the report lists, each by its topic's name. */
const TOPICS = [
  'connection.topic.proxy',
  'connection.topic.reach',
  'connection.topic.cameras',
  'connection.topic.collections',
  'connection.topic.token',
  'connection.topic.clock',
] as const;

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
    const network = page.getByRole('region', { name: say('settings.network') });
    await network.getByRole('button', { name: say('settings.network.check') }).click();
    const findings = network.getByRole('list', { name: say('settings.network.report') });
    for (const key of TOPICS) {
      const topic = say(key);
      await expect(findings.getByRole('listitem').filter({ hasText: topic }).first()).toBeVisible({
        timeout: 30_000,
      });
    }
    await expect(network.getByText(say('settings.network.allWork'))).toBeVisible();
    await network.getByRole('button', { name: say('settings.network.copy') }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // English: the copied report is the core's, English on purpose for support as in the
    // diagnostics bundle (src/engine/connection/check.ts reportText), whatever the page speaks.
    expect(copied).toMatch(/^Roadcam connection report/);
    expect(copied).toMatch(/ok {3}Cameras: reached/);
    await findings.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('settings-network.png') });

    await network.getByRole('radio', { name: say('settings.network.manual') }).check();
    await network.getByLabel(say('settings.network.address')).fill('socks5://127.0.0.1:1080');
    await network.getByLabel(say('settings.network.address')).press('Enter');
    await network.getByLabel(say('settings.network.address')).blur();
    // English: "not supported" is the engine's sentence (src/engine/net/proxy.ts), in the
    // catalogue once the network layer's words are; the field's rule is the page's.
    await expect(network.getByRole('alert')).toContainText(
      new RegExp(`not supported|${sayWithin('settings.rule.proxy').source}`),
    );
    await page.screenshot({ path: testInfo.outputPath('settings-network-error.png') });
    // The proxy reaches the machine: browser mode's page may not change it, and is told how.
    await network.getByRole('radio', { name: say('settings.network.none') }).click();
    await expect(network.getByRole('alert')).toHaveText(
      sayPattern(
        'consent.change.unasked',
        {
          count: 1,
          setting: 'proxyMode',
          second: 'none',
          commands: say('consent.command', { setting: 'proxyMode' }),
          policy: ANY_TEXT,
        },
        { anchor: 'start' },
      ),
    );
    // The choice shown is the one in force.
    await expect(
      network.getByRole('radio', { name: say('settings.network.environment') }),
    ).toBeChecked();
    await expect(
      network.getByText(`roadcam settings set proxyUrl ${say('settings.consent.value')}`),
    ).toBeVisible();
    await network
      .getByRole('radio', { name: say('settings.network.none') })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('settings-network-refused.png') });

    // So may the tile address and the download folder not: each says so at its field.
    const storage = page.getByRole('region', { name: say('settings.storage') });
    const tiles = storage.getByLabel(say('settings.storage.tiles'));
    await tiles.fill('http://127.0.0.1:2375/{z}/{x}/{y}.png');
    await tiles.press('Enter');
    await expect(storage.getByRole('alert')).toHaveText(
      sayPattern(
        'consent.change.unasked',
        { count: 1, setting: 'tileUrl', second: 'none', commands: ANY_TEXT, policy: ANY_TEXT },
        { anchor: 'start' },
      ),
    );
    await expect(tiles).toHaveAttribute('aria-invalid', 'true');
    await expect(storage.getByLabel(say('settings.storage.folder'))).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    await storage.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('settings-storage-refused.png') });
  } finally {
    await host.stop();
  }
});
