import { resolve } from 'node:path';
import { CONNECTION_FLAGS, integerFlag, lastValue, parseFlags, UsageError } from './args.ts';
import { said } from '../shared/i18n/translator.ts';
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

const webUsage = `Usage: npm run web -- [--port N] [--data-dir DIR] [--base-url URL --client-id ID]

  --port N          port on 127.0.0.1 (default 0: any free port)
  --data-dir DIR    app data folder (default: ROADCAM_DATA_DIR or the platform's usual place)
  --base-url URL    use this service instead of the embedded demo service
  --client-id ID    client id for --base-url; the secret comes from ROADCAM_CLIENT_SECRET
  --demo-cameras N, --demo-hours N, --demo-now ISO
                    size and clock of the demo world (tests use a small one)
  --demo-variant NAME
                    the demo service makes another provider's choices where the
                    interface is silent (tests: ours, stranger-a, stranger-b)
  --proxy URL       use this HTTP proxy (default: Settings, else HTTPS_PROXY, HTTP_PROXY
                    and NO_PROXY as curl reads them)
  --no-proxy        connect directly, whatever Settings and the environment say
  --ca-file FILE    also trust this PEM file's CA certificates (the system's are trusted)
`;

/** `npm run web`: the main-process core plus the browser-mode host, on loopback. */
export async function main(argv: readonly string[], staticDir: string): Promise<void> {
  const flags = parseFlags(argv, {
    values: ['port', 'data-dir', ...CONNECTION_FLAGS],
    switches: ['help', 'no-proxy'],
  });
  if (flags.switches.has('help')) {
    process.stdout.write(webUsage);
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
  process.stdout.write(`Roadcam at ${host.url}\n`);

  // The core closes before the process ends: transfers stop where they are, SQLite closes.
  const stop = async () => {
    try {
      await host.close();
      await core.close();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`roadcam: ${error instanceof Error ? error.message : String(error)}\n`);
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

export { webUsage, UsageError };
