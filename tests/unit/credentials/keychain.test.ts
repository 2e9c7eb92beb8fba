import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, vi } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { ApiClient } from '../../../src/engine/api/index.ts';
import { SearchCache } from '../../../src/engine/cache/index.ts';
import {
  KEYCHAIN_SERVICE,
  KeychainUnavailableError,
  osKeychain,
  readAhead,
} from '../../../src/engine/credentials/keychain.ts';
import { CredentialStore, MissingCredentialsError } from '../../../src/engine/credentials/store.ts';
import { openDatabase, type Db } from '../../../src/engine/db/database.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { tempDir } from '../../helpers/core.ts';
import {
  keychainProblem,
  keychainRequired,
  skipKeychain,
  skipReason,
} from '../../helpers/keychain-env.ts';
import { testNetwork } from '../../helpers/api.ts';

// Entries go under a service name of their own, never the user's real "roadcam" entries.
const testService = `roadcam-test-${process.pid}`;

describe('the keychain', () => {
  test.runIf(keychainRequired)('is available when ROADCAM_KEYRING=gnome-keyring', () => {
    expect(
      keychainProblem,
      'npm test provides gnome-keyring; the keychain must work here',
    ).toBeNull();
  });

  test('is the service "roadcam" by default', () => {
    expect(KEYCHAIN_SERVICE).toBe('roadcam');
  });

  test('says what to install when there is no Secret Service, and stores nothing elsewhere', () => {
    const keychainModule = resolve('src/engine/credentials/keychain.ts');
    const script = `const { probeKeychain } = await import(${JSON.stringify(keychainModule)}); console.log(await probeKeychain('roadcam-none'));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        HOME: tempDir().path,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.stdout.trim()).not.toBe('null');
    const error = new KeychainUnavailableError(child.stdout.trim());
    expect(error.message).toMatch(/No usable OS keychain/);
    expect(error.message).toMatch(/gnome-keyring/);
    expect(error.message).toMatch(/does not store secrets in plain text/);
  });
});

describe.skipIf(skipKeychain)(
  `CredentialStore with a real keychain${skipKeychain ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const dirs: { path: string; remove(): void }[] = [];
    const dbs: Db[] = [];
    afterEach(() => {
      dbs.splice(0).forEach((db) => db.close());
      dirs.splice(0).forEach((d) => d.remove());
    });

    function open() {
      const dir = tempDir();
      dirs.push(dir);
      const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
      dbs.push(db);
      return { dir: dir.path, db, store: new CredentialStore(db, osKeychain(testService)) };
    }

    test('keeps the profile in SQLite and the secret in the keychain', async () => {
      const { db, store } = open();
      const profile = await store.save(
        { name: 'work', baseUrl: 'https://api.example.test/', clientId: 'abc' },
        's3cret-value',
      );
      expect(profile).toMatchObject({
        name: 'work',
        baseUrl: 'https://api.example.test',
        clientId: 'abc',
      });
      expect(store.list().map((p) => p.name)).toEqual(['work']);
      expect(await osKeychain(testService).get('work/client-secret')).toBe('s3cret-value');
      expect(await store.credentials('work')()).toEqual({
        clientId: 'abc',
        clientSecret: 's3cret-value',
      });
      expect(JSON.stringify(db.prepare('SELECT * FROM profiles').all())).not.toContain('s3cret');
      expect(await store.remove('work')).toBe(true);
      expect(await osKeychain(testService).get('work/client-secret')).toBeNull();
    });

    test('refuses a bad profile name or base URL before touching the keychain', async () => {
      const { store } = open();
      await expect(
        store.save({ name: 'a b', baseUrl: 'https://x.test', clientId: 'c' }, 's'),
      ).rejects.toThrow(/profile name/);
      await expect(
        store.save({ name: 'ok', baseUrl: 'ftp://x.test', clientId: 'c' }, 's'),
      ).rejects.toThrow(/http\(s\) URL/);
    });

    test('tells how to add a missing profile or secret', async () => {
      const { store } = open();
      expect(() => store.require('nope')).toThrow(MissingCredentialsError);
      expect(() => store.require('nope')).toThrow(/roadcam login --profile nope/);
      await store.save({ name: 'gone', baseUrl: 'https://x.test', clientId: 'c' }, 'secret');
      await osKeychain(testService).delete('gone/client-secret');
      await expect(store.credentials('gone')()).rejects.toThrow(
        /no client secret for profile "gone".*roadcam login/,
      );
      await store.remove('gone');
    });

    test('keeps the token in the keychain across clients: one token request, never in SQLite', async ({
      service,
    }) => {
      const { dir, db, store } = open();
      await store.save(
        { name: 'demo', baseUrl: service.url, clientId: DEMO_CLIENT.id },
        DEMO_CLIENT.secret,
      );
      const client = () =>
        new ApiClient({
          network: testNetwork(),
          baseUrl: service.url,
          credentials: store.credentials('demo'),
          tokenStore: store.tokenStore('demo'),
        });
      const before = await service.tokenRequests();
      const cache = new SearchCache(db, service.url);
      const page = await client().cameras.search({ limit: 20 });
      cache.put('cameras', { limit: 20 }, page);
      await client().cameras.search({ limit: 5 });
      await client().session();
      expect((await service.tokenRequests()) - before).toBe(1);

      const token = (await store.tokenStore('demo').read())!.accessToken;
      expect(token.length).toBeGreaterThan(20);
      db.pragma('wal_checkpoint(TRUNCATE)');
      for (const file of readdirSync(dir)) {
        const bytes = readFileSync(join(dir, file)).toString('latin1');
        expect(bytes, file).not.toContain(DEMO_CLIENT.secret);
        expect(bytes, file).not.toContain(token);
      }
      await store.remove('demo');
      expect(await store.tokenStore('demo').read()).toBeNull();
    });

    test('reads a stored token only for the service and client that it was issued for', async () => {
      const first = open().store;
      await first.save({ name: 'shared', baseUrl: 'https://a.test', clientId: 'c' }, 'secret');
      await first.tokenStore('shared').write({ accessToken: 'tok-a', expiresAt: Date.now() + 1e9 });
      expect((await first.tokenStore('shared').read())?.accessToken).toBe('tok-a');
      // The same profile name in another data folder, for another service: the keychain entry
      // is the same, the token is not for it.
      // (Its row is written directly: saving would reset the keychain entries.)
      const other = open();
      other.db
        .prepare(
          `INSERT INTO profiles (name, base_url, client_id, created_at, updated_at)
           VALUES ('shared', 'https://b.test', 'c', '', '')`,
        )
        .run();
      expect(await other.store.tokenStore('shared').read()).toBeNull();
      expect((await first.tokenStore('shared').read())?.accessToken).toBe('tok-a');
      await first.remove('shared');
    });

    test('drops the stored token when the credentials change', async () => {
      const { store } = open();
      await store.save({ name: 'p', baseUrl: 'https://x.test', clientId: 'c' }, 'one');
      await store.tokenStore('p').write({ accessToken: 'tok', expiresAt: Date.now() + 1e9 });
      await store.save({ name: 'p', baseUrl: 'https://x.test', clientId: 'c' }, 'two');
      expect(await store.tokenStore('p').read()).toBeNull();
      await store.remove('p');
    });

    test('gives a read begun ahead to the next get of its entry, once; a set in between drops it', async () => {
      const keychain = osKeychain(testService);
      await keychain.set('ahead', 'kept');
      const keytar = (await import('keytar')).default;
      const reads = vi.spyOn(keytar, 'getPassword');
      try {
        readAhead('ahead', testService);
        expect(await keychain.get('ahead')).toBe('kept');
        expect(reads).toHaveBeenCalledTimes(1);
        expect(await keychain.get('ahead')).toBe('kept');
        expect(reads).toHaveBeenCalledTimes(2);
        readAhead('ahead', testService);
        await keychain.set('ahead', 'changed');
        expect(await keychain.get('ahead')).toBe('changed');
      } finally {
        reads.mockRestore();
        await keychain.delete('ahead');
      }
    });
  },
);
