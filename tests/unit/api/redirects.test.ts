/**
 * Where the service's signed-URL redirects may lead: the decision alone (no packet is sent to
 * any address it judges), a guard that looks names up with a resolver of the test's own, and
 * the real requester, against the embedded service on 127.0.0.1 and against a "service on the
 * internet" that a real local forward proxy stands in for, so that a followed redirect shows in
 * the proxy's requests instead of leaving this machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RedirectGuard,
  RedirectRefused,
  redirectRefusal,
} from '../../../src/engine/api/redirects.ts';
import { Requester } from '../../../src/engine/api/requester.ts';
import { Network } from '../../../src/engine/net/network.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { apiTest } from '../../helpers/fixtures.ts';
import { demoClient } from '../../helpers/api.ts';
import { said as saidOf } from '../../../src/shared/i18n/translator.ts';

const LIVE_IMAGE = saidOf('media.what.live', { id: 'C1' });
const X = saidOf('api.op.image', { name: 'x' });

const PUBLIC = 'https://api.roadcam.example';
const refused = (base: string, target: string) => redirectRefusal(base, target)?.why ?? null;

describe('the decision, for a service on the internet', () => {
  it.each([
    'https://10.1.2.3/signed/r1.mp4?signature=x',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/x',
    'https://[::ffff:169.254.169.254]/x',
    'https://[fd00::5]/x',
    'https://192.168.1.1/admin',
    'https://100.100.100.100/x',
    'https://0.0.0.0:8080/x',
    'https://localhost:9000/x',
    'https://2130706433/x',
  ])('refuses %s', (target) => {
    expect(refused(PUBLIC, target)).toMatch(/on this computer or its local network/);
  });

  it('refuses plain HTTP from an HTTPS service, and anything but HTTP', () => {
    expect(refused(PUBLIC, 'http://files.roadcam.example/r1.mp4')).toMatch(
      /reached over HTTPS and the redirect leads to plain HTTP/,
    );
    expect(refused(PUBLIC, 'file:///etc/passwd')).toMatch(/a file: address/);
    expect(refused('http://127.0.0.1:8080', 'ftp://127.0.0.1/x')).toMatch(/ftp: address/);
    expect(refused('https://127.0.0.1:8080', 'http://127.0.0.1:8080/x')).toMatch(/plain HTTP/);
  });

  it('follows a public host, and an HTTP service to HTTPS', () => {
    expect(refused(PUBLIC, 'https://files.roadcam.example/r1.mp4?sig=1')).toBeNull();
    expect(refused(PUBLIC, 'https://203.0.113.10/r1.mp4')).toBeNull();
    expect(refused('http://203.0.113.10', 'https://files.roadcam.example/x')).toBeNull();
  });

  it('judges a name by what it resolved to', () => {
    const base = 'https://api.roadcam.example';
    const target = 'https://files.roadcam.example/x';
    const answer = redirectRefusal(base, target, { target: ['203.0.113.7', '10.0.0.5'] });
    expect(answer?.why).toMatch(/files\.roadcam\.example at 10\.0\.0\.5, a private address/);
    expect(answer?.advice).toMatch(/connect Roadcam to the service by its local address/);
    expect(redirectRefusal(base, target, { target: ['203.0.113.7'] })).toBeNull();
  });
});

describe('the decision, for a service on this computer or its network', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:9090/signed/x'],
    ['http://localhost:8080', 'http://127.0.0.1:8080/signed/x'],
    ['http://[::1]:8080', 'http://10.0.0.5/x'],
    ['https://10.0.0.2', 'https://169.254.1.1/x'],
    ['http://192.168.1.20', 'http://192.168.1.21/x'],
  ])('%s may redirect to %s', (base, target) => {
    expect(refused(base, target)).toBeNull();
  });

  it('counts a base name that resolves to a private address as private', () => {
    const base = 'https://roadcam.office.example';
    expect(refused(base, 'https://10.0.0.9/x')).not.toBeNull();
    expect(redirectRefusal(base, 'https://10.0.0.9/x', { base: ['10.0.0.2'] })).toBeNull();
  });
});

describe('the guard', () => {
  function resolver(table: Record<string, string[]>) {
    const asked: string[] = [];
    const resolve = (host: string) => {
      asked.push(host);
      return host in table ? Promise.resolve(table[host]!) : Promise.reject(new Error('ENOTFOUND'));
    };
    return { asked, resolve };
  }

  it('looks names up, keeps them a minute, and refuses in words without the signature', async () => {
    const dns = resolver({ 'files.example': ['192.168.0.7'], 'api.example': ['203.0.113.1'] });
    let now = 0;
    const guard = new RedirectGuard('https://api.example', dns.resolve, () => now);
    const follow = () =>
      guard.follow(LIVE_IMAGE, 302, 'https://files.example/f.jpg?signature=SECRET');
    const error = await follow().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefused);
    const message = (error as Error).message;
    expect(message).toBe(
      'camera C1 live image failed: the service redirected it to https://files.example/f.jpg ' +
        '(HTTP 302), and Roadcam does not follow: it leads to files.example at 192.168.0.7, a ' +
        'private address (192.168.0.0/16), on this computer or its local network, while the ' +
        'service itself is not there. If the service really keeps its files on your local ' +
        "network, connect Roadcam to the service by its local address too; otherwise tell the service's provider.",
    );
    expect(message).not.toContain('SECRET');
    expect((error as RedirectRefused).status).toBe(403);
    await follow().catch(() => undefined);
    expect(dns.asked).toEqual(['files.example', 'api.example']);
    now += 61_000;
    await follow().catch(() => undefined);
    expect(dns.asked).toHaveLength(4);
  });

  it('follows a name that does not resolve here, and never looks up for a local service', async () => {
    const dns = resolver({});
    const guard = new RedirectGuard('https://api.example', dns.resolve);
    expect(await guard.follow(X, 302, 'https://cdn.example/a')).toBe('https://cdn.example/a');
    const local = new RedirectGuard('http://127.0.0.1:8080', dns.resolve);
    expect(await local.follow(X, 302, '/signed/a')).toBe('http://127.0.0.1:8080/signed/a');
    expect(await local.follow(X, 302, 'http://signed.example/a')).toBe('http://signed.example/a');
    expect(dns.asked).toEqual(['cdn.example']);
  });

  it('says so when there is no target, or one that is not a URL', async () => {
    const guard = new RedirectGuard('https://api.example', () => Promise.resolve([]));
    await expect(guard.follow(X, 302, null)).rejects.toThrow(/without the expected signed-URL/);
    await expect(guard.follow(X, 302, 'http://[oops')).rejects.toThrow(/not a URL/);
  });
});

apiTest('a service on 127.0.0.1 is followed to 127.0.0.1', async ({ proxy }) => {
  const client = demoClient(proxy.url);
  expect(new URL(proxy.url).hostname).toBe('127.0.0.1');
  const done = await client.recordings.search({ status: 'complete', limit: 1 });
  const media = await client.recordings.download(done.features[0]!.id, 'jpg');
  expect(media.status).toBe(200);
  await media.body.cancel();
  const signed = proxy.requests.filter((r) => r.path.startsWith('/signed/'));
  expect(signed).toHaveLength(1);
});

describe('the requester, for a service on the internet', () => {
  /** Stands in for the internet: every request of the requester reaches it as an absolute URL. */
  let proxy: Server;
  let network: Network;
  let location = '';
  const asked: string[] = [];
  const service = 'http://203.0.113.10';

  beforeAll(async () => {
    proxy = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      req.resume();
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/v1/oauth/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600 }));
      } else if (path.startsWith('/v1/')) {
        res.writeHead(302, { location });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '3' });
        res.end('jpg');
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    network = new Network({ proxy: { mode: 'manual', url } });
  });
  afterAll(async () => {
    await network.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  const requester = () =>
    new Requester({
      baseUrl: service,
      credentials: () => Promise.resolve({ clientId: 'c', clientSecret: 's' }),
      network,
      retry: { attempts: 1 },
    });
  const live = { operation: LIVE_IMAGE, method: 'GET', path: '/v1/cameras/C1/live' };

  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://10.0.0.5/signed/C1.jpg?signature=SECRET',
    'http://[::1]:8080/signed/C1.jpg',
    'http://localhost:8080/signed/C1.jpg',
  ])('refuses its redirect to %s, and sends nothing there', async (target) => {
    location = target;
    asked.length = 0;
    const error = await requester()
      .media({ ...live, method: 'GET' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefused);
    expect((error as Error).message).toMatch(
      /^camera C1 live image failed: the service redirected/,
    );
    expect((error as Error).message).not.toContain('SECRET');
    expect(asked).toEqual([`POST ${service}/v1/oauth/token`, `GET ${service}/v1/cameras/C1/live`]);
    await expect(requester().signedUrl({ ...live, method: 'GET' })).rejects.toThrow(
      RedirectRefused,
    );
  });

  it('says its refusals in German: into the local network, down to HTTP, off HTTP', async () => {
    const de = await loadTranslator('de');
    const said = async (target: string) => {
      location = target;
      const error: unknown = await requester()
        .media({ ...live, method: 'GET' })
        .catch((e: unknown) => e);
      return de.say((error as RedirectRefused).said!);
    };
    expect(await said('http://10.0.0.5/signed/C1.jpg?signature=SECRET')).toBe(
      'Livebild der Kamera C1 ist fehlgeschlagen: der Dienst hat es nach ' +
        'http://10.0.0.5/signed/C1.jpg umgeleitet (HTTP 302), und Roadcam folgt dem nicht: ihr ' +
        'Ziel ist eine private Adresse (10.0.0.0/8), auf diesem Computer oder in seinem lokalen ' +
        'Netz, während der Dienst selbst nicht dort ist. Wenn der Dienst seine Dateien wirklich ' +
        'in Ihrem lokalen Netz hält, verbinden Sie Roadcam auch über seine lokale Adresse mit ' +
        'dem Dienst; andernfalls wenden Sie sich an den Anbieter des Dienstes.',
    );
    expect(await said('ftp://files.example/C1.jpg')).toMatch(
      /umgeleitet \(HTTP 302\), und Roadcam folgt dem nicht: sie führt zu einer ftp:-Adresse, und Roadcam ruft Dateien nur über HTTP und HTTPS ab\. Wenden Sie sich an den Anbieter des Dienstes\.$/,
    );
    const https = new RedirectGuard('https://api.roadcam.example', () => Promise.resolve([]));
    const down: unknown = await https
      .follow(LIVE_IMAGE, 302, 'http://files.roadcam.example/C1.jpg')
      .catch((e: unknown) => e);
    expect(de.say((down as RedirectRefused).said!)).toMatch(
      /: der Dienst wird über HTTPS erreicht, und die Umleitung führt zu unverschlüsseltem HTTP, wo die Datei und ihre Adresse unterwegs gelesen oder verändert werden könnten\./,
    );
  });

  it('follows its redirect to a host on the internet', async () => {
    location = '/signed/C1.jpg?signature=1';
    asked.length = 0;
    const media = await requester().media({ ...live, method: 'GET' });
    expect(media.status).toBe(200);
    expect(asked.at(-1)).toBe(`GET ${service}/signed/C1.jpg?signature=1`);
    await media.body.cancel();
  });
});
