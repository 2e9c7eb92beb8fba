/** Which proxy and CA file the core uses: command-line flags first, then Settings. */
import type { Settings } from '../../shared/settings.ts';
import type { NetworkOptions } from './network.ts';
import type { ProxySetting, SystemProxy } from './proxy.ts';

export interface NetworkOverrides {
  proxy?: ProxySetting;
  caFile?: string;
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
