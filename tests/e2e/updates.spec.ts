import { startFeedServer } from '../helpers/update-feed.ts';
import { expect, startRoadcam, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

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
    const updates = page.getByRole('region', { name: 'Updates' });
    await expect(updates.getByText('Updates are managed by the desktop app')).toBeVisible();
    const status = updates.getByRole('status', { name: 'Update status' });
    await expect(status).toContainText('Roadcam 0.1.0 has not checked for updates yet.');
    const network = page.getByRole('region', { name: 'Network' });
    await expect(network.getByLabel(/Extra CA certificates/)).toHaveValue(feed.caFile!);

    const field = updates.getByLabel(/Update feed/);
    await expect(field).toHaveValue(feed.url);
    await field.fill('http://updates.example.com/roadcam/');
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(
      /^Type an https:\/\/ address of the folder that holds latest\.yml/,
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Another https feed: the page is refused, in words that say how to change it instead.
    await field.fill('https://mirror.attacker.example/roadcam/');
    await field.press('Enter');
    await expect(updates.getByRole('alert')).toHaveText(
      /^Not changed: in browser mode the page cannot change the update feed\. Change it with the command "roadcam settings set updateFeedUrl VALUE" on this computer, or allow the value in .*policy\.json\.$/,
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(updates.getByText(/^Type an https:\/\/ address/)).toHaveCount(0);
    await expect(updates.getByText(`feed ${feed.url}`)).toBeVisible();
    await updates.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('updates-feed-refused.png') });
    expect(
      (
        await seriousViolations(page, page.locator('section[aria-labelledby="updates-heading"]'))
      ).join('\n'),
    ).toBe('');
    await field.fill(feed.url);

    await updates.getByRole('button', { name: 'Check now' }).click();
    const download = `${feed.url}Roadcam-0.2.0.AppImage`;
    await expect(status).toContainText(
      new RegExp(
        `^Roadcam 0\\.2\\.0 is available: download it from ${esc(download)} \\(checked \\d\\d:\\d\\d .+\\)\\.`,
      ),
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
    await updates.getByRole('radio', { name: /^Beta/ }).focus();
    await page.keyboard.press('Space');
    await expect(status).toContainText('has not checked for updates yet');
    await updates.getByRole('button', { name: 'Check now' }).focus();
    await page.keyboard.press('Enter');
    await expect(status).toContainText('Roadcam 0.3.0-beta.1 is available: download it from');

    // A broken feed: a clear message, the page still works.
    await updates.getByRole('radio', { name: 'Stable' }).check();
    feed.put('latest-linux.yml', '<html>Sign in to the mirror</html>');
    await updates.getByRole('button', { name: 'Check now' }).click();
    await expect(status).toContainText(
      `Roadcam could not check for updates: ${feed.url}latest-linux.yml names no version, so it is not an update description`,
    );
    await page.screenshot({ path: testInfo.outputPath('updates-failed.png') });

    // Never: no check, not even by hand, and no request.
    const asked = feed.requests.length;
    await updates.getByRole('radio', { name: /^Never check/ }).check();
    await expect(status).toContainText('Update checks are off');
    await expect(updates.getByRole('button', { name: 'Check now' })).toBeDisabled();
    expect(feed.requests.length).toBe(asked);
    await page.screenshot({ path: testInfo.outputPath('updates-never.png') });
  } finally {
    await host.stop();
    await feed.close();
  }
});

function esc(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
