import { parseProxyUrl, readCaFile, type NetworkOverrides } from '../engine/index.ts';
import { UsageError } from './args.ts';
import { said, type Said } from '../shared/i18n/translator.ts';

/**
 * The command line's --proxy URL, --no-proxy and --ca-file (the CLI's and browser mode's): they
 * win over Settings and the environment. Throws a UsageError saying which flag is wrong and why.
 */
export function networkFlags(
  flags: { proxy?: string | undefined; noProxy: boolean; caFile?: string | undefined },
  env: NodeJS.ProcessEnv,
): NetworkOverrides {
  if (flags.proxy !== undefined && flags.noProxy) {
    throw new UsageError(said('cli.proxyAndNoProxy'));
  }
  try {
    if (flags.proxy !== undefined) parseProxyUrl(flags.proxy, '--proxy');
    if (flags.caFile !== undefined) readCaFile(flags.caFile);
  } catch (error) {
    // The engine's check says what is wrong as a code when it can: in the user's words.
    throw new UsageError((error as { said?: Said }).said ?? (error as Error).message);
  }
  const out: NetworkOverrides = { env };
  if (flags.proxy !== undefined) out.proxy = { mode: 'manual', url: flags.proxy };
  if (flags.noProxy) out.proxy = { mode: 'none' };
  if (flags.caFile !== undefined) out.caFile = flags.caFile;
  return out;
}
