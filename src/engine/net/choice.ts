/** Which proxy and CA file the core uses: command-line flags first, then Settings. */
import type { Settings } from '../../shared/settings.ts';
import type { NetworkOptions } from './network.ts';
import type { ProxySetting, SystemProxy } from './proxy.ts';

export interface NetworkOverrides {
  proxy?: ProxySetting;
  caFile?: string;
  /** --answer-deadline: seconds one request may take (Settings › Network otherwise). */
  answerDeadlineSeconds?: number;
  systemProxy?: SystemProxy;
  /** Tests: the environment proxies are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/** The network settings in force: CLI flags first, then Settings. */
export function networkOptions(
  overrides: NetworkOverrides | undefined,
  settings: Settings,
): Pick<NetworkOptions, 'proxy' | 'caFile'> {
  const fromSettings: ProxySetting =
    settings.proxyMode === 'manual'
      ? { mode: 'manual', url: settings.proxyUrl }
      : { mode: settings.proxyMode };
  return {
    proxy: overrides?.proxy ?? fromSettings,
    caFile: overrides?.caFile ?? (settings.caFile || null),
  };
}

/** The keychain's password for the manual proxy of these settings, if it has a user. */
export async function proxyPasswordFor(
  settings: Pick<Settings, 'proxyMode' | 'proxyUrl'>,
  store: { proxyPassword(proxyUrl: string): Promise<string | null> },
  log: (line: string) => void,
): Promise<string | null> {
  if (settings.proxyMode !== 'manual' || !settings.proxyUrl.includes('@')) return null;
  try {
    return await store.proxyPassword(settings.proxyUrl);
  } catch (error) {
    log(`the proxy password could not be read from the keychain: ${(error as Error).message}`);
    return null;
  }
}
