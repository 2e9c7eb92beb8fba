/**
 * The network's own sentences (a certificate no store trusts, a proxy that is not there, a CA
 * file or a proxy address that cannot work) reach each front end in its user's language: the
 * core says them as catalogue codes, the app's Settings and connection report read them through
 * the translator, the command line in LANG's language. Real sockets throughout: a TLS service
 * with a CA of its own, a port where nothing listens.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';
import { direct, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { startAccountCore } from '../../helpers/core.ts';
import { useService, useTempDir } from '../../helpers/per-describe.ts';

const NOWHERE = 'http://127.0.0.1:9';

async function german(error: unknown): Promise<string> {
  const said = (error as { said?: Said }).said;
  expect(said, String(error)).toBeDefined();
  return (await loadTranslator('de')).say(said!);
}

describe('the network says what is wrong in the language asked for', () => {
  const secure = useService({ cameras: 10, hours: 1, tls: true });
  const dir = useTempDir('roadcam-net-words-');
  const cores: Core[] = [];
  const core = async (name: string, network: Parameters<typeof startAccountCore>[2] = {}) => {
    const started = await startAccountCore(join(dir.path, name), secure.url, network);
    cores.push(started);
    return started;
  };

  afterAll(async () => {
    for (const c of cores) await c.close();
  });

  it('an untrusted certificate, in German', async () => {
    const plain = await core('plain');
    const error = await plain.client.cameras.search({ limit: 1 }).catch((e: unknown) => e);
    const host = new URL(secure.url).host;
    expect(await german(error)).toMatch(
      new RegExp(
        `^Anmeldung ist fehlgeschlagen: Dem Zertifikat von ${host.replace(/\./g, '\\.')} wird nicht vertraut \\(\\w+\\)\\. .*CA-Datei`,
      ),
    );
    // The English stays the message, for logs.
    expect((error as Error).message).toMatch(/certificate of .* is not trusted/);
  });

  it('a proxy that is not there, in German: the failure and the connection report', async () => {
    const proxied = await core('proxied', {
      network: { proxy: { mode: 'manual', url: NOWHERE } },
    });
    const error = await proxied.client.cameras.search({ limit: 1 }).catch((e: unknown) => e);
    expect(await german(error)).toMatch(
      /^Anmeldung ist fehlgeschlagen: Der Proxy http:\/\/127\.0\.0\.1:9 \(aus Einstellungen\) ist nicht erreichbar \(ECONNREFUSED\)\. .*„Kein Proxy“/,
    );
    const report = await proxied.api.invoke('app.connectionReport', {});
    const de = await loadTranslator('de');
    const said = (topic: string) => report.findings.find((f) => f.topic === topic)!.said!;
    expect(said('Proxy').summary.map((s) => de.say(s))).toEqual([
      'über http://127.0.0.1:9 (Einstellungen)',
    ]);
    expect(de.say(said('Reach').summary[0]!)).toMatch(/Der Proxy .* ist nicht erreichbar/);
  }, 30_000);

  it('a CA file Settings cannot use, refused in German', async () => {
    const settings = await core('settings');
    const missing = join(dir.path, 'no-such-ca.pem');
    const error = await settings.api
      .invoke('settings.update', { caFile: missing })
      .catch((e: unknown) => e);
    expect(await german(error)).toBe(
      `Die CA-Datei ${missing} kann nicht gelesen werden (ENOENT): Prüfen Sie den Pfad in den Einstellungen`,
    );
  });

  it('the command line says a wrong --proxy and --ca-file in LANG’s language', async () => {
    const run = (args: string[]) =>
      runRoadcam(join(dir.path, 'cli'), ['doctor', ...direct(secure.url), ...args], {
        env: { ...secretEnv, LANG: 'fr_FR.UTF-8' },
      });
    const socks = await run(['--proxy', 'socks5://p:1080']);
    expect(socks.code).toBe(2);
    expect(socks.stderr).toMatch(/--proxy : les proxys socks5 ne sont pas pris en charge/);
    const noCa = await run(['--ca-file', join(dir.path, 'none.pem')]);
    expect(noCa.stderr).toMatch(/Le fichier d’AC .*none\.pem ne peut pas être lu \(ENOENT\)/);
    const env = await runRoadcam(join(dir.path, 'cli'), ['doctor', ...direct(secure.url)], {
      env: { ...secretEnv, LANG: 'fr_FR.UTF-8', HTTPS_PROXY: NOWHERE, https_proxy: '' },
    });
    expect(env.stdout).toMatch(/^ {6}Proxy : via http:\/\/127\.0\.0\.1:9 \(HTTPS_PROXY\)$/m);
    expect(env.stdout).toMatch(
      /Le proxy http:\/\/127\.0\.0\.1:9 \(d’après HTTPS_PROXY\) est injoignable/,
    );
  }, 60_000);
});
