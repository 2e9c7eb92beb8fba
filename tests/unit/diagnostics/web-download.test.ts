/** Browser mode's Save diagnostics (a download behind the host's gate) and the reload notice. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startWebHost } from '../../../src/web/host.ts';
import { CRASH_DUMPS_PARAM } from '../../../src/shared/ipc/diagnostics.ts';
import { tokenPath } from '../../../src/shared/web-paths.ts';
import { offlineCoreTest as test } from '../../helpers/fixtures.ts';
import { tempDir } from '../../helpers/core.ts';
import { readZip } from '../../helpers/zip.ts';

test('the host serves the zip to the page with its token, and refuses anyone else', async ({
  core,
}) => {
  const dir = tempDir('roadcam-web-diagnostics-');
  const host = await startWebHost({ core, staticDir: dir.path, token: 'page-token' });
  try {
    const url = `${host.origin}${tokenPath('diagnostics', 'page-token')}`;
    expect((await fetch(`${host.origin}${tokenPath('diagnostics', 'guess')}`)).status).toBe(401);
    const crossSite = await fetch(url, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="roadcam-diagnostics-[\dT-]+Z\.zip"$/,
    );
    const file = join(dir.path, 'd.zip');
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    expect([...readZip(file).keys()]).toContain('connection-report.txt');

    // A crash dump goes in only when the page's box was ticked (?crash-dumps=1).
    mkdirSync(join(core.dataDir, 'crashes'), { recursive: true });
    writeFileSync(join(core.dataDir, 'crashes', 'f00d.dmp'), 'MDMP');
    const entries = async (query: string) => {
      const got = await fetch(`${url}${query}`);
      writeFileSync(file, Buffer.from(await got.arrayBuffer()));
      return [...readZip(file).keys()].filter((name) => name.startsWith('crashes/'));
    };
    expect(await entries('')).toEqual([]);
    expect(await entries(`?${CRASH_DUMPS_PARAM}=1`)).toEqual(['crashes/f00d.dmp']);
  } finally {
    await host.close();
    dir.remove();
  }
});

test('the notice of a reload for a stopped renderer is given once', async ({ core }) => {
  expect(await core.api.invoke('diagnostics.takeNotice', {})).toBeNull();
  core.diagnostics.windowReloaded('The window stopped unexpectedly (it crashed) and was reloaded.');
  expect(await core.api.invoke('diagnostics.takeNotice', {})).toMatch(/it crashed/);
  expect(await core.api.invoke('diagnostics.takeNotice', {})).toBeNull();
});

test('without a desktop, Show logs and Save say what to do instead', async ({ core }) => {
  await expect(core.api.invoke('diagnostics.showLogs', {})).rejects.toThrow(
    /Browser mode cannot open folders: the logs are in .*logs\./,
  );
  await expect(core.api.invoke('diagnostics.save', {})).rejects.toThrow(/as a download/);
  expect(await core.api.invoke('diagnostics.info', {})).toEqual({
    logsDir: core.diagnostics.logsDir,
    desktop: false,
  });
});
