/**
 * Proxies: the environment read as curl reads it, and a real forward proxy (Debian's tinyproxy)
 * that API calls, live images and video, a collection's image and a download all go through,
 * checked in the proxy's own log; HTTPS through CONNECT; a proxy that wants a password, or is
 * not there, said in words.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Core, NetworkOverrides } from '../../../src/engine/core.ts';
import type { MediaAnswer } from '../../../src/engine/media/resolver.ts';
import { bypasses, envProxy, fromPacAnswer, parseProxyUrl } from '../../../src/engine/net/proxy.ts';
import { english } from '../../../src/shared/i18n/english.ts';
import { said } from '../../../src/shared/i18n/translator.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import { startTinyproxy, tinyproxyMissing } from '../../helpers/tinyproxy.ts';
import { startTestService } from '../../helpers/api.ts';
import { skipKeychain, skipReason } from '../../helpers/keychain-env.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { perDescribe, useService } from '../../helpers/per-describe.ts';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import { DEFAULT_TEMPLATE } from '../../../src/shared/ipc/downloads.ts';
import { filesUnder, makeRecordings, startManager } from '../../helpers/downloads.ts';

describe('the proxy of a URL, as curl reads the environment', () => {
  const https = new URL('https://api.example.com/v1/cameras');
  const http = new URL('http://tiles.example.org:8080/1/2/3.png');

  it('takes https_proxy before HTTPS_PROXY, and only the lower-case http_proxy', () => {
    expect(envProxy(https, { HTTPS_PROXY: 'p1:3128', https_proxy: 'http://p2:3128' })).toEqual({
      proxy: 'http://p2:3128/',
      source: said('net.source.variable', { variable: 'https_proxy' }),
    });
    expect(envProxy(http, { HTTP_PROXY: 'p1:3128' }).proxy).toBeNull();
    expect(envProxy(http, { http_proxy: 'p1:3128' }).proxy).toBe('http://p1:3128/');
    expect(envProxy(http, { ALL_PROXY: 'p3:8080' }).proxy).toBe('http://p3:8080/');
    expect(envProxy(https, {}).proxy).toBeNull();
  });

  it('leaves out what NO_PROXY names: domains and their subdomains, IPs, ranges, ports, *', () => {
    const yes = (url: string, list: string) => bypasses(new URL(url), list);
    expect(yes('https://api.example.com/', 'example.com')).toBe(true);
    expect(yes('https://api.example.com/', '.example.com')).toBe(true);
    expect(yes('https://example.com/', '*.example.com')).toBe(true);
    expect(yes('https://badexample.com/', 'example.com')).toBe(false);
    expect(yes('http://127.0.0.1:9/', 'localhost, 127.0.0.1')).toBe(true);
    expect(yes('http://10.1.2.3/', '10.0.0.0/8')).toBe(true);
    expect(yes('http://11.1.2.3/', '10.0.0.0/8')).toBe(false);
    expect(yes('http://example.com:8080/', 'example.com:443')).toBe(false);
    expect(yes('https://example.com/', 'example.com:443')).toBe(true);
    expect(yes('http://[::1]:80/', '::1')).toBe(true);
    expect(yes('http://anything/', '*')).toBe(true);
    const choice = envProxy(https, { https_proxy: 'p:1', no_proxy: 'example.com' });
    expect(choice.proxy).toBeNull();
    expect(english.say(choice.source)).toBe('no_proxy excludes api.example.com');
  });

  it('says what is wrong with a proxy address', () => {
    expect(parseProxyUrl('proxy.corp:3128', 'x').href).toBe('http://proxy.corp:3128/');
    expect(() => parseProxyUrl('socks5://p:1080', '--proxy')).toThrow(
      /socks5 proxies are not supported/,
    );
    expect(() => parseProxyUrl('http://p:3128/path', '--proxy')).toThrow(/without a path/);
    expect(() => parseProxyUrl('http://[oops', '--proxy')).toThrow(/not a proxy address/);
  });

  it("reads the operating system's answer (a PAC file's, say)", () => {
    expect(fromPacAnswer('DIRECT')).toBeNull();
    expect(fromPacAnswer('PROXY gw:8080; DIRECT')).toBe('http://gw:8080/');
    expect(fromPacAnswer('HTTPS gw:443')).toBe('https://gw:443/');
    expect(fromPacAnswer('SOCKS5 s:1080')).toBeUndefined();
  });
});

async function bytesOf(answer: MediaAnswer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const missing = tinyproxyMissing();

describe.skipIf(missing !== null)(
  `through a real proxy${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const proxy = perDescribe(async (onCleanup) => {
      const proxy = await startTinyproxy();
      onCleanup(() => proxy.close());
      return proxy;
    });
    const service = useService({ cameras: 60, hours: 2 });
    // The cores and folders of the tests, each made for what it checks.
    const dirs: ReturnType<typeof tempDir>[] = [];
    const cores: Core[] = [];

    async function coreWith(network: NetworkOverrides, on = service): Promise<Core> {
      const dir = tempDir('roadcam-proxy-');
      dirs.push(dir);
      const core = await startAccountCore(dir.path, on.url, { network });
      cores.push(core);
      return core;
    }

    /** What the proxy logged while `work` ran. */
    async function logged(work: () => Promise<unknown>, through = proxy): Promise<string[]> {
      const before = through.requests().length;
      await work();
      // tinyproxy writes its log line as it takes the request: it is there once the answer is.
      return through.requests().slice(before);
    }

    afterAll(async () => {
      for (const core of cores) await core.close();
      for (const dir of dirs) dir.remove();
    });

    it('carries API calls, live images and video, a collection image and a download', async () => {
      const core = await coreWith({ proxy: { mode: 'manual', url: proxy.url } });
      const origin = service.url;

      const search = await logged(() => core.client.cameras.search({ limit: 60 }));
      expect(search).toContain(`POST ${origin}/v1/oauth/token`);
      expect(
        search.some(
          (r) =>
            r.startsWith(`GET ${origin}/v1/cameras`) || r.startsWith(`POST ${origin}/v1/cameras`),
        ),
      ).toBe(true);

      const cameras = (await core.client.cameras.search({ limit: 60 })).features;
      const video = cameras.find((c) => c.properties.video)!;
      const live = await logged(async () => {
        const answer = await core.media.resolve(
          `cameras/${encodeURIComponent(video.id)}/live/playlist.m3u8`,
          AbortSignal.timeout(30_000),
        );
        const playlist = (await bytesOf(answer)).toString();
        expect(answer.status, playlist.slice(0, 200)).toBe(200);
        expect(playlist).toMatch(/^#EXTM3U/);
      });
      expect(live.some((r) => r.includes('.m3u8'))).toBe(true);

      const { collection_id: id } = await core.client.collections.create({ name: 'via proxy' });
      await core.client.collections.addImage(id, { camera_id: cameras[0]!.id });
      const name = (await core.client.collections.show(id)).images[0]!;
      const image = await logged(async () => {
        const answer = await core.media.resolve(
          `collections/${encodeURIComponent(id)}/images/${encodeURIComponent(name)}`,
          AbortSignal.timeout(30_000),
        );
        expect(answer.status).toBe(200);
        expect((await bytesOf(answer)).subarray(0, 3).toString('hex')).toBe('ffd8ff');
      });
      expect(image.some((r) => r.includes(`/collections/${id}`) || r.includes('/signed/'))).toBe(
        true,
      );

      const [recording] = await makeRecordings(service, core.client, 1, 20);
      const download = await logged(async () => {
        const t = startManager(core.client);
        try {
          const batch = t.manager.createBatch({
            label: 'via proxy',
            folder: t.folder,
            template: DEFAULT_TEMPLATE,
            existing: 'rename',
            formats: ['zip'],
            chosen: await chooseByIds(core.client, [recording!]),
          });
          const done = await t.whenFinished(batch.id);
          expect(done.state, JSON.stringify(t.manager.snapshot().items)).toBe('completed');
          expect(filesUnder(t.folder).filter((f) => f.endsWith('.zip'))).toHaveLength(1);
        } finally {
          await t.stop();
        }
      });
      // The signed file itself came through the proxy, not only the request for its URL.
      expect(download.some((r) => r.includes('.zip') && !r.includes('/v1/recordings/'))).toBe(true);
    }, 180_000);

    it('follows the environment: HTTP_PROXY, and NO_PROXY that leaves the service out', async () => {
      const via = await coreWith({ env: { http_proxy: proxy.url } });
      expect(await logged(() => via.client.cameras.search({ limit: 1 }))).not.toEqual([]);
      const around = await coreWith({ env: { http_proxy: proxy.url, NO_PROXY: '127.0.0.1' } });
      expect(await logged(() => around.client.cameras.search({ limit: 1 }))).toEqual([]);
      const none = await coreWith({ env: { http_proxy: proxy.url }, proxy: { mode: 'none' } });
      expect(await logged(() => none.client.cameras.search({ limit: 1 }))).toEqual([]);
    }, 60_000);

    it.skipIf(skipKeychain)(
      `tests an account in Settings through the user's proxy, as every other request${skipKeychain ? ` (skipped: ${skipReason})` : ''}`,
      async () => {
        const core = await coreWith({ proxy: { mode: 'manual', url: proxy.url } });
        const name = `proxy-test-${process.pid}`;
        await core.api.invoke('profiles.save', {
          name,
          baseUrl: service.url,
          clientId: DEMO_CLIENT.id,
          clientSecret: DEMO_CLIENT.secret,
        });
        try {
          let answer: unknown;
          const lines = await logged(async () => {
            answer = await core.api.invoke('profiles.test', { name });
          });
          expect(answer).toMatchObject({ ok: true });
          expect(lines).toContain(`POST ${service.url}/v1/oauth/token`);
          expect(lines).toContain(`GET ${service.url}/v1/session`);
        } finally {
          await core.api.invoke('profiles.remove', { name });
        }
      },
      60_000,
    );

    it('asks for the password a proxy wants, and uses the one in its address', async () => {
      const guarded = await startTinyproxy({ basicAuth: ['road', 'cam-pass'] });
      try {
        const without = await coreWith({ proxy: { mode: 'manual', url: guarded.url } });
        const refused = await without.client.cameras.search({ limit: 1 }).catch((e: Error) => e);
        expect(refused).toBeInstanceOf(Error);
        expect((refused as Error).message).toMatch(
          /asks for a user name and password \(HTTP 407\)/,
        );
        const url = guarded.url.replace('http://', 'http://road:cam-pass@');
        const withIt = await coreWith({ proxy: { mode: 'manual', url } });
        const answer = await logged(() => withIt.client.cameras.search({ limit: 1 }), guarded);
        expect(answer).not.toEqual([]);
        // The password is never in a message (tinyproxy answers a wrong one with 401, not 407).
        const wrong = await coreWith({
          proxy: { mode: 'manual', url: url.replace('cam-pass', 'not-it') },
        });
        const again = await wrong.client.cameras.search({ limit: 1 }).catch((e: Error) => e);
        expect(again).toBeInstanceOf(Error);
        expect((again as Error).message).not.toContain('not-it');
      } finally {
        await guarded.close();
      }
    }, 60_000);

    it("takes a manual proxy's password from the keychain, never from Settings", async () => {
      const guarded = await startTinyproxy({ basicAuth: ['road', 'keychain-pass'] });
      try {
        const core = await coreWith({});
        const proxyUrl = guarded.url.replace('http://', 'http://road@');
        await core.credentials.saveProxyPassword(proxyUrl, 'keychain-pass');
        await core.api.invoke('settings.update', { proxyMode: 'manual', proxyUrl });
        const lines = await logged(() => core.client.cameras.search({ limit: 1 }), guarded);
        expect(lines).not.toEqual([]);
        // Settings refuse a password in the address, and the database holds none.
        await expect(
          core.api.invoke('settings.update', { proxyUrl: guarded.url.replace('//', '//road:x@') }),
        ).rejects.toThrow(/the password has its own field/);
        const dbFile = join(core.dataDir, 'roadcam.sqlite');
        expect(readFileSync(dbFile).includes('keychain-pass')).toBe(false);
        await core.credentials.saveProxyPassword(proxyUrl, null);
      } finally {
        await guarded.close();
      }
    }, 60_000);

    it('says a proxy that is not there cannot be reached, without retrying for long', async () => {
      const core = await coreWith({ proxy: { mode: 'manual', url: 'http://127.0.0.1:9' } });
      const started = performance.now();
      const error = await core.client.cameras.search({ limit: 1 }).catch((e: Error) => e);
      expect((error as Error).message).toMatch(
        /proxy http:\/\/127\.0\.0\.1:9 \(from Settings\) cannot be reached \(ECONNREFUSED\)/,
      );
      expect(performance.now() - started).toBeLessThan(5_000);
    }, 30_000);

    it('tunnels HTTPS with CONNECT', async () => {
      const secure = await startTestService({ cameras: 20, hours: 1, tls: true });
      try {
        const dir = tempDir('roadcam-proxy-ca-');
        dirs.push(dir);
        const caFile = join(dir.path, 'ca.pem');
        writeFileSync(caFile, secure.caCertPem!);
        const core = await coreWith({ proxy: { mode: 'manual', url: proxy.url }, caFile }, secure);
        const lines = await logged(() => core.client.cameras.search({ limit: 5 }));
        expect(lines).toContain(`CONNECT ${new URL(secure.url).host}`);
        expect(lines.some((l) => l.startsWith('POST http') || l.startsWith('GET http'))).toBe(
          false,
        );
        // Each new tunnel uses the network's one TLS context: made per connection from the CA
        // list it costs the core's thread ~20 ms each.
        const made = vi.spyOn(tls, 'createSecureContext');
        try {
          const tunnels = await logged(() =>
            Promise.all([1, 2, 3, 4, 5, 6].map(() => core.client.cameras.search({ limit: 5 }))),
          );
          expect(tunnels.filter((l) => l.startsWith('CONNECT')).length).toBeGreaterThan(1);
          expect(made).not.toHaveBeenCalled();
        } finally {
          made.mockRestore();
        }
      } finally {
        await secure.stop();
      }
    }, 120_000);
  },
);
