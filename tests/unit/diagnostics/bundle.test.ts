/**
 * Save diagnostics after a real session against the embedded service: the tokens (the current
 * one and an earlier one) and the client secret exist in memory and (on purpose, as a careless
 * line would put them) in the log, also as the Basic credential of the sign-in; the zip must
 * hold none of them, nor any signature of a signed URL (also percent-encoded), in any entry.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { createLog, flushLog } from '../../../src/engine/log.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { bearerTokens } from '../../helpers/api.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { waitFor } from '../../helpers/wait.ts';
import { readZip } from '../../helpers/zip.ts';
import { basicCredential } from '../../../src/engine/diagnostics/secrets.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { SaidError } from '../../../src/shared/i18n/said-error.ts';

const dir = tempDir('roadcam-diagnostics-');
let core: Core | undefined;
afterAll(async () => {
  await core?.close();
  dir.remove();
});

const signed =
  'https://files.example.org/rec/1.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20261121&X-Amz-Signature=f00dfeed1234&sig=c0ffee5678';

describe('Save diagnostics', () => {
  test('zips the logs, report, settings, versions and dumps, with every secret cut', async ({
    proxy,
  }) => {
    const dataDir = join(dir.path, 'data');
    core = await startAccountCore(dataDir, proxy.url, { log: createLog(dataDir) });
    await core.client.session();
    const [earlier] = bearerTokens(proxy.requests);
    // A line that slipped through with the token of then; the token is replaced since.
    // Bare, as an echo of it would be: only knowing it finds it.
    core.log(`request failed: headers: { authorization: [ 'Bearer ${earlier}' ] }`, 'error');
    core.log(`the service echoed ${earlier}`);
    await core.client.requester.tokens.forget();
    await core.client.session();
    const token = bearerTokens(proxy.requests).find((t) => t !== earlier);
    expect(token).toBeTruthy();
    core.log(`request failed: Authorization: Bearer ${token}`, 'error');
    const basic = basicCredential(DEMO_CLIENT.id, DEMO_CLIENT.secret);
    core.log(`sign-in sent ["Authorization","Basic ${basic}"]; the credential was ${basic}`);
    core.log(`proxy said: Proxy-Authorization: Negotiate YIIGhgYGKwYBBQUCoIIGejCCBnag`);
    core.log(`player failed: /play?src=${encodeURIComponent(signed)}`);
    core.log(
      `signed in with {"client_id":"${DEMO_CLIENT.id}","client_secret":"${DEMO_CLIENT.secret}"}`,
    );
    core.log(`transfer failed: ${signed}`, 'warn');
    core.log('proxy http://roadie:hunter2-pass@proxy.example.org:3128 refused');
    await core.api.invoke('diagnostics.rendererError', {
      kind: 'error',
      message: `could not load ${signed} with token=${token}`,
    });
    // A crash dump holds raw memory: the secret in it is overwritten too.
    const dumps = join(dataDir, 'crashes', 'completed');
    mkdirSync(dumps, { recursive: true });
    writeFileSync(
      join(dumps, 'a1b2.dmp'),
      Buffer.concat([Buffer.from('MDMP\0\0'), Buffer.from(DEMO_CLIENT.secret), Buffer.alloc(64)]),
    );

    const out = join(dir.path, 'diagnostics.zip');
    core.log('the last line before saving');
    const saved = await core.diagnostics.save(out, { replace: false, crashDumps: true });
    expect(saved.path).toBe(out);
    const zip = readZip(out);
    expect([...zip.keys()].sort()).toEqual([
      'README.txt',
      'connection-report.txt',
      'crashes/a1b2.dmp',
      'logs/main.log',
      'settings.json',
      'versions.json',
    ]);
    for (const [name, bytes] of zip) {
      const text = bytes.toString('latin1');
      for (const secret of [
        token!,
        earlier!,
        basic,
        'YIIGhgYGKwYBBQUCoIIGejCCBnag',
        DEMO_CLIENT.secret,
        'hunter2-pass',
        'f00dfeed1234',
        'c0ffee5678',
        'AKIAEXAMPLE',
      ]) {
        expect(text.includes(secret), `${name} holds ${secret}`).toBe(false);
      }
      expect(text, name).not.toMatch(/sig=(?!\[redacted\])|X-Amz-[\w-]+=(?!\[redacted\])/i);
      expect(text, name).not.toMatch(/sig%3D(?!\[redacted\])|X-Amz-[\w-]+%3D(?!\[redacted\])/i);
    }
    const log = zip.get('logs/main.log')!.toString();
    expect(log).toMatch(/Roadcam \S+ starting: Electron none .*data in /);
    expect(log).toMatch(/the last line before saving\n$/);
    expect(log).toMatch(
      /ERROR renderer error: could not load https:\/\/files\.example\.org\/rec\/1\.mp4\?/,
    );
    expect(log).toMatch(/ERROR request failed: Authorization: Bearer \[redacted\]/);
    expect(zip.get('connection-report.txt')!.toString()).toMatch(/^Roadcam connection report/);
    expect(JSON.parse(zip.get('versions.json')!.toString())).toMatchObject({ dataFolder: dataDir });
    expect(JSON.parse(zip.get('settings.json')!.toString())).toHaveProperty('proxyMode');
    expect(zip.get('crashes/a1b2.dmp')!.subarray(0, 4).toString()).toBe('MDMP');
  });

  test('crash dumps stay out unless ticked in; a file there is kept, a link not followed', async () => {
    const out = join(dir.path, 'plain.zip');
    await core!.diagnostics.save(out, { replace: false });
    const zip = readZip(out);
    expect([...zip.keys()].filter((name) => name.startsWith('crashes/'))).toEqual([]);
    expect(zip.get('README.txt')!.toString()).toMatch(/1 crash dump left out: they hold/);
    await expect(
      core!.diagnostics.save(out, { replace: false, existsHint: 'force' }),
    ).rejects.toThrow(
      /plain\.zip exists already; pass --force to replace it, or choose another name\.$/,
    );
    const victim = join(dir.path, 'victim.txt');
    writeFileSync(victim, 'mine');
    const link = join(dir.path, 'link.zip');
    symlinkSync(victim, link);
    await expect(core!.diagnostics.save(link, { replace: true })).rejects.toThrow(
      /link\.zip is a symbolic link; Roadcam does not write through links\. Remove the link/,
    );
    // What the desktop's and the command line's words say, in the user's language.
    const refused: unknown = await core!.diagnostics.save(link, { replace: true }).catch((e) => e);
    expect((await loadTranslator('de')).say((refused as SaidError).said)).toBe(
      `Die Diagnosedaten konnten nicht unter ${link} gespeichert werden: ${link} ist ein ` +
        'symbolischer Link; Roadcam schreibt nicht durch Links. Entfernen Sie den Link, oder ' +
        'wählen Sie einen anderen Dateinamen.',
    );
    expect(readFileSync(victim, 'utf8')).toBe('mine');
    expect(readdirSync(dir.path).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  test('a page throwing in a loop logs 20 errors a minute, not thousands', async () => {
    for (let i = 0; i < 200; i++) {
      await core!.api.invoke('diagnostics.rendererError', {
        kind: 'rejection',
        message: `loop ${i}`,
      });
    }
    // A failed call is in the log with its cause, as a warning.
    await expect(core!.api.invoke('diagnostics.showLogs', {})).rejects.toThrow();
    await flushLog(core!.log);
    const log = readFileSync(join(dir.path, 'data', 'logs', 'main.log'), 'utf8');
    expect(log.match(/ERROR renderer (error|unhandled rejection)/g)).toHaveLength(20);
    expect(log).toMatch(/ WARN ipc diagnostics\.showLogs failed: Browser mode cannot open folders/);
  });

  test('a download batch that ends is summed up in the log: files by state, bytes, time', async () => {
    const page = await core!.api.invoke('recordings.search', {
      status: 'complete',
      limit: 1,
    });
    const batch = await core!.api.invoke('downloads.add', {
      recordingIds: [page.features[0]!.id, 'rec_doesnotexist'],
      formats: ['jpg'],
      folder: join(dir.path, 'downloads'),
    });
    // The log writes in the background: read until the line is there.
    const line = await waitFor(
      () => {
        const log = readFileSync(join(dir.path, 'data', 'logs', 'main.log'), 'utf8');
        return new RegExp(`^.* WARN download batch ${batch.id} .*$`, 'm').exec(log)?.[0];
      },
      { what: "the batch's line in the log", timeoutMs: 20_000 },
    );
    expect(line).toMatch(/ failed: 2 files \(1 completed, 1 failed\); [\d.]+ (B|KB|MB) in \d+ s$/);
  });
});
