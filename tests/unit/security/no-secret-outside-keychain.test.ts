import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import WebSocket from 'ws';
import { startCore, type Core } from '../../../src/engine/core.ts';
import { CredentialStore } from '../../../src/engine/credentials/store.ts';
import { openDatabase } from '../../../src/engine/db/database.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { tokenPath } from '../../../src/shared/web-paths.ts';
import { tempDir } from '../../helpers/core.ts';
import { skipKeychain, skipReason } from '../../helpers/keychain-env.ts';
import { readZip } from '../../helpers/zip.ts';
import { basicCredential } from '../../../src/engine/diagnostics/secrets.ts';

// A full scenario through browser mode with an account whose secret and token live in the real
// keychain; then every byte the renderer received, every file of the data folder (SQLite with
// its WAL, logs, caches) and everything the host printed is searched for both. None may hold them.
test.override({ world: { cameras: 40, hours: 2 } });

describe.skipIf(skipKeychain)(
  `secrets stay in the keychain${skipKeychain ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const dir = tempDir();
    const profile = `secrets-test-${process.pid}`;
    const token = 'secrets-test-web-token';
    const received: Buffer[] = [];
    const logLines: string[] = [];
    let core: Core;
    let host: WebHost;

    test.beforeAll(async ({ service }) => {
      const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
      await new CredentialStore(db).save(
        { name: profile, baseUrl: service.url, clientId: DEMO_CLIENT.id },
        DEMO_CLIENT.secret,
      );
      db.close();
      core = await startCore({
        dataDir: dir.path,
        connection: { kind: 'profile', profile },
        log: (line) => logLines.push(line),
      });
      host = await startWebHost({ core, staticDir: dir.path, token });
    }, 120_000);

    afterAll(async () => {
      await host?.close();
      await core?.credentials.remove(profile);
      await core?.close();
      dir.remove();
    });

    function call(ws: WebSocket, id: number, channel: string, input: unknown): Promise<unknown> {
      return new Promise((resolve) => {
        const onMessage = (data: WebSocket.RawData) => {
          const frame = JSON.parse(String(data)) as { id?: number; response?: unknown };
          if (frame.id === id) {
            ws.off('message', onMessage);
            resolve(frame.response);
          }
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ id, channel, input }));
      });
    }

    function media(path: string): Promise<void> {
      return new Promise((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: host.port,
            path: tokenPath('media', token, path),
          },
          (res) => {
            received.push(Buffer.from(JSON.stringify(res.headers)));
            res.on('data', (chunk: Buffer) => received.push(chunk));
            res.on('end', () => resolve());
          },
        );
        req.on('error', reject);
        req.end();
      });
    }

    test('runs a scenario that needs the token many times', async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?token=${token}`, {
        headers: { Origin: host.origin },
      });
      ws.on('message', (data: WebSocket.RawData) => received.push(Buffer.from(String(data))));
      await new Promise((resolve) => ws.once('open', resolve));
      let id = 0;
      const cameras = (await call(ws, ++id, 'cameras.search', { limit: 20 })) as {
        ok: boolean;
        value: { features: { id: string }[] };
      };
      expect(cameras.ok).toBe(true);
      const camera = cameras.value.features[0]!.id;
      for (const [channel, input] of [
        ['app.status', {}],
        ['observations.search', { limit: 10, camera_id: camera }],
        ['alerts.search', { limit: 10 }],
        ['cameras.imageTimes', { cameraId: camera }],
        ['profiles.list', {}],
        ['profiles.test', { name: profile }],
        ['settings.get', {}],
        ['cameras.search', { limit: 10, bbox: [-200, 0, 0, 0] }],
        [
          'profiles.save',
          { name: 'x', baseUrl: 'nope', clientId: 'a', clientSecret: DEMO_CLIENT.secret },
        ],
      ] as const) {
        received.push(Buffer.from(JSON.stringify(await call(ws, ++id, channel, input))));
      }
      await media(`cameras/${camera}/live`);
      await media('cameras/NO-SUCH/live');
      ws.close();
      expect((await core.api.invoke('app.status', {})).tokenHeld).toBe(true);
    });

    test('finds neither the client secret nor the access token anywhere outside the keychain', async () => {
      const stored = await core.credentials.tokenStore(profile).read();
      expect(stored?.accessToken.length).toBeGreaterThan(20);
      const secrets = {
        'client secret': DEMO_CLIENT.secret,
        'access token': stored!.accessToken,
        'Basic credential': basicCredential(DEMO_CLIENT.id, DEMO_CLIENT.secret),
      };
      // Save diagnostics, outside the data folder: every entry of the zip is searched too.
      const zipPath = join(`${dir.path}-out`, 'diagnostics.zip');
      mkdirSync(dirname(zipPath), { recursive: true });
      await core.diagnostics.save(zipPath, { replace: false, crashDumps: true });

      const places: [string, Buffer][] = [
        ['what the renderer received', Buffer.concat(received)],
        ['the log lines', Buffer.from(logLines.join('\n'))],
      ];
      for (const file of readdirSync(dir.path, { recursive: true }) as string[]) {
        const path = join(dir.path, file);
        if (statSync(path).isFile()) places.push([`data folder file ${file}`, readFileSync(path)]);
      }
      for (const [name, bytes] of readZip(zipPath)) places.push([`diagnostics ${name}`, bytes]);
      rmSync(dirname(zipPath), { recursive: true, force: true });
      expect(places.some(([name]) => name.includes('roadcam.sqlite'))).toBe(true);
      for (const [what, secret] of Object.entries(secrets)) {
        for (const [where, bytes] of places) {
          expect(bytes.includes(secret), `${what} found in ${where}`).toBe(false);
        }
      }
    });
  },
);
