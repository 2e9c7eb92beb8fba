/**
 * `npm run service -- --port 8787 --data-dir DIR [--seed N] [--cameras N] [--hours N]
 * [--now ISO] [--client ID:SECRET]... [--admin] [--search-workers N] [--variant NAME]
 * [--tls [--tls-ca-cert FILE --tls-ca-key FILE]]` runs the service until Ctrl-C.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { MAX_CAMERAS, startService, VARIANT_NAMES, type ServiceOptions } from './index.ts';

const USAGE = `Usage: npm run service -- --data-dir DIR [--port 8787] [--seed N] [--cameras N] [--hours N]
                        [--now ISO-TIME] [--client ID:SECRET]... [--admin] [--search-workers N] [--verbose]
                        [--variant ${VARIANT_NAMES.join('|')}]
                        [--tls [--tls-ca-cert FILE --tls-ca-key FILE]]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}; got "${text}".`);
  }
  return Number(text);
}

function parse(): ServiceOptions {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'string' },
        cameras: { type: 'string' },
        hours: { type: 'string' },
        now: { type: 'string' },
        client: { type: 'string', multiple: true },
        admin: { type: 'boolean' },
        'search-workers': { type: 'string' },
        verbose: { type: 'boolean' },
        variant: { type: 'string' },
        tls: { type: 'boolean' },
        'tls-ca-cert': { type: 'string' },
        'tls-ca-key': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const dataDir = values['data-dir'];
  if (!dataDir) fail('--data-dir is required: the directory where the service keeps its database.');
  if (values.now !== undefined && !Number.isFinite(Date.parse(values.now))) {
    fail(`--now must be an ISO 8601 time such as 2026-11-21T12:00:00Z; got "${values.now}".`);
  }
  if (values.variant !== undefined && !(VARIANT_NAMES as string[]).includes(values.variant)) {
    fail(`--variant must be one of ${VARIANT_NAMES.join(', ')}; got "${values.variant}".`);
  }
  const caCertFile = values['tls-ca-cert'];
  const caKeyFile = values['tls-ca-key'];
  if ((caCertFile === undefined) !== (caKeyFile === undefined)) {
    fail(
      '--tls-ca-cert and --tls-ca-key go together: the PEM files of the CA certificate and of its key.',
    );
  }
  // Naming a CA means HTTPS: --tls is implied rather than a second thing to remember.
  const tls =
    caCertFile !== undefined && caKeyFile !== undefined
      ? { caCertFile, caKeyFile }
      : (values.tls ?? false);
  const clients = (values.client ?? []).map((c) => {
    const colon = c.indexOf(':');
    if (colon <= 0 || colon === c.length - 1) fail(`--client must be ID:SECRET; got "${c}".`);
    return { id: c.slice(0, colon), secret: c.slice(colon + 1) };
  });
  return {
    dataDir,
    port: integer('port', values.port, 0, 65535) ?? 8787,
    host: values.host ?? '127.0.0.1',
    seed: integer('seed', values.seed, 0, 2 ** 31 - 1),
    cameras: integer('cameras', values.cameras, 1, MAX_CAMERAS),
    hours: integer('hours', values.hours, 1, 24 * 14),
    now: values.now,
    clients,
    admin: values.admin ?? false,
    variant: values.variant,
    tls,
    // One search worker per core (at most 4): the main thread keeps serving HTTP.
    searchWorkers:
      integer('search-workers', values['search-workers'], 0, 16) ??
      Math.min(4, availableParallelism()),
    log: (line) => process.stderr.write(`${line}\n`),
  };
}

const options = parse();
try {
  const service = await startService(options);
  process.stdout.write(`listening on ${service.url}\n`);
  if (service.caCertFile) {
    process.stdout.write(
      `HTTPS: a client must trust the CA certificate ${service.caCertFile} (add it to the system's certificate store or give it to the client as an extra CA file)\n`,
    );
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`error while stopping: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE')
    fail(`Port ${options.port} is in use: choose another with --port.`);
  process.stderr.write(`The service could not start: ${err.message}\n`);
  process.exit(1);
}
