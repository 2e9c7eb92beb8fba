/** `roadcam login`, `logout`, `profiles` and `session`: accounts and their keychain entries. */
import { formatDuration } from '../../shared/format.ts';
import { said } from '../../shared/i18n/translator.ts';
import { checkFlags, flag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, profileName, withDataFolder, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { LOGIN_FLAGS } from './flags.ts';
import { note, printJson, printNdjson, printTable } from '../output.ts';

export async function login(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, LOGIN_FLAGS, 'roadcam login');
  const baseUrl = flag(ctx.argv, 'base-url');
  const clientId = flag(ctx.argv, 'client-id');
  if (!baseUrl || !clientId) throw new UsageError(said('cli.account.loginNeeds'));
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new UsageError(said('cli.baseUrlHttp', { url: baseUrl }));
  }
  const name = profileName(ctx);
  const secret = await ctx.readSecret();
  if (secret.length === 0) throw new UsageError(said('cli.account.emptySecret'));

  const verify = !ctx.argv.switches.has('no-verify');
  const { profile, account } = await withDataFolder(ctx, (engine) =>
    invoke(engine, 'cli.profiles.save', { name, baseUrl, clientId, secret, verify }),
  );
  if (ctx.json) printJson(ctx.io, { ...profile, verified: account !== null });
  else {
    const verified = account === null ? 'no' : 'yes';
    const saved = { name, url: profile.baseUrl, verified, account: account ?? '' };
    note(ctx.io, ctx.words.t('cli.account.saved', saved));
  }
  return 0;
}

export async function logout(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, ['profile'], 'roadcam logout');
  const name = profileName(ctx);
  const removed = await withDataFolder(ctx, (engine) =>
    invoke(engine, 'cli.profiles.remove', { name }),
  );
  if (!removed) throw new UsageError(said('cli.account.noProfile', { name }));
  note(ctx.io, ctx.words.t('cli.account.removed', { name }));
  return 0;
}

export async function profiles(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [], 'roadcam profiles');
  // Listing reads SQLite only: it works without a keychain.
  const list = await withDataFolder(ctx, (engine) => invoke(engine, 'cli.profiles.list', {}));
  if (ctx.json) printNdjson(ctx.io, list);
  else if (list.length === 0) note(ctx.io, ctx.words.t('cli.account.none'));
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
  return withEngine(ctx, async (engine) => {
    const { baseUrl, session: s, tokenSecondsLeft } = await invoke(engine, 'cli.session', {});
    if (ctx.json) printJson(ctx.io, { base_url: baseUrl, ...s });
    else {
      const validFor = ctx.words.t('cli.account.tokenValidFor');
      printTable(
        ctx.io,
        ['service', 'name', 'roles', validFor],
        [
          {
            service: baseUrl,
            name: s.name,
            roles: s.roles.join(','),
            // The token's own expiry: the unit of the session's expires_in is not shown.
            [validFor]: formatDuration(tokenSecondsLeft ?? 0),
          },
        ],
      );
    }
    return 0;
  });
}
