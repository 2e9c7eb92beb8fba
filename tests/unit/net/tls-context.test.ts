/**
 * The network's certificates and TLS context are made on the first TLS connection
 * (src/engine/net/tls-context.ts): plain HTTP (demo mode, a service on this computer) never
 * reads the system's store, HTTPS through either client still verifies with it and the CA
 * file, and a CA file that cannot work is refused when it is chosen, in words.
 */
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Network } from '../../../src/engine/net/network.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';
import * as t from '../../helpers/raw-server.ts';
import { useTempDir } from '../../helpers/per-describe.ts';

afterEach(t.cleanUp);

const answering = (text: string) => (_req: unknown, res: { end(body: string): void }) =>
  res.end(text);

describe('the TLS context, made on first use', () => {
  const dir = useTempDir('roadcam-tls-context-');
  let cert: { key: Buffer; cert: Buffer };
  let caFile: string;

  beforeAll(() => {
    cert = t.selfSigned();
    caFile = join(dir.path, 'ca.pem');
    writeFileSync(caFile, cert.cert);
  });

  function network(options: ConstructorParameters<typeof Network>[0]): Network {
    const made = new Network(options);
    t.later(() => made.close());
    return made;
  }

  it('is not made for plain HTTP: API calls, fetch and file GETs', async () => {
    const server = await t.listen(createHttpServer(answering('plain')));
    const net = network({ caFile, proxy: { mode: 'none' } });
    expect(await (await net.exchange(`${server.url}/a`)).text()).toBe('plain');
    expect(await (await net.fetch(`${server.url}/b`)).text()).toBe('plain');
    const file = await net.files.get(`${server.url}/c`, {});
    expect((await t.readAll(file.body)).toString()).toBe('plain');
    expect(net.tls.made).toBe(false);
  });

  it('is made on the first HTTPS connection and trusts the CA file there', async () => {
    const server = await t.listen(createHttpsServer(cert, answering('secure')), 'https');
    const net = network({ caFile, proxy: { mode: 'none' } });
    expect(await (await net.exchange(`${server.url}/a`)).text()).toBe('secure');
    expect(net.tls.made).toBe(true);
    const file = await net.files.get(`${server.url}/c`, {});
    expect((await t.readAll(file.body)).toString()).toBe('secure');
    expect(net.trust.sources.at(-1)).toEqual({ name: `the CA file ${caFile}`, count: 1 });
  });

  it('still refuses a certificate no store trusts, once made', async () => {
    const server = await t.listen(createHttpsServer(cert, answering('secure')), 'https');
    const net = network({ proxy: { mode: 'none' } });
    const error = await net.exchange(`${server.url}/a`).catch((e: unknown) => e);
    expect(String(error)).toMatch(/is not trusted/);
    expect(net.tls.made).toBe(true);
  });

  it('refuses a CA file with a damaged certificate when it is chosen, in words', async () => {
    const damaged = join(dir.path, 'damaged.pem');
    const broken =
      '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n';
    writeFileSync(damaged, `${cert.cert.toString()}${broken}`);
    const net = network({ proxy: { mode: 'none' } });
    const error = (() => {
      try {
        net.choose({ caFile: damaged });
      } catch (e) {
        return e;
      }
    })();
    expect(String(error)).toContain(`The CA file ${damaged} holds a damaged certificate (number 2`);
    const said = (error as { said: Said }).said;
    expect((await loadTranslator('de')).say(said)).toContain('beschädigtes Zertifikat (Nummer 2');
    // Nothing changed: the network still has no CA file.
    expect(net.settings.caFile).toBeNull();
  });
});
