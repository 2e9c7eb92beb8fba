import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../src/service/index.ts';
import { systemTestCa } from '../helpers/tls.ts';
import { expect, startRoadcam, test } from './fixtures.ts';
import { say, sayWithin } from './say.ts';

// Browser mode against the service over HTTPS, as a user's machine runs it: none of the CA
// variables these machines export (they would make the test pass for the wrong reason).
const withoutCaVariables = {
  ROADCAM_CLIENT_SECRET: 'demo-secret',
  NODE_EXTRA_CA_CERTS: undefined,
  SSL_CERT_FILE: undefined,
  SSL_CERT_DIR: undefined,
};

async function serviceOverHttps(tls: Parameters<typeof startService>[0]['tls']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-e2e-tls-'));
  const service = await startService({ dataDir, cameras: 80, hours: 1, tls });
  return {
    service,
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const systemCa = systemTestCa();

test('browser mode trusts a CA of the system store with no flag, and draws the map', async ({
  page,
}, testInfo) => {
  test.skip(systemCa.ca === null, `SKIPPED: ${systemCa.reason}`);
  const { certFile, keyFile } = systemCa.ca!;
  const https = await serviceOverHttps({ caCertFile: certFile, caKeyFile: keyFile });
  const host = await startRoadcam(
    ['--base-url', https.service.url, '--client-id', 'demo'],
    withoutCaVariables,
  );
  try {
    await page.goto(`${host.url}#/map?at=39.5,-98.35,4`);
    await expect(page.getByRole('contentinfo', { name: say('shell.status') })).toContainText(
      say('shell.status.online'),
    );
    await expect(page.getByTestId('cameras-drawn')).not.toHaveAttribute('data-count', '0', {
      timeout: 30_000,
    });
    await page.screenshot({ path: testInfo.outputPath('tls-system-ca.png') });
  } finally {
    await host.stop();
    await https.close();
  }
});

test('browser mode refuses a certificate no store trusts, and says why', async ({
  page,
}, testInfo) => {
  const https = await serviceOverHttps(true);
  const host = await startRoadcam(
    ['--base-url', https.service.url, '--client-id', 'demo'],
    withoutCaVariables,
  );
  try {
    await page.goto(`${host.url}#/map?at=39.5,-98.35,4`);
    await expect(page.getByRole('contentinfo', { name: say('shell.status') })).toContainText(
      say('shell.status.offline'),
    );
    await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
    // The service sends its certificate without the CA that signed it, which no store holds.
    const untrusted = sayWithin('net.problem.untrusted', {
      host: new URL(https.service.url).host,
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    await expect(page.getByText(untrusted).first()).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: testInfo.outputPath('tls-untrusted.png') });
  } finally {
    await host.stop();
    await https.close();
  }
});
