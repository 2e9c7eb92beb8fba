/** Which proxy and CA file the core uses: command-line flags first, then Settings. */
import type { Settings } from '../../shared/settings.ts';
import type { NetworkOptions } from './network.ts';
import { parseProxyUrl, type ProxySetting, type SystemProxy } from './proxy.ts';
import { readCaFile } from './trust.ts';
import { UsageError } from '../args.ts';

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

/**
 * The command line's --proxy URL, --no-proxy and --ca-file (the CLI's and browser mode's): they
 * win over Settings and the environment. Throws a UsageError saying which flag is wrong and why.
 */
export function networkFlags(
  flags: { proxy?: string | undefined; noProxy: boolean; caFile?: string | undefined },
  env: NodeJS.ProcessEnv,
): NetworkOverrides {
  if (flags.proxy !== undefined && flags.noProxy) {
    throw new UsageError('--proxy and --no-proxy exclude each other.');
  }
  try {
    if (flags.proxy !== undefined) parseProxyUrl(flags.proxy, '--proxy');
    if (flags.caFile !== undefined) readCaFile(flags.caFile);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const out: NetworkOverrides = { env };
  if (flags.proxy !== undefined) out.proxy = { mode: 'manual', url: flags.proxy };
  if (flags.noProxy) out.proxy = { mode: 'none' };
  if (flags.caFile !== undefined) out.caFile = flags.caFile;
  return out;
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
