/**
 * The service over HTTPS: its own CA made at first start and reused, every URL it
 * hands out on https, clients that do not trust the CA refused, and, with the test machine's CA
 * (scripts/test-ca.mjs), trusted through the system store alone.
 */
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService, type ServiceOptions } from '../../src/service/index.ts';
import { useBareService } from '../helpers/per-describe.ts';
import { prepareTls } from '../../src/service/tls.ts';
import { systemTestCa } from '../helpers/tls.ts';

const NOW = '2026-11-21T12:00:00Z';
const small = { seed: 7, cameras: 20, hours: 1, now: NOW } satisfies Partial<ServiceOptions>;
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'roadcam-tls-test-'));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** SHA-256 fingerprint of the certificate the server presented */
  served: string;
}

/** One HTTPS request with Node's https module, trusting only `ca` when given. */
function httpsCall(
  url: string,
  o: { ca?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: o.method ?? 'GET',
        headers: o.headers,
        ...(o.ca ? { ca: o.ca } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            served: (res.socket as TLSSocket).getPeerCertificate().fingerprint256,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

async function tokenOf(url: string, ca: string): Promise<string> {
  const r = await httpsCall(`${url}/v1/oauth/token`, {
    ca,
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
  });
  expect(r.status).toBe(200);
  return (JSON.parse(r.body.toString()) as { access_token: string }).access_token;
}

/** A camera's archived image: a 302 to a signed URL, then the file fetched without the token. */
async function signedDownload(
  service: RunningService,
  ca: string,
): Promise<{ location: string; file: Answer }> {
  const auth = { Authorization: `Bearer ${await tokenOf(service.url, ca)}` };
  const list = await httpsCall(`${service.url}/v1/cameras?limit=1`, { ca, headers: auth });
  const id = (JSON.parse(list.body.toString()) as { features: { id: string }[] }).features[0]!.id;
  const redirect = await httpsCall(`${service.url}/v1/cameras/${id}/images/2026-11-21T11:00:00Z`, {
    ca,
    headers: auth,
  });
  expect(redirect.status).toBe(302);
  const location = String(redirect.headers['location']);
  return { location, file: await httpsCall(location, { ca }) };
}

/** curl as a user's machine runs it: no CA flag, and none of this machine's CA variables. */
function curl(
  url: string,
  headers: string[] = [],
): Promise<{ code: number; out: string; err: string }> {
  const env = { ...process.env };
  for (const name of ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'CURL_CA_BUNDLE'])
    delete env[name];
  const args = ['-sS', '--max-time', '20', ...headers.flatMap((h) => ['-H', h]), url];
  return new Promise((resolve) => {
    execFile('curl', args, { env }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

describe('the service with tls: true', () => {
  const dataDir = tempDir();
  // The service is the test's own: one test starts it again on the same data.
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ ...small, dataDir, tls: true });
  });
  afterAll(() => service.close());

  it('listens on https://127.0.0.1 and keeps its CA and certificate in <dataDir>/tls, keys 0600', () => {
    expect(service.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const dir = join(dataDir, 'tls');
    expect(service.caCertFile).toBe(join(dir, 'ca.pem'));
    expect(service.caCertPem).toBe(readFileSync(join(dir, 'ca.pem'), 'utf8'));
    for (const key of ['ca-key.pem', 'server-key.pem'])
      expect(statSync(join(dir, key)).mode & 0o777).toBe(0o600);
    // A data directory inside a checkout must not let git pick the keys up.
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('*\n');
    const cert = new X509Certificate(readFileSync(join(dir, 'server.pem')));
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
    expect(cert.checkIssued(new X509Certificate(service.caCertPem!))).toBe(true);
  });

  it('answers /v1/session to a client that trusts caCertPem', async () => {
    const ca = service.caCertPem!;
    const token = await tokenOf(service.url, ca);
    const r = await httpsCall(`${service.url}/v1/session`, {
      ca,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body.toString())).toMatchObject({ name: 'demo' });
  });

  it('hands out signed URLs on https, and serves the file there', async () => {
    const { location, file } = await signedDownload(service, service.caCertPem!);
    expect(location.startsWith(`${service.url}/signed/`)).toBe(true);
    expect(file.status).toBe(200);
    expect(file.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('names https image URLs in an observation snapshot', async () => {
    const ca = service.caCertPem!;
    const auth = { Authorization: `Bearer ${await tokenOf(service.url, ca)}` };
    const redirect = await httpsCall(`${service.url}/v1/observations/_all/20262111T1130Z.json`, {
      ca,
      headers: auth,
    });
    expect(redirect.status, redirect.body.toString()).toBe(302);
    const snapshot = await httpsCall(String(redirect.headers['location']), { ca });
    const { features } = JSON.parse(snapshot.body.toString()) as {
      features: { properties: { image: string } }[];
    };
    expect(features.length).toBeGreaterThan(0);
    for (const f of features)
      expect(f.properties.image.startsWith(`${service.url}/v1/cameras/`)).toBe(true);
  });

  it('is refused by a client that does not trust its CA (Node and curl)', async () => {
    await expect(httpsCall(`${service.url}/v1/session`)).rejects.toMatchObject({
      code: expect.stringMatching(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT/),
    });
    const r = await curl(`${service.url}/v1/session`);
    expect(r.code, r.err).toBe(60); // curl: the peer's certificate cannot be authenticated
  });

  it('reuses its CA and certificate on the next start with the same data directory', async () => {
    const before = await httpsCall(`${service.url}/v1/session`, { ca: service.caCertPem! });
    const files = ['ca.pem', 'ca-key.pem', 'server.pem', 'server-key.pem'].map((f) =>
      join(dataDir, 'tls', f),
    );
    const written = files.map((f) => readFileSync(f, 'utf8'));
    await service.close();
    service = await startService({ ...small, dataDir, tls: true });
    const after = await httpsCall(`${service.url}/v1/session`, { ca: service.caCertPem! });
    expect(after.served).toBe(before.served);
    expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(written);
  });
});

describe('a service whose signed files live on another host (variant stranger-a)', () => {
  const service = useBareService({
    ...small,
    tls: true,
    variant: 'stranger-a',
  });

  it('serves them over https too, with the same certificate', async () => {
    const { location, file } = await signedDownload(service, service.caCertPem!);
    const cdn = new URL(location);
    expect(cdn.protocol).toBe('https:');
    expect(cdn.port).not.toBe(new URL(service.url).port);
    expect(file.status).toBe(200);
    expect(file.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

describe('the certificate is made again', () => {
  const quiet = (): void => {};

  it('when the names differ, keeping the CA', () => {
    const dir = tempDir();
    const first = prepareTls(true, dir, undefined, quiet);
    const named = prepareTls(true, dir, 'roadcam.test', quiet);
    expect(named.caCertPem).toBe(first.caCertPem);
    expect(named.cert).not.toBe(first.cert);
    expect(new X509Certificate(named.cert).subjectAltName).toBe(
      'DNS:localhost, DNS:roadcam.test, IP Address:127.0.0.1',
    );
    expect(prepareTls(true, dir, 'roadcam.test', quiet).cert).toBe(named.cert);
  });

  it('when it has expired (or is about to), keeping the CA', () => {
    const dir = tempDir();
    const first = prepareTls(true, dir, undefined, quiet);
    const lines: string[] = [];
    const end = new X509Certificate(first.cert).validToDate.getTime();
    const later = prepareTls(true, dir, undefined, (l) => lines.push(l), end - 3600_000);
    expect(lines.join('\n')).toMatch(/making a server certificate .*\(it expires on /);
    expect(later.cert).not.toBe(first.cert);
    expect(later.caCertPem).toBe(first.caCertPem);
  });
});

describe('bad tls options', () => {
  it('are refused with a message naming what is wrong', async () => {
    const dataDir = tempDir();
    const start = (tls: ServiceOptions['tls']): Promise<RunningService> =>
      startService({ ...small, dataDir, tls });
    await expect(start({ caCertFile: '', caKeyFile: 'k.pem' })).rejects.toThrow(
      /tls must be true .* or \{ caCertFile, caKeyFile \}/,
    );
    await expect(
      start({ caCertFile: join(dataDir, 'none.pem'), caKeyFile: join(dataDir, 'none-key.pem') }),
    ).rejects.toThrow(`The CA certificate file ${join(dataDir, 'none.pem')} does not exist.`);
    const ownDir = tempDir();
    const own = prepareTls(true, ownDir, undefined, () => {});
    const other = tempDir();
    const otherCa = prepareTls(true, other, undefined, () => {});
    // A server certificate is no CA; a CA with another CA's key is refused too.
    const leaf = join(other, 'tls', 'server.pem');
    await expect(
      start({ caCertFile: leaf, caKeyFile: join(other, 'tls', 'server-key.pem') }),
    ).rejects.toThrow(`${leaf} is not a CA certificate`);
    expect(own.caCertPem).not.toBe(otherCa.caCertPem);
    const wrongKey = join(ownDir, 'tls', 'ca-key.pem');
    await expect(start({ caCertFile: otherCa.caCertFile, caKeyFile: wrongKey })).rejects.toThrow(
      `The key ${wrongKey} does not belong to the CA certificate ${otherCa.caCertFile}.`,
    );
  });
});

const system = systemTestCa();
describe.skipIf(system.ca === null)(
  `the service with the system store's test CA${system.ca ? '' : ` (skipped: ${system.reason})`}`,
  () => {
    const service = useBareService({
      ...small,
      tls: system.ca ? { caCertFile: system.ca.certFile, caKeyFile: system.ca.keyFile } : true,
    });

    it('is trusted by curl with no --cacert and none of the CA variables', async () => {
      expect(service.caCertFile).toBe(system.ca!.certFile);
      const token = await tokenOf(service.url, service.caCertPem!);
      const r = await curl(`${service.url}/v1/session`, [`Authorization: Bearer ${token}`]);
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ name: 'demo' });
    });
  },
);
