/**
 * The accounts section of Settings (src/renderer/settings/profiles.svelte.ts) against a real
 * demo core and the real keychain: listing, saving, testing, choosing and removing accounts,
 * failures in words, and the secret never handed back to the renderer.
 */
import { afterAll, describe, expect } from 'vitest';
import { ProfilesState } from '../../../../src/renderer/settings/profiles.svelte.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { DEMO_CLIENT } from '../../../../src/service/index.ts';
import { skipKeychain, skipReason } from '../../../helpers/keychain-env.ts';
import { test } from '../../../helpers/renderer-core.ts';

const name = `renderer-account-${process.pid}`;
const wrong = `${name}-wrong`;
const wrongSecret = 'not-the-secret-8d2e';

describe.skipIf(skipKeychain)(
  `the accounts in Settings${skipKeychain ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cleanUp = async () => {};
    afterAll(() => cleanUp());
    /** Accounts a failed run left in the keychain are removed with the file's core. */
    const removeAtEnd = (api: Api) => {
      cleanUp = async () => {
        for (const n of [name, wrong])
          await api.invoke('profiles.remove', { name: n }).catch(() => undefined);
      };
    };

    test('lists, saves, tests, chooses and removes an account; its secret never comes back', async ({
      core,
    }) => {
      removeAtEnd(core.api);
      const profiles = new ProfilesState(core.api);
      expect(profiles.state).toBeNull();
      await profiles.load();
      expect(profiles.state).toMatchObject({
        demoMode: true,
        activeProfile: null,
        running: { mode: 'demo', profile: null },
      });
      expect(profiles.state!.profiles.map((p) => p.name)).not.toContain(name);

      const account = {
        name,
        baseUrl: core.client.baseUrl,
        clientId: DEMO_CLIENT.id,
        clientSecret: DEMO_CLIENT.secret,
      };
      expect(await profiles.save(account)).toBe(true);
      expect([profiles.op.busy, profiles.op.error]).toEqual([false, null]);
      expect(profiles.state!.profiles.find((p) => p.name === name)).toMatchObject({
        baseUrl: core.client.baseUrl,
        clientId: DEMO_CLIENT.id,
      });

      const testing = profiles.test(name);
      expect(profiles.tests[name]).toBe('running');
      await testing;
      expect(profiles.tests[name]).toMatchObject({ ok: true, session: { name: DEMO_CLIENT.id } });

      await profiles.use({ demo: false, name }, true);
      expect(profiles.state).toMatchObject({ demoMode: false, activeProfile: name });
      expect(profiles.switching).toBe(`Roadcam restarts to switch to the account ${name}…`);
      await profiles.use({ demo: true }, false);
      expect(profiles.switching).toBe('Saved. Restart `npm run web` to switch to demo mode.');
      await profiles.use({ demo: false, name }, false);
      expect(profiles.switching).toBe(
        `Saved. Restart \`npm run web\` to switch to the account ${name}.`,
      );

      expect(JSON.stringify([profiles.state, profiles.tests])).not.toContain(DEMO_CLIENT.secret);

      // Removing the account chosen for the next start goes back to demo mode.
      await profiles.remove(name);
      expect(profiles.op.error).toBeNull();
      expect(profiles.state!.profiles.map((p) => p.name)).not.toContain(name);
      expect(profiles.state).toMatchObject({ demoMode: true, activeProfile: null });
    });

    test('what the main process refuses is said in words, and the list shown stays', async ({
      core,
    }) => {
      removeAtEnd(core.api);
      const profiles = new ProfilesState(core.api);
      await profiles.load();
      const shown = profiles.state;

      const saved = await profiles.save({
        name,
        baseUrl: core.client.baseUrl,
        clientId: DEMO_CLIENT.id,
        clientSecret: '',
      });
      expect(saved).toBe(false);
      // Said at its field, in words, and not sent: the contract's own text never shows.
      expect(profiles.draft.problems).toEqual({
        clientSecret: 'Type the client secret that goes with the client id.',
      });
      expect(profiles.op.error).toBeNull();
      expect(profiles.savedName).toBeNull();
      expect(profiles.state).toBe(shown);

      profiles.switching = null;
      await profiles.use({ demo: false, name: 'nobody-here' }, true);
      expect(profiles.op.error).toMatch(/no profile "nobody-here"/);
      expect(profiles.switching).toBeNull();
      expect(profiles.state).toBe(shown);

      // The next answer takes the explanation away.
      await profiles.load();
      expect(profiles.op.error).toBeNull();
    });

    test('a test that fails says why, without the secret typed in', async ({ core }) => {
      removeAtEnd(core.api);
      const profiles = new ProfilesState(core.api);
      await profiles.save({
        name: wrong,
        baseUrl: core.client.baseUrl,
        clientId: DEMO_CLIENT.id,
        clientSecret: wrongSecret,
      });
      await profiles.test(wrong);
      const refused = profiles.tests[wrong];
      expect(refused).toMatchObject({
        ok: false,
        message: expect.stringMatching(/credentials|client/i),
      });
      expect(JSON.stringify([profiles.state, profiles.tests])).not.toContain(wrongSecret);

      // An account removed meanwhile (in another window): the test reports it, not the page.
      await profiles.remove(wrong);
      await profiles.test(wrong);
      expect(profiles.tests[wrong]).toEqual({
        ok: false,
        message: expect.stringMatching(/no profile "renderer-account-\d+-wrong"/),
      });
    });
  },
);
