import type { Credentials } from '../api/requester.ts';
import type { StoredToken, TokenStore } from '../api/token.ts';
import type { CredentialStore } from '../credentials/store.ts';
import type { SettingsStore } from '../db/settings-store.ts';
import { proxyPasswordFor } from '../net/choice.ts';

/** The most secrets remembered: a token an hour for six weeks; the oldest is forgotten first. */
export const SECRETS_REMEMBERED = 1000;

/**
 * Every secret this process has held, not only the current ones: a line logged an hour ago may
 * hold the token of an hour ago. The token store tells it each token it writes or reads.
 */
export class SeenSecrets {
  readonly #seen = new Set<string>();

  remember(...values: readonly (string | null | undefined)[]): void {
    for (const value of values) {
      if (!value) continue;
      // Set keeps insertion order: re-adding moves a secret to the newest end.
      this.#seen.delete(value);
      this.#seen.add(value);
      if (this.#seen.size > SECRETS_REMEMBERED)
        this.#seen.delete(this.#seen.values().next().value!);
    }
  }

  all(): string[] {
    return [...this.#seen];
  }
}

/** `store`, telling `seen` every token that passes through it. */
export function rememberingTokenStore(store: TokenStore, seen: SeenSecrets): TokenStore {
  const note = (token: StoredToken | null) => {
    seen.remember(token?.accessToken);
    return token;
  };
  return {
    read: () => store.read().then(note),
    write: (token) => {
      note(token);
      return store.write(token);
    },
    clear: () => store.clear(),
  };
}

/**
 * The secrets the core holds now, read where they live (the client's credentials, the token's
 * store, the keychain's proxy password and routing key), with every one held before: Save
 * diagnostics cuts each one wherever it appears. The Basic credentials sent with them (`id:secret` in base64, for the
 * sign-in and the proxy) are cut as they are. One that cannot be read (no keychain) cannot have
 * been written anywhere by this run either.
 */
export async function heldSecrets(
  target: { credentials: () => Promise<Credentials>; tokenStore: Pick<TokenStore, 'read'> },
  settings: Pick<SettingsStore, 'get'>,
  credentials: Pick<CredentialStore, 'proxyPassword' | 'routerKey'>,
  seen = new SeenSecrets(),
): Promise<string[]> {
  const [client, token, proxyPassword, routerKey] = await Promise.all([
    target.credentials().catch(() => null),
    target.tokenStore.read().catch(() => null),
    proxyPasswordFor(settings.get(), credentials, () => {}),
    credentials.routerKey().catch(() => null),
  ]);
  seen.remember(client?.clientSecret, token?.accessToken, proxyPassword, routerKey);
  if (client) seen.remember(basicCredential(client.clientId, client.clientSecret));
  if (proxyPassword) seen.remember(basicCredential(proxyUser(settings), proxyPassword));
  return seen.all();
}

/** What an `Authorization: Basic` header carries for `user` and `password`. */
export function basicCredential(user: string, password: string): string {
  return Buffer.from(`${user}:${password}`).toString('base64');
}

function proxyUser(settings: Pick<SettingsStore, 'get'>): string {
  try {
    return decodeURIComponent(new URL(settings.get().proxyUrl).username);
  } catch {
    return '';
  }
}
