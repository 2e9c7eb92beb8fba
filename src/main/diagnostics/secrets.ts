import type { CredentialStore } from '../credentials/store.ts';
import type { SettingsStore } from '../db/settings-store.ts';
import { proxyPasswordFor } from '../net/choice.ts';
import type { Target } from '../target.ts';

/**
 * The secrets the core holds now, read where they live (the client's credentials, the token's
 * store, the keychain's proxy password): Save diagnostics cuts each one wherever it appears. One
 * that cannot be read (no keychain) cannot have been written anywhere by this run either.
 */
export async function heldSecrets(
  target: Pick<Target, 'credentials' | 'tokenStore'>,
  settings: Pick<SettingsStore, 'get'>,
  credentials: Pick<CredentialStore, 'proxyPassword'>,
): Promise<(string | null | undefined)[]> {
  const [client, token, proxyPassword] = await Promise.all([
    target.credentials().catch(() => null),
    target.tokenStore.read().catch(() => null),
    proxyPasswordFor(settings.get(), credentials, () => {}),
  ]);
  return [client?.clientSecret, token?.accessToken, proxyPassword];
}
