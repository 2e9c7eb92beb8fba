/**
 * Certificates: the service over HTTPS with a CA of its own is refused in words (host, why,
 * what to do) until its CA file is given; with a CA in the system's store (the test machine's,
 * installed by .ci/run), the CLI connects with no flag at all. These machines export
 * NODE_EXTRA_CA_CERTS, SSL_CERT_FILE and SSL_CERT_DIR, which a user's machine does not: the
 * child processes run without them, or they would pass for the wrong reason.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { said } from '../../../src/shared/i18n/translator.ts';
import type { Core } from '../../../src/engine/core.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { startAccountCore } from '../../helpers/core.ts';
import { systemTestCa } from '../../helpers/tls.ts';
import { useService, useTempDir } from '../../helpers/per-describe.ts';
import { makeRecordings } from '../../helpers/downloads.ts';

const ZIP = said('api.op.recordingZip');

/** `roadcam` in a child process whose environment holds none of the CA variables. */
function roadcamWithoutCaVariables(dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, ROADCAM_DATA_DIR: dataDir };
  for (const name of ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR']) delete env[name];
  env['ROADCAM_CLIENT_SECRET'] = DEMO_CLIENT.secret;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [resolve('bin/roadcam.mjs'), ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end();
  });
}

const account = (url: string) => ['--base-url', url, '--client-id', DEMO_CLIENT.id];

describe('a service whose certificate no store trusts', () => {
  const service = useService({ cameras: 30, hours: 1, tls: true });
  const dir = useTempDir('roadcam-tls-');
  const cores: Core[] = [];
  let caFile: string;

  beforeAll(() => {
    caFile = join(dir.path, 'service-ca.pem');
    writeFileSync(caFile, service.caCertPem!);
  });

  afterAll(async () => {
    for (const core of cores) await core.close();
  });

  it('is refused with the host, the reason and what to do, at once', async () => {
    const core = await startAccountCore(join(dir.path, 'plain'), service.url);
    cores.push(core);
    const started = performance.now();
    const error = await core.client.cameras.search({ limit: 1 }).catch((e: Error) => e);
    const host = new URL(service.url).host;
    expect((error as Error).message).toMatch(
      new RegExp(`certificate of ${host.replace(/\./g, '\\.')} is not trusted \\(\\w+\\)`),
    );
    expect((error as Error).message).toMatch(/CA file/);
    expect((error as Error).message).not.toMatch(/fetch failed/);
    // Not retried: an untrusted certificate stays untrusted.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('is used once its CA file is given: searches and downloaded files', async () => {
    const core = await startAccountCore(join(dir.path, 'with-ca'), service.url, {
      network: { caFile },
    });
    cores.push(core);
    const cameras = await core.client.cameras.search({ limit: 5 });
    expect(cameras.features.length).toBeGreaterThan(0);
    const [id] = await makeRecordings(service, core.client, 1, 10);
    const signed = await core.client.requester.streamSigned(
      ZIP,
      await core.client.recordings.downloadUrl(id!, 'zip'),
    );
    expect(signed.status).toBe(200);
    const head = await signed.body.text(4);
    expect(head.slice(0, 2)).toBe('PK');
    // New connections, API and files, use the network's one TLS context: made per connection
    // from the CA list it costs the core's thread ~20 ms each.
    const made = vi.spyOn(tls, 'createSecureContext');
    try {
      const urls = await Promise.all(
        [1, 2, 3].map(() => core.client.recordings.downloadUrl(id!, 'zip')),
      );
      await Promise.all([
        ...[1, 2, 3, 4].map(() => core.client.cameras.search({ limit: 5 })),
        ...urls.map(async (url) => {
          const file = await core.client.requester.streamSigned(ZIP, url);
          await file.body.text(4);
        }),
      ]);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  }, 120_000);

  it('the CLI says the same, and connects with --ca-file', async () => {
    const refused = await roadcamWithoutCaVariables(join(dir.path, 'cli'), [
      'cameras',
      'search',
      '--limit',
      '1',
      ...account(service.url),
    ]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/is not trusted/);
    const ok = await roadcamWithoutCaVariables(join(dir.path, 'cli'), [
      'cameras',
      'search',
      '--limit',
      '1',
      '--json',
      '--ca-file',
      caFile,
      ...account(service.url),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/"id"/);
    const wrong = await roadcamWithoutCaVariables(join(dir.path, 'cli'), [
      'cameras',
      'search',
      '--ca-file',
      join(dir.path, 'nothing.pem'),
      ...account(service.url),
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/The CA file .*nothing\.pem cannot be read \(ENOENT\)/);
  }, 120_000);
});

const test = systemTestCa();

describe.skipIf(test.ca === null)(
  `a service whose CA is in the system's store${test.reason ? ` (skipped: ${test.reason})` : ''}`,
  () => {
    const service = useService({
      cameras: 30,
      hours: 1,
      tls: test.ca ? { caCertFile: test.ca.certFile, caKeyFile: test.ca.keyFile } : undefined,
    });
    const dir = useTempDir('roadcam-tls-system-');

    it('the CLI connects with no flag and no CA variable', async () => {
      const ok = await roadcamWithoutCaVariables(dir.path, [
        'cameras',
        'search',
        '--limit',
        '1',
        '--json',
        ...account(service.url),
      ]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/"id"/);
    }, 60_000);
  },
);
