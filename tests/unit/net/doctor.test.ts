/**
 * The connection report: every check passes against a healthy service over HTTPS, each fails
 * with advice against one that is not there, the text holds no secret, and `roadcam doctor`
 * exits 0 or 1 accordingly.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { Core } from '../../../src/engine/core.ts';
import { checkConnection } from '../../../src/engine/connection/check.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import { direct, runRoadcam, secretEnv } from '../../helpers/cli.ts';

test.override({ world: { cameras: 30, hours: 1, tls: true, variant: 'stranger-b' } });

describe('the connection report', () => {
  let core: Core;
  const dir = tempDir('roadcam-doctor-');
  let caFile: string;

  test.beforeAll(async ({ service }) => {
    caFile = join(dir.path, 'ca.pem');
    writeFileSync(caFile, service.caCertPem!);
    core = await startAccountCore(join(dir.path, 'core'), service.url, { network: { caFile } });
  }, 120_000);

  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  test('passes every check against a healthy service, and names what it saw', async () => {
    // A search that asks an aggregation stranger-b refuses: the report names the refusal.
    await core.client.cameras.search({ limit: 1, aggs: ['state', 'provider'] });
    const report = await checkConnection({
      client: core.client,
      network: core.network,
      version: 'test',
      demo: false,
    });
    const failed = report.findings.filter((f) => f.ok === false);
    expect(failed, report.text).toEqual([]);
    expect(report.ok).toBe(true);
    const byTopic = Object.fromEntries(report.findings.map((f) => [f.topic, f]));
    expect(byTopic['TLS']!.summary).toMatch(/^TLSv1\.[23]; trusted; chain: /);
    expect(byTopic['Proxy']!.summary).toMatch(/none: connects directly/);
    for (const topic of ['Cameras', 'Observations', 'Recordings', 'Alerts', 'Collections']) {
      expect(byTopic[topic]!.ok, topic).toBe(true);
    }
    expect(byTopic['Interface']!.summary).toMatch(
      /cameras searches refuse the aggregations provider/,
    );
    // No secret in what the user sends to support.
    const token = await core.client.requester.tokens.token();
    expect(report.text).not.toContain(token);
    expect(report.text).not.toContain(DEMO_CLIENT.secret);
    expect(report.text).toMatch(/Everything checked works/);
  }, 60_000);

  test('says the certificate is not trusted, and what to do, without the CA file', async ({
    service,
  }) => {
    const untrusting = await startAccountCore(join(dir.path, 'untrusting'), service.url);
    try {
      const report = await checkConnection({
        client: untrusting.client,
        network: untrusting.network,
        version: 'test',
        demo: false,
      });
      expect(report.ok).toBe(false);
      const tls = report.findings.find((f) => f.topic === 'TLS')!;
      expect(tls.ok).toBe(false);
      expect(tls.summary).toMatch(/NOT trusted/);
      expect(tls.advice).toMatch(/CA file/);
      expect(report.text).toMatch(/^FAIL TLS: /m);
    } finally {
      await untrusting.close();
    }
  }, 60_000);

  test('roadcam doctor exits 0 when all is well, 1 when the service is not there', async ({
    service,
  }) => {
    const ok = await runRoadcam(
      join(dir.path, 'cli'),
      ['doctor', '--ca-file', caFile, ...direct(service.url)],
      {
        env: secretEnv,
      },
    );
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^ok {3}Cameras: reached/m);
    const down = await runRoadcam(
      join(dir.path, 'cli'),
      ['doctor', ...direct('http://127.0.0.1:1')],
      {
        env: secretEnv,
      },
    );
    expect(down.code, down.stdout + down.stderr).toBe(1);
    expect(down.stdout).toMatch(/^FAIL Reach: the service did not answer/m);
    expect(down.stdout).toMatch(/-> Check the network connection/);
    expect(down.stdout).not.toContain(DEMO_CLIENT.secret);
  }, 120_000);
});
