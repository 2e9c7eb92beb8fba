import { startFeedServer } from '../helpers/update-feed.ts';
import { expect, startRoadcam, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { say } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

// Settings › Updates in browser mode, against a local HTTPS feed written as electron-builder
// writes it: the app is not installed here, so the section says the desktop app manages
// updates, and Check now still reads the feed of the setting and says what it offers.
test('Updates: the feed of the setting, what it offers on each channel, never, a broken feed', async ({
  page,
}, testInfo) => {
  const feed = await startFeedServer({ tls: true });
  feed.publish('latest', '0.2.0');
  feed.publish('beta', '0.3.0-beta.1');
  // The feed and the CA that signed its certificate reach the machine: browser mode's page may
  // not set them, its user does, with the command line, before the start.
  const host = await startRoadcam(
    ['--demo-cameras', '30', '--demo-hours', '1'],
    {},
    {
      settings: { caFile: feed.caFile!, updateFeedUrl: feed.url },
    },
  );
  try {
    await page.goto(`${host.url}#/settings`);
    const updates = page.getByRole('region', { name: say('settings.updates') });
    await expect(updates.getByText(say('settings.updates.notInstalled'))).toBeVisible();
    const status = updates.getByRole('status', { name: say('settings.updates.status') });
    await expect(status).toContainText(say('updates.idle', { version: '0.1.0' }));
    const network = page.getByRole('region', { name: say('settings.network') });
    await expect(network.getByLabel(say('settings.network.ca'))).toHaveValue(feed.caFile!);

    const field = updates.getByLabel(say('settings.updates.feed'));
    await expect(field).toHaveValue(feed.url);
    await field.fill('http://updates.example.com/roadcam/');
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(feedRule);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Another https feed: the page is refused, in words that say how to change it instead.
    await field.fill('https://mirror.attacker.example/roadcam/');
    await field.press('Enter');
    await expect(updates.getByRole('alert')).toHaveText(feedNotChanged());
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(updates.getByText(feedRule)).toHaveCount(0);
    await expect(
      updates.getByText(say('settings.updates.version', { version: '0.1.0', feed: feed.url })),
    ).toBeVisible();
    await updates.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('updates-feed-refused.png') });
    expect(
      (
        await seriousViolations(page, page.locator('section[aria-labelledby="updates-heading"]'))
      ).join('\n'),
    ).toBe('');
    await field.fill(feed.url);

    await updates.getByRole('button', { name: say('settings.updates.check') }).click();
    const download = `${feed.url}Roadcam-0.2.0.AppImage`;
    await expect(status).toContainText(
      new RegExp(`${available('0.2.0', download).source} ${checkedAt().source}\\.`),
    );
    await expect(status.getByRole('link', { name: download })).toHaveAttribute('href', download);
    expect(feed.requests).toEqual(['/desktop/latest-linux.yml']);
    await updates.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('updates-available.png') });
    expect(
      (
        await seriousViolations(page, page.locator('section[aria-labelledby="updates-heading"]'))
      ).join('\n'),
    ).toBe('');

    // The beta channel reads beta-linux.yml and is offered the pre-release; keyboard only.
    await updates.getByRole('radio', { name: say('settings.updates.beta') }).focus();
    await page.keyboard.press('Space');
    await expect(status).toContainText(summary(say('updates.idle', { version: '0.1.0' })));
    await updates.getByRole('button', { name: say('settings.updates.check') }).focus();
    await page.keyboard.press('Enter');
    await expect(status).toContainText(
      sayPattern(
        'updates.available',
        { version: '0.3.0-beta.1', url: ANY_TEXT },
        { before: 'url' },
      ),
    );

    // A broken feed: a clear message, the page still works.
    await updates.getByRole('radio', { name: say('settings.updates.stable') }).check();
    feed.put('latest-linux.yml', '<html>Sign in to the mirror</html>');
    await updates.getByRole('button', { name: say('settings.updates.check') }).click();
    await expect(status).toContainText(
      `${say('updates.failed')} ${say('updates.reason.noVersion', { where: `${feed.url}latest-linux.yml` })}`,
    );
    await page.screenshot({ path: testInfo.outputPath('updates-failed.png') });

    // Never: no check, not even by hand, and no request.
    const asked = feed.requests.length;
    await updates.getByRole('radio', { name: say('settings.updates.never') }).check();
    await expect(status).toContainText(summary(say('updates.off')));
    await expect(
      updates.getByRole('button', { name: say('settings.updates.check') }),
    ).toBeDisabled();
    expect(feed.requests.length).toBe(asked);
    await page.screenshot({ path: testInfo.outputPath('updates-never.png') });
  } finally {
    await host.stop();
    await feed.close();
  }
});

/** The rule of the feed's field, said under it. */
const feedRule = sayPattern('settings.rule.feed', {}, { anchor: 'start' });

/** The refusal of a feed set from the page, whatever the data folder's policy.json path. */
function feedNotChanged(): RegExp {
  return sayPattern(
    'consent.change.unasked',
    {
      count: 1,
      setting: 'updateFeedUrl',
      second: 'none',
      commands: say('consent.command', { setting: 'updateFeedUrl' }),
      policy: /.*policy\.json/,
    },
    { anchor: 'whole' },
  );
}

/** "(checked 10:42 UTC)" after a summary, its time and zone as the clock shows them. */
function checkedAt(): RegExp {
  return sayPattern('settings.updates.checked', { time: /\d\d:\d\d .+/ });
}

/** "Roadcam 0.2.0 is available: download it from …", at the start of the status. */
function available(version: string, url: string): RegExp {
  return sayPattern('updates.available', { version, url }, { anchor: 'start' });
}

/** A summary as the status shows it: its full stop comes after the time of the check. */
function summary(text: string): string {
  return text.replace(/\.$/, '');
}
