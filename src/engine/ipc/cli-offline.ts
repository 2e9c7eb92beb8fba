/**
 * The command line's transport for the commands that need no service (settings, profiles,
 * login, logout): the data folder's database, the keychain and, when asked, the network the
 * core would choose (same flags, Settings and fallback: target.ts), with no core started.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandLineApi, CommandLineHandlers } from '../../shared/ipc/command-line.ts';
import { ApiClient, MemoryTokenStore } from '../api/index.ts';
import { ConsentGate, type AskConsent } from '../consent/gate.ts';
import { POLICY_FILE } from '../consent/policy.ts';
import { CredentialStore } from '../credentials/store.ts';
import { openDatabase } from '../db/database.ts';
import { SettingsStore } from '../db/settings-store.ts';
import { EventHub } from '../events.ts';
import { changeSettings } from '../features/settings-change.ts';
import type { Log } from '../log.ts';
import { proxyPasswordFor, type NetworkOverrides } from '../net/choice.ts';
import type { Network } from '../net/network.ts';
import { openNetwork } from '../target.ts';
import { CommandLineEvents, createCommandLineApi } from './command-line.ts';
import type { Handlers } from './dispatcher.ts';

export interface StoreOptions {
  dataDir: string;
  log: Log;
  network?: NetworkOverrides;
  /** Who agrees to a change of the settings that reach the machine (the CLI: the user typed it). */
  consent: AskConsent;
}

export interface CommandLineStore {
  readonly api: CommandLineApi;
  close(): Promise<void>;
}

type StoreChannels = 'cli.profiles.list' | 'cli.profiles.save' | 'cli.profiles.remove';

export function openCommandLineStore(options: StoreOptions): CommandLineStore {
  const { dataDir, log } = options;
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(join(dataDir, 'roadcam.sqlite'), log);
  const settings = new SettingsStore(db);
  const credentials = new CredentialStore(db);
  let network: Promise<Network> | undefined;
  const networkOf = () =>
    (network ??= proxyPasswordFor(settings.get(), credentials, log).then((password) =>
      openNetwork(
        options.network,
        settings.get(),
        null,
        log,
        options.network?.proxy ? null : password,
      ),
    ));

  const handlers: Pick<Handlers, 'settings.get' | 'settings.update'> = {
    'settings.get': () => settings.get(),
    'settings.update': async (patch) =>
      changeSettings(
        {
          // No policy file: the user typed the change (docs/security.md).
          consent: new ConsentGate(options.consent, {}, join(dataDir, POLICY_FILE)),
          credentials,
          log,
          network: await networkOf(),
          networkOverrides: options.network,
          settings,
        },
        patch,
      ),
  };
  const own: Pick<CommandLineHandlers, StoreChannels> = {
    'cli.profiles.list': () => credentials.list(),
    'cli.profiles.remove': ({ name }) => credentials.remove(name),
    'cli.profiles.save': async ({ name, baseUrl, clientId, secret, verify }) => {
      // Checked before anything is saved: a typo must not leave a profile that cannot sign in.
      const tokens = new MemoryTokenStore();
      const account = verify
        ? (
            await new ApiClient({
              baseUrl,
              credentials: () => Promise.resolve({ clientId, clientSecret: secret }),
              tokenStore: tokens,
              network: await networkOf(),
            }).session()
          ).name
        : null;
      const profile = await credentials.save({ name, baseUrl, clientId }, secret);
      const token = await tokens.read();
      if (token) await credentials.tokenStore(name).write(token);
      return { profile, account };
    },
  };
  const api = createCommandLineApi(handlers, own, new EventHub(), new CommandLineEvents(), log);
  return {
    api,
    async close() {
      try {
        if (network) await (await network).close();
      } finally {
        db.close();
      }
    },
  };
}
