/**
 * Settings > Help and diagnostics in browser mode: the logs folder's path to copy, and Save
 * diagnostics as a download of one zip, with the page's own errors in its log and no secret in
 * any entry (the demo client's secret and its token exist in this run: the page searched).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CLIENT } from '../../src/service/index.ts';
import { readZip } from '../helpers/zip.ts';
import { expect, test } from './fixtures.ts';
import { say } from './say.ts';

test('Save diagnostics downloads one zip: logs, report, settings, versions, no secret', async ({
  page,
  roadcam,
}, testInfo) => {
  test.setTimeout(120_000);
  // A search: the core signs in to the embedded service, so a token is held.
  await page.goto(`${roadcam.url}#/map`);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await expect(
    page
      .getByRole('list', { name: say('search.results.label') })
      .locator('[data-id]')
      .first(),
  ).toBeVisible();
  // An uncaught error of the page goes to the main log; this one quotes a signed URL and the
  // client secret, as a careless message could: neither may reach the zip.
  await page.evaluate((secret) => {
    setTimeout(() => {
      throw new Error(
        `thrown by the e2e test in the page: https://files.example.org/a.mp4?X-Amz-Signature=feedbeef01&sig=c0ffee02 ${secret}`,
      );
    });
  }, DEMO_CLIENT.secret);
  // The page reports it to the main process, which logs it once it has read what to redact
  // (the keychain's secrets): on a busy machine that can take longer than the steps below, so
  // the zip is saved once the log has it, as a user's would be after the error.
  const mainLog = join(roadcam.dataDir, 'logs', 'main.log');
  await expect
    .poll(() => readFileSync(mainLog, 'utf8'), { timeout: 30_000 })
    .toMatch(/ERROR renderer error: .*thrown by the e2e test in the page/);

  await page.goto(`${roadcam.url}#/settings`);
  const help = page.getByRole('region', { name: say('settings.help') });
  await expect(help.getByLabel(say('settings.help.logsFolder'))).toHaveValue(
    join(roadcam.dataDir, 'logs'),
  );
  await help.getByRole('button', { name: say('settings.help.copy') }).click();
  await help.scrollIntoViewIfNeeded();
  await help.screenshot({ path: testInfo.outputPath('help-section.png') });

  // By keyboard: the link is focused and Enter starts the download.
  const save = help.getByRole('link', { name: say('settings.help.save') });
  await save.focus();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toMatch(/^roadcam-diagnostics-\d{4}-\d\d-\d\dT\d{4}Z\.zip$/);
  const path = testInfo.outputPath('diagnostics.zip');
  await download.saveAs(path);

  const zip = readZip(path);
  expect([...zip.keys()]).toEqual(
    expect.arrayContaining([
      'README.txt',
      'versions.json',
      'settings.json',
      'connection-report.txt',
      'logs/main.log',
    ]),
  );
  const log = zip.get('logs/main.log')!.toString();
  expect(log).toMatch(/Roadcam \S+ starting/);
  expect(log).toMatch(/ERROR renderer error: .*thrown by the e2e test in the page/);
  expect(zip.get('connection-report.txt')!.toString()).toMatch(/^Roadcam connection report/);
  const hostToken = new URL(roadcam.url).searchParams.get('token')!;
  for (const [name, bytes] of zip) {
    const text = bytes.toString('latin1');
    expect(text.includes(DEMO_CLIENT.secret), `${name} holds the client secret`).toBe(false);
    expect(text.includes(hostToken), `${name} holds the page's token`).toBe(false);
    expect(text, name).not.toMatch(/eyJ[\w-]{10,}/);
    expect(text, name).not.toMatch(/(sig|signature|X-Amz-[\w-]+)=(?!\[redacted\])/i);
    expect(text, name).not.toMatch(/feedbeef01|c0ffee02/);
  }
});
