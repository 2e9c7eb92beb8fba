/** Which service a core talks to, with which credentials, over which network: worked out once. */
import type { Credentials } from './api/requester.ts';
import { MemoryTokenStore, type TokenStore } from './api/token.ts';
import type { CredentialStore } from './credentials/store.ts';
import { startEmbeddedService, type DemoWorld, type EmbeddedService } from './demo.ts';
import type { ServiceFacts } from './features/feature.ts';
import type { Log } from './log.ts';
import { networkOptions, type NetworkOverrides } from './net/choice.ts';
import { Network, type NetworkOptions } from './net/network.ts';
import type { Settings } from '../shared/settings.ts';

export type ConnectionOptions =
  | { kind: 'demo'; world?: DemoWorld }
  /** A profile saved with `roadcam login`: secret and token from the keychain. */
  | { kind: 'profile'; profile: string }
  /** Credentials given directly (ROADCAM_CLIENT_SECRET); the token lives in memory only. */
  | { kind: 'remote'; baseUrl: string; clientId: string; clientSecret: string };

export interface Target {
  service: ServiceFacts;
  credentials: () => Promise<Credentials>;
  tokenStore: TokenStore;
  /** Demo mode's service on 127.0.0.1, closed with the core. */
  embedded?: EmbeddedService;
}

/** Where the client points and where its credentials and token come from, per mode. */
export async function resolveTarget(
  connection: ConnectionOptions,
  dataDir: string,
  store: CredentialStore,
  log: Log,
): Promise<Target> {
  if (connection.kind === 'demo') {
    const embedded = await startEmbeddedService(dataDir, log, connection.world);
    const secret = { clientId: embedded.clientId, clientSecret: embedded.clientSecret };
    return {
      service: { mode: 'demo', baseUrl: embedded.url, key: 'demo', profile: null },
      credentials: () => Promise.resolve(secret),
      tokenStore: new MemoryTokenStore(),
      embedded,
    };
  }
  if (connection.kind === 'profile') {
    const profile = store.require(connection.profile);
    return {
      service: {
        mode: 'remote',
        baseUrl: profile.baseUrl,
        key: profile.baseUrl,
        profile: profile.name,
      },
      credentials: store.credentials(profile.name),
      tokenStore: store.tokenStore(profile.name),
    };
  }
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');
  const secret = { clientId: connection.clientId, clientSecret: connection.clientSecret };
  return {
    service: { mode: 'remote', baseUrl, key: baseUrl, profile: null },
    credentials: () => Promise.resolve(secret),
    tokenStore: new MemoryTokenStore(),
  };
}

/**
 * The core's network. A wrong CLI flag stops the start with its message; wrong Settings (a CA
 * file since deleted) are logged and left out, so that the app still opens to fix them.
 */
export function openNetwork(
  overrides: NetworkOverrides | undefined,
  settings: Settings,
  /** Null for work done without a service (`roadcam login` checks a new profile through it). */
  target: Pick<Target, 'service' | 'embedded'> | null,
  log: Log,
  proxyPassword: string | null,
): Network {
  const base: NetworkOptions = {
    systemProxy: overrides?.systemProxy,
    env: overrides?.env,
    direct: target?.embedded ? [new URL(target.service.baseUrl).origin] : [],
  };
  try {
    return new Network({ ...base, ...networkOptions(overrides, settings), proxyPassword });
  } catch (error) {
    if (overrides?.proxy || overrides?.caFile) throw error;
    log(`network settings not used: ${error instanceof Error ? error.message : String(error)}`);
    return new Network(base);
  }
}
