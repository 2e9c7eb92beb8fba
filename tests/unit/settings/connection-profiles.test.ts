import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { connectionFromSettings } from '../../../src/engine/startup.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { useOfflineCore } from '../../helpers/per-describe.ts';
import { skipKeychain, skipReason } from '../../helpers/keychain-env.ts';

// Accounts as Settings handles them, through the same validating edge as the renderer, with the
// real keychain (gnome-keyring under npm test) and the real service.
test.override({ world: { cameras: 20, hours: 1 } });

describe.skipIf(skipKeychain)(
  `Settings accounts${skipKeychain ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const core = useOfflineCore();
    const name = `settings-test-${process.pid}`;
    const wrong = `${name}-wrong`;
    const secretMarker = 'not-the-secret-4f1c';

    afterAll(async () => {
      await core.api.invoke('profiles.remove', { name }).catch(() => undefined);
      await core.api.invoke('profiles.remove', { name: wrong }).catch(() => undefined);
    });

    test('refuses an account with a bad base URL or an empty secret, naming the field', async ({
      service,
    }) => {
      await expect(
        core.api.invoke('profiles.save', {
          name,
          baseUrl: 'ftp://x',
          clientId: 'a',
          clientSecret: 's',
        }),
      ).rejects.toThrow(/baseUrl: .*http\(s\) URL/);
      await expect(
        core.api.invoke('profiles.save', {
          name,
          baseUrl: service.url,
          clientId: 'a',
          clientSecret: '',
        }),
      ).rejects.toThrow(/clientSecret: the client secret is empty/);
      await expect(
        core.api.invoke('profiles.save', {
          name: '../etc',
          baseUrl: service.url,
          clientId: 'a',
          clientSecret: 's',
        }),
      ).rejects.toThrow(/name: /);
    });

    test('saves an account without ever handing its secret back', async ({ service }) => {
      const state = await core.api.invoke('profiles.save', {
        name,
        baseUrl: service.url,
        clientId: DEMO_CLIENT.id,
        clientSecret: DEMO_CLIENT.secret,
      });
      expect(state.profiles.map((p) => p.name)).toContain(name);
      expect(JSON.stringify(state)).not.toContain(DEMO_CLIENT.secret);
      expect(readFileSync(join(core.dataDir, 'roadcam.sqlite')).includes(DEMO_CLIENT.secret)).toBe(
        false,
      );
    });

    test('tests an account against /v1/session', async () => {
      const test = await core.api.invoke('profiles.test', { name });
      expect(test).toMatchObject({ ok: true, session: { name: DEMO_CLIENT.id } });
      expect(test.session!.expiresIn).toBeGreaterThan(6 * 24 * 3600);
    });

    test('reports refused credentials in words, without the secret', async ({ service }) => {
      await core.api.invoke('profiles.save', {
        name: wrong,
        baseUrl: service.url,
        clientId: 'demo',
        clientSecret: secretMarker,
      });
      const test = await core.api.invoke('profiles.test', { name: wrong });
      expect(test.ok).toBe(false);
      expect(test.message).toMatch(/credentials|client/i);
      expect(test.message).not.toContain(secretMarker);
    });

    test('chooses the account for the next start and asks the host to restart', async () => {
      const restarts: string[] = [];
      const off = core.hub.on('app.restartRequested', ({ reason }) => restarts.push(reason));
      const state = await core.api.invoke('profiles.use', { demo: false, name });
      off();
      expect(state).toMatchObject({
        demoMode: false,
        activeProfile: name,
        running: { mode: 'remote', profile: null },
      });
      expect(restarts).toEqual([`switch to the account ${name}`]);
      // What the next start (desktop app or browser mode) will connect with:
      expect(connectionFromSettings(core.dataDir)).toEqual({ kind: 'profile', profile: name });
    });

    test('refuses to use an account that does not exist', async () => {
      await expect(
        core.api.invoke('profiles.use', { demo: false, name: 'nobody-here' }),
      ).rejects.toThrow(/no profile "nobody-here"/);
    });

    test('removes an account and its keychain entries', async () => {
      const state = await core.api.invoke('profiles.remove', { name });
      expect(state.profiles.map((p) => p.name)).not.toContain(name);
      const test = core.api.invoke('profiles.test', { name });
      await expect(test).rejects.toThrow(/no profile/);
    });
  },
);
