/**
 * Sign-in and credential errors say what the core means, and each front end says it in its
 * user's language: a sign-in the embedded service really refuses (a wrong secret) reads the same
 * through the IPC edge, in the desktop's dialogs and in the command line's output, in German;
 * a profile with no secret and a missing keychain likewise.
 */
import { expect } from 'vitest';
import { errorWords } from '../../../src/cli/error-words.ts';
import { errorInWords, shellWords } from '../../../src/desktop/electron/language.ts';
import { ApiClient } from '../../../src/engine/api/client.ts';
import { AuthError } from '../../../src/engine/api/errors.ts';
import { KeychainUnavailableError } from '../../../src/engine/credentials/keychain.ts';
import { MissingCredentialsError } from '../../../src/engine/credentials/store.ts';
import { createDispatcher } from '../../../src/engine/ipc/dispatcher.ts';
import { english } from '../../../src/shared/i18n/english.ts';
import { unwrap, type IpcError } from '../../../src/shared/ipc.ts';
import { testNetwork } from '../../helpers/api.ts';
import { runRoadcam } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';

test.override({ world: { cameras: 20, hours: 1 } });

const GERMAN = { LANG: 'de_DE.UTF-8' };

/** What the page would get: the error through the IPC edge every transport shares. */
async function throughIpc(error: unknown): Promise<IpcError> {
  const dispatch = createDispatcher({ 'app.status': () => Promise.reject(error) } as never);
  const response = await dispatch('app.status', {});
  try {
    unwrap(response as never);
  } catch (thrown) {
    return thrown as IpcError;
  }
  throw new Error('the call did not fail');
}

test('a refused sign-in reads the same in the app, a dialog and the command line', async ({
  service,
}) => {
  const client = new ApiClient({
    network: testNetwork(),
    baseUrl: service.url,
    credentials: () => Promise.resolve({ clientId: 'demo', clientSecret: 'wrong-secret-77' }),
  });
  const error = (await client.session().catch((e: unknown) => e)) as AuthError;
  expect(error).toBeInstanceOf(AuthError);
  expect(error.said?.code).toBe('auth.refused');
  expect(error.message).toBe(english.say(error.said!));
  expect(error.message).toMatch(
    /^sign-in failed: .*\(HTTP 401 invalid_client\)\. Check the client/,
  );

  const thrown = await throughIpc(error);
  expect(thrown.said).toEqual(error.said);
  const german = await errorWords(thrown, GERMAN);
  expect(german).toMatch(/^Anmeldung ist fehlgeschlagen: .*Prüfen Sie die Client-ID/);
  expect(german).not.toContain('wrong-secret-77');
  await shellWords.choose('de', []);
  expect(errorInWords(thrown)).toBe(german);

  // The command line with the same wrong secret, against the same service.
  const data = tempDir('roadcam-auth-words-');
  try {
    const args = [
      'cameras',
      'search',
      '--limit',
      '1',
      '--base-url',
      service.url,
      '--client-id',
      'demo',
    ];
    const env = { ...GERMAN, ROADCAM_CLIENT_SECRET: 'wrong-secret-77' };
    const cli = await runRoadcam(data.path, args, { env });
    expect(cli.code).toBe(3);
    expect(cli.stderr).toContain(`roadcam: ${german.split(' (HTTP')[0]}`);
    expect(cli.stderr).toContain('Prüfen Sie die Client-ID');
  } finally {
    data.remove();
  }
});

test('no secret, no profile, no keychain: in words of the user’s language', async () => {
  const noSecret = new MissingCredentialsError({
    code: 'auth.noSecret',
    params: { name: 'work', baseUrl: 'https://svc.example', clientId: 'c1' },
  });
  expect(noSecret.message).toMatch(/^The keychain holds no client secret for profile "work"/);
  expect(await errorWords(await throughIpc(noSecret), { LANG: 'fr_FR.UTF-8' })).toBe(
    'Le trousseau ne contient aucun secret client pour le profil « work ». Lancez : roadcam ' +
      'login --profile work --base-url https://svc.example --client-id c1',
  );
  const keychain = new KeychainUnavailableError('no D-Bus session', 'linux');
  expect(keychain.message).toMatch(/gnome-keyring.*does not store secrets in plain text/);
  expect(await errorWords(keychain, { LANG: 'es_ES.UTF-8' })).toMatch(
    /^No hay un llavero del sistema utilizable .*\(no D-Bus session\)\. En Linux, /,
  );
});
