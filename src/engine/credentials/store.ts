/**
 * Service accounts ("profiles"): name, base URL and client id in SQLite; the client secret and
 * the access token in the OS keychain, never anywhere else.
 */
import type { Credentials } from '../api/requester.ts';
import type { StoredToken, TokenStore } from '../api/token.ts';
import type { Db } from '../db/database.ts';
import { osKeychain, readAhead, type Keychain } from './keychain.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';

export interface Profile {
  name: string;
  baseUrl: string;
  clientId: string;
  createdAt: string;
  updatedAt: string;
}

export type ProfileInput = Pick<Profile, 'name' | 'baseUrl' | 'clientId'>;

/** A profile, or its secret, is missing; the message says how to add it. */
/** No profile, or no secret for it: `said` for the user's language, `message` its English. */
export class MissingCredentialsError extends Error {
  readonly said: Said;
  constructor(said: Said) {
    super(english.say(said));
    this.name = 'MissingCredentialsError';
    this.said = said;
  }
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

interface ProfileRow {
  name: string;
  base_url: string;
  client_id: string;
  created_at: string;
  updated_at: string;
}

export class CredentialStore {
  #db: Db;
  #keychain: Keychain;

  constructor(db: Db, keychain: Keychain = osKeychain()) {
    this.#db = db;
    this.#keychain = keychain;
  }

  list(): Profile[] {
    const rows = this.#db.prepare('SELECT * FROM profiles ORDER BY name').all() as ProfileRow[];
    return rows.map(toProfile);
  }

  get(name: string): Profile | undefined {
    const row = this.#db.prepare('SELECT * FROM profiles WHERE name = ?').get(name) as
      ProfileRow | undefined;
    return row && toProfile(row);
  }

  /** The profile, or an error telling how to create it. */
  require(name: string): Profile {
    const profile = this.get(name);
    if (!profile) {
      throw new MissingCredentialsError(said('auth.noProfile', { name }));
    }
    return profile;
  }

  /**
   * Adds or replaces a profile. The secret goes to the keychain first, so a keychain failure
   * leaves no half-made profile behind; a token of the old credentials is dropped.
   */
  async save(input: ProfileInput, secret: string): Promise<Profile> {
    if (!PROFILE_NAME.test(input.name)) {
      throw new RangeError(
        `A profile name is letters, digits, ".", "_" or "-" (up to 64), not ${JSON.stringify(input.name)}.`,
      );
    }
    if (!URL.canParse(input.baseUrl) || !/^https?:$/.test(new URL(input.baseUrl).protocol)) {
      throw new RangeError(
        `The base URL must be an http(s) URL, not ${JSON.stringify(input.baseUrl)}.`,
      );
    }
    if (secret.length === 0) throw new RangeError('The client secret is empty.');
    await this.#keychain.set(secretAccount(input.name), secret);
    await this.#keychain.delete(tokenAccount(input.name));
    const now = new Date().toISOString();
    this.#db
      .prepare(
        `INSERT INTO profiles (name, base_url, client_id, created_at, updated_at)
         VALUES (@name, @baseUrl, @clientId, @now, @now)
         ON CONFLICT (name) DO UPDATE SET base_url = excluded.base_url,
           client_id = excluded.client_id, updated_at = excluded.updated_at`,
      )
      .run({ ...input, baseUrl: input.baseUrl.replace(/\/+$/, ''), now });
    return this.require(input.name);
  }

  /** Removes the profile and its keychain entries. */
  async remove(name: string): Promise<boolean> {
    await this.#keychain.delete(secretAccount(name));
    await this.#keychain.delete(tokenAccount(name));
    return this.#db.prepare('DELETE FROM profiles WHERE name = ?').run(name).changes > 0;
  }

  /** The profile's credentials, read from the keychain when the client first needs a token. */
  credentials(name: string): () => Promise<Credentials> {
    return async () => {
      const profile = this.require(name);
      const secret = await this.#keychain.get(secretAccount(name));
      if (secret === null) {
        const { baseUrl, clientId } = profile;
        const params = { name, baseUrl, clientId };
        throw new MissingCredentialsError(said('auth.noSecret', params));
      }
      return { clientId: profile.clientId, clientSecret: secret };
    };
  }

  /**
   * Where the profile's access token is kept between runs (each command reuses it instead of
   * signing in again): the keychain. The entry names the service and client it was issued for,
   * and is read only for those: the same profile name in another data folder may point
   * elsewhere, and a token must never be sent to a service that did not issue it.
   */
  tokenStore(name: string): TokenStore {
    const account = tokenAccount(name);
    const issuer = (profile: Profile) => ({ baseUrl: profile.baseUrl, clientId: profile.clientId });
    return {
      read: async () => {
        const profile = this.get(name);
        return profile ? parseToken(await this.#keychain.get(account), issuer(profile)) : null;
      },
      write: (token) =>
        this.#keychain.set(account, JSON.stringify({ ...token, ...issuer(this.require(name)) })),
      clear: async () => {
        await this.#keychain.delete(account);
      },
    };
  }

  /** The password of the manual proxy's user (Settings > Network), from the keychain. */
  proxyPassword(proxyUrl: string): Promise<string | null> {
    const account = proxyAccount(proxyUrl);
    return account ? this.#keychain.get(account) : Promise.resolve(null);
  }

  /** Keeps (or, with null, forgets) the proxy user's password in the keychain. */
  async saveProxyPassword(proxyUrl: string, password: string | null): Promise<void> {
    const account = proxyAccount(proxyUrl);
    if (!account)
      throw new Error('Put the user name in the proxy address first: http://user@host:port');
    if (password === null) await this.#keychain.delete(account);
    else await this.#keychain.set(account, password);
  }

  /** The routing service's API key (Settings > Route), from the keychain. */
  routerKey(): Promise<string | null> {
    return this.#keychain.get(ROUTER_KEY_ACCOUNT);
  }

  /** Keeps (or, with null, forgets) the routing service's API key in the keychain. */
  async saveRouterKey(key: string | null): Promise<void> {
    if (key === null) await this.#keychain.delete(ROUTER_KEY_ACCOUNT);
    else await this.#keychain.set(ROUTER_KEY_ACCOUNT, key);
  }
}

/** One routing key: a user changing the service keeps it for the next one that wants a key. */
const ROUTER_KEY_ACCOUNT = 'routing/api-key';

function secretAccount(profile: string): string {
  return `${profile}/client-secret`;
}

/**
 * Begins reading the profile's kept token from the OS keychain now, for the core that starts
 * next to take (keychain.ts, `readAhead`): its round trip then runs while the core loads.
 */
export function readKeptTokenAhead(profile: string): void {
  readAhead(tokenAccount(profile));
}

function tokenAccount(profile: string): string {
  return `${profile}/access-token`;
}

function parseToken(
  raw: string | null,
  issuer: { baseUrl: string; clientId: string },
): StoredToken | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredToken & typeof issuer>;
    if (value.baseUrl !== issuer.baseUrl || value.clientId !== issuer.clientId) return null;
    if (typeof value.accessToken === 'string' && typeof value.expiresAt === 'number') {
      return { accessToken: value.accessToken, expiresAt: value.expiresAt };
    }
  } catch {
    // A damaged entry, or one of another service or client, is as good as none: a new token
    // will replace it.
  }
  return null;
}

function toProfile(row: ProfileRow): Profile {
  return {
    name: row.name,
    baseUrl: row.base_url,
    clientId: row.client_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** One keychain entry per proxy and user ("proxy:host:port:user"); none without a user. */
function proxyAccount(proxyUrl: string): string | null {
  try {
    const url = new URL(/^https?:\/\//i.test(proxyUrl) ? proxyUrl : `http://${proxyUrl}`);
    return url.username ? `proxy:${url.host}:${decodeURIComponent(url.username)}` : null;
  } catch {
    return null;
  }
}
