/** `roadcam login`, `logout`, `profiles` and `session`: accounts and their keychain entries. */
import { ApiClient, MemoryTokenStore } from '../../engine/api/index.ts';
import { formatDuration } from '../../shared/format.ts';
import { CredentialStore } from '../../engine/credentials/store.ts';
import { checkFlags, flag, UsageError } from '../argv.ts';
import {
  GLOBAL_FLAGS,
  profileName,
  withCore,
  withDatabase,
  withNetwork,
  type Context,
} from '../context.ts';
import { note, printJson, printNdjson, printTable } from '../output.ts';

export const LOGIN_FLAGS = ['profile', 'base-url', 'client-id'];

export async function login(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, LOGIN_FLAGS, 'roadcam login');
  const baseUrl = flag(ctx.argv, 'base-url');
  const clientId = flag(ctx.argv, 'client-id');
  if (!baseUrl || !clientId)
    throw new UsageError('roadcam login needs --base-url URL and --client-id ID.');
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new UsageError(`--base-url must be an http(s) URL, not "${baseUrl}".`);
  }
  const name = profileName(ctx);
  const secret = await ctx.readSecret();
  if (secret.length === 0)
    throw new UsageError('The client secret is empty: type it at the prompt, or pipe it in.');

  // Checked before anything is saved: a typo must not leave a profile that cannot sign in.
  const tokens = new MemoryTokenStore();
  let account: string | undefined;
  if (!ctx.argv.switches.has('no-verify')) {
    account = await withNetwork(ctx, async (network) => {
      const client = new ApiClient({
        baseUrl,
        credentials: () => Promise.resolve({ clientId, clientSecret: secret }),
        tokenStore: tokens,
        network,
      });
      return (await client.session()).name;
    });
  }
  const profile = await withDatabase(ctx, async (db) => {
    const store = new CredentialStore(db);
    const saved = await store.save({ name, baseUrl, clientId }, secret);
    const token = await tokens.read();
    if (token) await store.tokenStore(name).write(token);
    return saved;
  });
  if (ctx.json) printJson(ctx.io, { ...profile, verified: account !== undefined });
  else {
    const who = account === undefined ? 'not verified' : `signed in as ${account}`;
    note(
      ctx.io,
      `Profile "${name}" saved for ${profile.baseUrl} (${who}). The secret and token are in the OS keychain.`,
    );
  }
  return 0;
}

export async function logout(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, ['profile'], 'roadcam logout');
  const name = profileName(ctx);
  const removed = await withDatabase(ctx, (db) => new CredentialStore(db).remove(name));
  if (!removed) throw new UsageError(`There is no profile "${name}".`);
  note(ctx.io, `Profile "${name}" removed, with its secret and token.`);
  return 0;
}

export async function profiles(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [], 'roadcam profiles');
  // Listing reads SQLite only: it works without a keychain.
  const list = await withDatabase(ctx, (db) => Promise.resolve(new CredentialStore(db).list()));
  if (ctx.json) printNdjson(ctx.io, list);
  else if (list.length === 0)
    note(ctx.io, 'No profiles yet. Add one with: roadcam login --base-url URL --client-id ID');
  else {
    printTable(
      ctx.io,
      ['name', 'base_url', 'client_id', 'updated'],
      list.map((p) => ({
        name: p.name,
        base_url: p.baseUrl,
        client_id: p.clientId,
        updated: p.updatedAt,
      })),
    );
  }
  return 0;
}

export async function session(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam session');
  return withCore(ctx, async (core) => {
    const s = await core.client.session();
    if (ctx.json) printJson(ctx.io, { base_url: core.client.baseUrl, ...s });
    else {
      printTable(
        ctx.io,
        ['service', 'name', 'roles', 'token valid for'],
        [
          {
            service: core.client.baseUrl,
            name: s.name,
            roles: s.roles.join(','),
            // The token's own expiry: the unit of the session's expires_in is not shown.
            'token valid for': formatDuration(core.client.tokenSecondsLeft() ?? 0),
          },
        ],
      );
    }
    return 0;
  });
}
