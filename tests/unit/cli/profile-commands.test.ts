import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { osKeychain } from '../../../src/engine/credentials/keychain.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { tempDir } from '../../helpers/core.ts';
import { type TestService } from '../../helpers/api.ts';
import { skipKeychain, skipReason } from '../../helpers/keychain-env.ts';
import { direct as directTo, lines, runRoadcam } from '../../helpers/cli.ts';

const dataDir = tempDir('roadcam-cli-profiles-');
afterAll(() => dataDir.remove());

const roadcam = (args: string[], options?: Parameters<typeof runRoadcam>[2]) =>
  runRoadcam(dataDir.path, args, options);
const direct = (service: TestService) => directTo(service.url);

describe.skipIf(skipKeychain)(
  `profiles in the keychain${skipKeychain ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const profile = `cli-test-${process.pid}`;

    test('login reads the secret from stdin, later commands use the profile, nothing secret on disk', async ({
      service,
    }) => {
      const login = await roadcam(['login', '--profile', profile, ...direct(service)], {
        input: `${DEMO_CLIENT.secret}\n`,
      });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toMatch(/signed in as demo/);
      const before = await service.tokenRequests();
      const session = await roadcam(['session', '--profile', profile, '--json']);
      expect(session.code, session.stderr).toBe(0);
      const search = await roadcam([
        'cameras',
        'search',
        '--profile',
        profile,
        '--limit',
        '2',
        '--json',
      ]);
      expect(lines(search.stdout)).toHaveLength(2);
      expect(await service.tokenRequests()).toBe(before);

      const list = await roadcam(['profiles', '--json']);
      expect(lines(list.stdout).map((l) => JSON.parse(l) as { name: string })).toContainEqual(
        expect.objectContaining({ name: profile, baseUrl: service.url, clientId: 'demo' }),
      );
      const token = JSON.parse((await osKeychain().get(`${profile}/access-token`))!) as {
        accessToken: string;
      };
      for (const file of readdirSync(dataDir.path)) {
        if (!file.startsWith('roadcam.sqlite')) continue;
        const bytes = readFileSync(join(dataDir.path, file)).toString('latin1');
        expect(bytes, file).not.toContain(DEMO_CLIENT.secret);
        expect(bytes, file).not.toContain(token.accessToken);
      }
      expect((await roadcam(['logout', '--profile', profile])).code).toBe(0);
      expect(await osKeychain().get(`${profile}/client-secret`)).toBeNull();
    });

    test('a kept token that expired or was revoked is replaced by one token request', async ({
      service,
    }) => {
      const name = `${profile}-kept`;
      const login = await roadcam(['login', '--profile', name, ...direct(service)], {
        input: `${DEMO_CLIENT.secret}\n`,
      });
      expect(login.code, login.stderr).toBe(0);
      const account = `${name}/access-token`;
      const kept = async () =>
        JSON.parse((await osKeychain().get(account))!) as {
          accessToken: string;
          expiresAt: number;
        };
      const issued = await kept();
      const search = ['cameras', 'search', '--profile', name, '--limit', '1', '--json'];
      // Revoked: still in its lifetime, refused by the service (401).
      // Expired: within the renewal margin (5 min): not even sent.
      for (const stale of [
        { ...issued, accessToken: 'revoked-token' },
        { ...issued, expiresAt: Date.now() + 60_000 },
      ]) {
        await osKeychain().set(account, JSON.stringify(stale));
        const before = await service.tokenRequests();
        const out = await roadcam(search);
        expect(out.code, out.stderr).toBe(0);
        expect(await service.tokenRequests()).toBe(before + 1);
        const now = await kept();
        expect(now.accessToken).not.toBe(stale.accessToken);
        expect(now.expiresAt).toBeGreaterThan(Date.now() + 3_600_000);
      }
      expect((await roadcam(['logout', '--profile', name])).code).toBe(0);
      expect(await osKeychain().get(account)).toBeNull();
    });

    test('login refuses wrong credentials and saves nothing (exit 3)', async ({ service }) => {
      const login = await roadcam(['login', '--profile', `${profile}-bad`, ...direct(service)], {
        input: 'wrong\n',
      });
      expect(login.code).toBe(3);
      const list = await roadcam(['profiles', '--json']);
      expect(list.stdout).not.toContain(`${profile}-bad`);
    });
  },
);
