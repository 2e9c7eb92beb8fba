import { resolve } from 'node:path';
import { CONNECTION_FLAGS, integerFlag, lastValue, parseFlags, UsageError } from './args.ts';
import { english } from '../shared/i18n/english.ts';
import { said, type Translator } from '../shared/i18n/translator.ts';
import { sayError } from './error-words.ts';
import { helpSection, type HelpLine } from './help.ts';
import {
  connectionFromSettings,
  createLog,
  defaultDataDir,
  refuseInBrowserMode,
  startCore,
  type ConnectionOptions,
  type NetworkOverrides,
} from '../engine/index.ts';
import { startWebHost } from '../web/host.ts';
import { networkFlags } from './network-flags.ts';

function networkFromFlags(flags: ReturnType<typeof parseFlags>): NetworkOverrides {
  return networkFlags(
    {
      proxy: lastValue(flags, 'proxy'),
      noProxy: flags.switches.has('no-proxy'),
      caFile: lastValue(flags, 'ca-file'),
    },
    process.env,
  );
}

const WEB_OPTIONS: readonly HelpLine[] = [
  ['--port N', 'cli.web.help.port'],
  ['--data-dir DIR', 'cli.web.help.dataDir'],
  ['--base-url URL', 'cli.web.help.baseUrl'],
  ['--client-id ID', 'cli.web.help.clientId'],
  ['--demo-cameras N, --demo-hours N, --demo-now ISO', 'cli.web.help.demo'],
  ['--demo-variant NAME', 'cli.web.help.variant'],
  ['--proxy URL', 'cli.help.proxy'],
  ['--no-proxy', 'cli.help.noProxy'],
  ['--ca-file FILE', 'cli.help.caFile'],
];

/** `npm run web -- --help` in the user's language: the flags as typed, what they do said. */
export function webUsage(words: Translator): string {
  const usage = 'npm run web -- [--port N] [--data-dir DIR] [--base-url URL --client-id ID]';
  return [`${words.t('cli.help.usage')} ${usage}`, '', ...helpSection(words, WEB_OPTIONS), ''].join(
    '\n',
  );
}

/** `npm run web`: the main-process core plus the browser-mode host, on loopback. */
export async function main(
  argv: readonly string[],
  staticDir: string,
  words: Translator = english,
): Promise<void> {
  const flags = parseFlags(argv, {
    values: ['port', 'data-dir', ...CONNECTION_FLAGS],
    switches: ['help', 'no-proxy'],
  });
  if (flags.switches.has('help')) {
    process.stdout.write(webUsage(words));
    return;
  }
  const dataDir = resolve(lastValue(flags, 'data-dir') ?? defaultDataDir());
  const core = await startCore({
    dataDir,
    connection: await connectionFrom(flags, dataDir),
    log: createLog(dataDir, { echo: process.env.ROADCAM_LOG === 'stderr' }),
    network: networkFromFlags(flags),
    // The page is all there is: it may not change what reaches the machine (consent/gate.ts).
    consent: refuseInBrowserMode,
  });
  const host = await startWebHost({
    core,
    staticDir,
    port: integerFlag(flags, 'port', 0, 65535) ?? 0,
  });
  process.stdout.write(`${words.t('cli.web.at', { url: host.url })}\n`);

  // The core closes before the process ends: transfers stop where they are, SQLite closes.
  const stop = async () => {
    try {
      await host.close();
      await core.close();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`roadcam: ${sayError(words, error)}\n`);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function connectionFrom(
  flags: ReturnType<typeof parseFlags>,
  dataDir: string,
): Promise<ConnectionOptions> {
  const baseUrl = lastValue(flags, 'base-url');
  const clientId = lastValue(flags, 'client-id');
  if (baseUrl === undefined) {
    if (clientId !== undefined) throw new UsageError(said('cli.web.clientIdNeedsBaseUrl'));
    // The same choice as the desktop app: demo mode, or the account chosen in Settings.
    return connectionFromSettings(dataDir, {
      cameras: integerFlag(flags, 'demo-cameras', 1, 100_000),
      hours: integerFlag(flags, 'demo-hours', 1, 24 * 90),
      now: lastValue(flags, 'demo-now'),
      variant: lastValue(flags, 'demo-variant'),
    });
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new UsageError(said('cli.baseUrlHttp', { url: baseUrl }));
  }
  if (clientId === undefined) throw new UsageError(said('cli.web.baseUrlNeedsClientId'));
  const clientSecret = process.env.ROADCAM_CLIENT_SECRET;
  if (!clientSecret) {
    throw new UsageError(said('cli.web.secretEnv'));
  }
  return { kind: 'remote', baseUrl, clientId, clientSecret };
}

export { UsageError };
