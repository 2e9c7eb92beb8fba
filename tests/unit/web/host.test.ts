import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { offlineCoreTest as test } from '../../helpers/fixtures.ts';
import WebSocket from 'ws';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { tempDir } from '../../helpers/core.ts';
import { tokenPath } from '../../../src/shared/web-paths.ts';
import { waitFor } from '../../helpers/wait.ts';

let host: WebHost;
const files = tempDir();
const token = 'test-token-0123456789';

test.beforeAll(async ({ core }) => {
  mkdirSync(join(files.path, 'assets'));
  writeFileSync(join(files.path, 'index.html'), '<!doctype html><title>Roadcam</title>');
  writeFileSync(join(files.path, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(files.path, '..', 'secret.txt'), 'outside');
  host = await startWebHost({ core, staticDir: files.path, token });
});
afterAll(async () => {
  await host.close();
  files.remove();
});

/** A raw HTTP GET, so that Host, Origin and fetch-metadata headers can be forged. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

type Frame = {
  id?: number;
  response?: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  event?: string;
  payload?: unknown;
};

function openSocket(
  query = `token=${token}`,
  headers: Record<string, string> = { Origin: host.origin },
) {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?${query}`, { headers });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const next = (match: (f: Frame) => boolean) =>
    waitFor(() => frames.find(match), { what: 'a matching frame', timeoutMs: 2_000, everyMs: 10 });
  return { ws, opened, next };
}

describe('browser mode: the page', () => {
  test('prints a loopback URL that carries the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${token}`);
  });

  test('serves the built renderer without the token: its files are not secret', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Roadcam</title>');
    expect((await get(`/?token=${token}`)).status).toBe(200);
    const asset = await get('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  test('no answer sets a cookie, and every answer keeps its URL out of a Referer', async () => {
    const answers = [
      await get(`/?token=${token}`),
      await get('/assets/app.js'),
      await get(tokenPath('media', token, 'no/such/media')),
      await get(tokenPath('media', 'guess', 'cameras/C1/live')),
      await get('/no-such-file'),
      await get('*'),
    ];
    for (const answer of answers) {
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  test('media and diagnostics need the token in their path; the old cookie alone is refused', async () => {
    const media = tokenPath('media', token, 'no/such/media');
    expect((await get(media)).status).toBe(404); // admitted: the resolver answers
    expect((await get(tokenPath('media', 'guess', 'no/such/media'))).status).toBe(401);
    const cookie = { Cookie: `roadcam_token=${token}` };
    const refused = await get('/media/cameras/C1/live', cookie);
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('open the full URL');
    expect((await get(`/media/cameras/C1/live?token=${token}`)).status).toBe(401);
    expect((await get(tokenPath('diagnostics', 'guess'), cookie)).status).toBe(401);
    expect((await get(`/diagnostics.zip?token=${token}`, cookie)).status).toBe(404);
    await expect(openSocket('', { Origin: host.origin, ...cookie }).opened).rejects.toThrow(
      'HTTP 401',
    );
  });

  test('refuses a foreign Host header (DNS rebinding)', async () => {
    const response = await get(`/?token=${token}`, { Host: `evil.example:${host.port}` });
    expect(response.status).toBe(421);
  });

  test('refuses requests made by other sites, including other local ports', async () => {
    expect((await get(`/?token=${token}`, { Origin: 'http://127.0.0.1:1234' })).status).toBe(403);
    expect((await get(`/?token=${token}`, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await get(`/?token=${token}`, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });

  test('never serves a file outside its folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await get(`${path}?token=${token}`);
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('outside');
    }
  });

  test('answers a path it cannot parse or decode with 400, and lives on', async () => {
    const media = tokenPath('media', token, '%ZZ');
    for (const path of ['//', '//?x', '*', 'http://evil.example/', '/%E0%A4%A', media]) {
      const response = await get(path);
      expect([400, 404], `${path}: ${response.body}`).toContain(response.status);
      expect(response.body.length, path).toBeGreaterThan(0);
    }
    expect((await get('//')).status).toBe(404);
    expect((await get('*')).body).toContain('Not a path this host serves: "*"');
    expect((await get('/%E0%A4%A')).body).toContain('Not a valid path');
    // The same for a WebSocket upgrade, which has a listener of its own.
    const socket = openSocket();
    await socket.opened;
    socket.ws.close();
    const upgrade = { Connection: 'Upgrade', Upgrade: 'websocket' };
    expect((await get('//', upgrade)).status).toBe(404);
    expect((await get('*', upgrade)).status).toBe(400);
    expect((await get(`/?token=${token}`)).status).toBe(200);
  });
});

describe('browser mode: the WebSocket transport', () => {
  test('answers a valid call, refuses invalid input, and delivers events', async () => {
    const { ws, opened, next } = openSocket();
    await opened;
    ws.send(
      JSON.stringify({ id: 1, channel: 'settings.update', input: { downloadConcurrency: 4 } }),
    );
    const ok = await next((f) => f.id === 1);
    expect(ok.response).toMatchObject({ ok: true, value: { downloadConcurrency: 4 } });
    const event = await next((f) => f.event === 'settings.changed');
    expect(event.payload).toMatchObject({ downloadConcurrency: 4 });

    ws.send(
      JSON.stringify({ id: 2, channel: 'settings.update', input: { downloadConcurrency: 'many' } }),
    );
    const refused = await next((f) => f.id === 2);
    expect(refused.response?.ok).toBe(false);
    expect(refused.response?.error?.message).toMatch(
      /^Invalid input for settings\.update: downloadConcurrency: /,
    );

    ws.send('not json');
    expect(await next((f) => 'error' in f)).toMatchObject({
      error: expect.stringMatching(/Malformed message/),
    });
    ws.close();
  });

  test('a frame past its cap closes that socket alone, with 1009; the host lives on', async () => {
    const big = openSocket();
    await big.opened;
    const closed = new Promise<number>((resolve) => big.ws.once('close', resolve));
    big.ws.send('x'.repeat(1024 * 1024 + 1));
    expect(await closed).toBe(1009);
    const { ws, opened, next } = openSocket();
    await opened;
    ws.send(JSON.stringify({ id: 7, channel: 'settings.get', input: {} }));
    expect((await next((f) => f.id === 7)).response?.ok).toBe(true);
    ws.close();
  });

  test('refuses a socket without the token', async () => {
    await expect(openSocket('token=wrong').opened).rejects.toThrow('HTTP 401');
    await expect(openSocket('').opened).rejects.toThrow('HTTP 401');
  });

  test('refuses a socket from another origin or without one', async () => {
    await expect(openSocket(undefined, { Origin: 'http://localhost:3000' }).opened).rejects.toThrow(
      'HTTP 403',
    );
    await expect(openSocket(undefined, {}).opened).rejects.toThrow('HTTP 403');
  });
});

describe('refusals a person reads', () => {
  test('are in the browser’s language, the first of its languages with a catalogue', async () => {
    const german = { 'Accept-Language': 'nl-NL, de-DE;q=0.8, en;q=0.5' };
    const noToken = await get(tokenPath('media', 'guess', 'x'), german);
    expect(noToken).toMatchObject({ status: 401 });
    expect(noToken.body).toBe(
      'Roadcam braucht seinen Zugriffstoken: Öffnen Sie die vollständige URL, die `npm run web` ausgegeben hat.\n',
    );
    const rebinding = await get('/', { ...german, Host: `evil.example:${host.port}` });
    expect(rebinding.body).toMatch(/^Diese Adresse wird hier nicht bedient\./);
    const french = { 'Accept-Language': 'fr-CA', Origin: 'http://127.0.0.1:1234' };
    expect((await get('/', french)).body).toBe('Les requêtes d’autres sites sont refusées.\n');
  });
});
