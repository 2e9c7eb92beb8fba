import type { ConnectionTest, profileChannels, ProfilesView } from '../../shared/ipc/profiles.ts';
import { ApiClient } from '../api/client.ts';
import { MemoryTokenStore } from '../api/token.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

type ProfileParts = Pick<
  CoreParts,
  'credentials' | 'hub' | 'log' | 'network' | 'service' | 'settings'
>;

/**
 * Accounts in Settings: saved with their secret in the keychain, tested against /v1/session,
 * and chosen for the next start. The running core keeps its connection until the app restarts,
 * so nothing in flight (downloads, the wall) switches service half-way.
 */
export function profilesFeature(ctx: ProfileParts): Feature<ChannelsIn<typeof profileChannels>> {
  const state = (): ProfilesView => {
    const settings = ctx.settings.get();
    return {
      profiles: ctx.credentials.list(),
      demoMode: settings.demoMode,
      activeProfile: settings.activeProfile,
      running: { mode: ctx.service.mode, profile: ctx.service.profile },
    };
  };

  const handlers: Feature<ChannelsIn<typeof profileChannels>>['handlers'] = {
    'profiles.list': () => state(),
    'profiles.save': async ({ clientSecret, ...profile }) => {
      await ctx.credentials.save(profile, clientSecret);
      ctx.log(`profile ${profile.name} saved (${profile.baseUrl})`);
      return state();
    },
    'profiles.remove': async ({ name }) => {
      await ctx.credentials.remove(name);
      if (ctx.settings.get().activeProfile === name) {
        ctx.hub.emit(
          'settings.changed',
          ctx.settings.update({ activeProfile: null, demoMode: true }),
        );
      }
      return state();
    },
    'profiles.test': ({ name }) => testProfile(ctx, name),
    'profiles.use': (choice) => {
      const next = choice.demo
        ? ctx.settings.update({ demoMode: true })
        : (ctx.credentials.require(choice.name),
          ctx.settings.update({ demoMode: false, activeProfile: choice.name }));
      ctx.hub.emit('settings.changed', next);
      ctx.hub.emit('app.restartRequested', {
        reason: choice.demo ? 'switch to demo mode' : `switch to the account ${choice.name}`,
      });
      return state();
    },
  };
  return { name: 'profiles', handlers };
}

/**
 * A throwaway client with the profile's credentials: its token is kept in memory only. It goes
 * through the core's network, so "Test" takes the user's proxy and certificates as every other
 * request does.
 */
async function testProfile(ctx: ProfileParts, name: string): Promise<ConnectionTest> {
  const profile = ctx.credentials.require(name);
  const client = new ApiClient({
    baseUrl: profile.baseUrl,
    credentials: ctx.credentials.credentials(name),
    tokenStore: new MemoryTokenStore(),
    retry: { attempts: 1 },
    network: ctx.network,
  });
  try {
    const session = await client.session({ signal: AbortSignal.timeout(15_000) });
    return {
      ok: true,
      session: {
        name: session.name,
        roles: session.roles,
        // From the token's own expiry: the unit of the session's expires_in is not shown.
        expiresIn: client.tokenSecondsLeft() ?? 0,
      },
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
