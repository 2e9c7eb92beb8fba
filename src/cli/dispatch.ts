/**
 * What `roadcam` runs (index.ts loads it): the command line read, the command of the table
 * run, its error printed for a person and mapped to the exit code. Exit codes scripts can rely on:
 * 0 success, 1 the service or the network failed, 2 the command line is wrong, 3 the
 * credentials (missing, refused, or no keychain to keep them).
 */
import {
  ApiError,
  appVersion,
  AuthError,
  KeychainUnavailableError,
  MissingCredentialsError,
} from '../engine/index.ts';
import { checkFlags, tokenise, UsageError } from './argv.ts';
import { COMMANDS, switchesOf, type Command } from './commands/table.ts';
import { completionScript, SHELLS, type Shell } from './completion.ts';
import { dataDirFrom, type Context } from './context.ts';
import { cliWords, sayError } from './error-words.ts';
import { plainText, type Io } from './output.ts';
import { english } from '../shared/i18n/english.ts';
import { readSecret } from './prompt.ts';
import { said } from '../shared/i18n/translator.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, auth: 3 } as const;

export const usage = `Usage: roadcam <command> [options]

Commands:
  login --base-url URL --client-id ID [--profile NAME]   save a profile; the secret is
                        read from a prompt (or stdin) into the OS keychain
  logout [--profile NAME]      remove a profile and its keychain entries
  profiles                     list saved profiles
  session                      show the current token's attributes
  doctor                       check the way to the service step by step (proxy,
                               DNS, TLS, each group of operations, clock): a report
                               to send to support, without secrets; exit 1 if a check
                               failed
  diagnostics --out FILE [--include-crash-dumps]
                               save a zip for a bug report: logs, the connection
                               report, settings, versions (crash dumps, which hold
                               the app's memory, only when asked); secrets and
                               signed URLs redacted
  cameras|observations|recordings|alerts search [--param value ...] [--all]
                               search; options are the service's parameters, e.g.
                               --state WA --bbox -125,45,-116,49 --limit 100 --sort city
                               --sort_dir desc --sensors[road_weather][min]=6 --aggs state
                               --all: every result, past the 4,100 paging limit
  cameras|observations|recordings|alerts show ID
  cameras live ID --out FILE   save the camera's current image
  cameras images ID [--time ISO] [--limit N] [--save DIR]
                               list archived image times; --save DIR saves them
  cameras tile Z/X/Y --out FILE          save a vector tile of cameras (MVT)
  observations tile Z/X/Y --out FILE [--sort_dir asc|desc]
  observations preview ID --out FILE     save an observation's preview image
  observations|alerts snapshot TIME [--out FILE]
                               the ten-minute snapshot (_all) of TIME (ISO, UTC):
                               NDJSON on stdout, or one JSON file with --out
  recordings create --camera_id ID [--duration S] [--start ISO] [--tags a,b]
  recordings tags ID --tags a,b          add tags to a recording
  collections list [--q TEXT ...]        collections show ID
  collections create --name N [--description D] [--tags a,b]   prints the id
  collections update ID [--name N] [--description D] [--tags a,b]
  collections add ID --camera_id ID [--time ISO] | --observation_id ID
                  | --recording_id ID [--image NAME] | --collection_id ID --image NAME
  collections remove ID IMAGE    collections empty ID    collections destroy ID
  collections keep-offline ID [--off]    keep on disk (waits for the sync), or let go
  collections export ID [--as folder|zip] [--out DIR]          prints the path
  route list                   saved routes (the app's Route view)
  route show NAME              cameras along it in driving order: distance along,
                               direction, road, visibility, precip; alerts on it
  route save NAME --polyline ENC | --from PLACE --to PLACE [--via PLACE] [--buffer 2km]
  route remove NAME
  conditions watch NAME --bbox W,S,E,N | --polygon "LON LAT,..." | --polyline ENC
                  [--polyline_radius KM] | --camera_id A,B
                  [--on snow,ponding,poor-visibility,heavy-precip]
                               tell once when a road's conditions change (the app's
                               Road conditions); the first check is its baseline
  conditions list              conditions remove NAME
  conditions changes NAME [--hours 48]   what changed, from checks and snapshots
  dataset export --out DIR --label road_weather|visibility|precip [--per-class N]
          [--split 0.8,0.1,0.1] [--seed N] [--layout folders|flat] [--include-no-report]
          [observation search flags: --bbox, --polygon, --polyline, --time_min, --q,
          --sensors[TYPE]=V ...]
                               a labelled dataset of preview images with its manifest
                               and datasheet (docs/datasets.md); run it again to resume
  download --out DIR [--format zip,mp4] [--template T] [--concurrency N]
           [--existing skip|rename|overwrite] [--failed-out FILE]
           <ID ... | --ids-from FILE|- | --query 'state=CO&status=complete'>
                               download recording files; run it again to resume
  settings get [NAME]          the app's settings (all, or one)
  settings set NAME VALUE      change one (the update feed, CA file, proxy, tile
                               address and download folder too: the page of browser
                               mode may not); text as typed, numbers and the rest JSON
  completion bash|zsh|fish     print a shell completion script

Options for every command:
  --help, --version      this text; the version of roadcam
  --json                 JSON output (NDJSON, one value per line, for lists)
  --demo                 use the embedded demo service
  --profile NAME         saved profile to use (default: ROADCAM_PROFILE or "default")
  --base-url URL --client-id ID   use this service; secret from ROADCAM_CLIENT_SECRET
  --proxy URL            use this HTTP proxy (default: Settings, else HTTPS_PROXY,
                         HTTP_PROXY and NO_PROXY as curl reads them)
  --no-proxy             connect directly, whatever Settings and the environment say
  --ca-file FILE         also trust the CA certificates of this PEM file (a company's
                         TLS gateway); the system's certificate store is always trusted
  --answer-deadline S    seconds the service may take to answer one request in full
                         (5 to 600; default: Settings, 60); a repeatable one tries twice

A file already at --out (or under --save) is kept: --force replaces it.

Data folder: ROADCAM_DATA_DIR, else the platform's (~/.config/Roadcam on Linux).
Exit codes: 0 ok, 1 service or network error, 2 usage error, 3 credentials error.
`;

export interface RunOptions {
  io?: Io;
  env?: NodeJS.ProcessEnv;
  readSecret?: () => Promise<string>;
}

export async function runCommandLine(
  args: readonly string[],
  options: RunOptions = {},
): Promise<number> {
  const io = options.io ?? { stdout: process.stdout, stderr: process.stderr };
  const env = options.env ?? process.env;
  const words = await cliWords(env);
  try {
    const argv = tokenise(args);
    const ctx: Context = {
      io,
      argv,
      env,
      words,
      json: argv.switches.has('json'),
      dataDir: dataDirFrom(env),
      readSecret: options.readSecret ?? (() => readSecret()),
    };
    if (argv.switches.has('version')) {
      io.stdout.write(`roadcam ${appVersion}\n`);
      return EXIT.ok;
    }
    if (argv.switches.has('help') || argv.words.length === 0) {
      io.stdout.write(usage);
      return argv.words.length === 0 && !argv.switches.has('help') ? EXIT.usage : EXIT.ok;
    }
    return await dispatch(ctx);
  } catch (error) {
    return reportError(io, error, sayError(words, error), words.t('cli.runHelp'));
  }
}

/** `roadcam completion bash|zsh|fish`: reads the table, so it is not in it. */
const COMPLETION: Command = {
  words: 2,
  flags: [],
  offline: true,
  run: (ctx) => {
    checkFlags(ctx.argv, [], 'roadcam completion');
    const shell = ctx.argv.words[1];
    if (!SHELLS.includes(shell as Shell)) {
      throw new UsageError(`roadcam completion takes one of: ${SHELLS.join(', ')}.`);
    }
    ctx.io.stdout.write(completionScript(shell as Shell));
    return Promise.resolve(EXIT.ok);
  },
};

function dispatch(ctx: Context): Promise<number> {
  const words = ctx.argv.words;
  // Own keys only: "roadcam constructor" is an unknown command, not Object's.
  const lookup = (n: string) => (Object.hasOwn(COMMANDS, n) ? COMMANDS[n] : undefined);
  const name = lookup(`${words[0]} ${words[1]}`) ? `${words[0]} ${words[1]}` : words[0]!;
  const command = name === 'completion' ? COMPLETION : lookup(name);
  if (!command) {
    const subs = Object.keys(COMMANDS).filter((c) => c.startsWith(`${words[0]} `));
    if (subs.length > 0) {
      const commands = subs.map((c) => `roadcam ${c}`).join(', ');
      throw new UsageError(said('cli.useOneOf', { commands }));
    }
    throw new UsageError(said('cli.unknownCommand', { command: words[0]! }));
  }
  if (words.length > command.words) {
    const params = { word: words[command.words]!, command: name };
    throw new UsageError(said('cli.unexpectedWord', params));
  }
  // A switch another command takes (--all, --off) would otherwise be ignored in silence.
  const switches = switchesOf(command);
  for (const given of ctx.argv.switches) {
    if (!switches.includes(given)) {
      throw new UsageError(said('cli.noSwitch', { command: name, name: given }));
    }
  }
  return command.run(ctx, words[2]);
}

/**
 * Prints the error for a person (`words`: in their language) and maps it to the exit code; a
 * command line that cannot run gets `runHelp`, the hint to --help.
 */
export function reportError(
  io: Io,
  error: unknown,
  words = errorText(error),
  runHelp = english.t('cli.runHelp'),
): number {
  // An error may quote the service (its error body, a name): printed for a person, so plain.
  const message = plainText(words);
  if (error instanceof UsageError) {
    io.stderr.write(`roadcam: ${message}\n${runHelp}\n`);
    return EXIT.usage;
  }
  io.stderr.write(`roadcam: ${message}\n`);
  if (
    error instanceof AuthError ||
    error instanceof MissingCredentialsError ||
    error instanceof KeychainUnavailableError
  ) {
    return EXIT.auth;
  }
  if (error instanceof ApiError || error instanceof RangeError) return EXIT.failed;
  if (process.env.ROADCAM_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
  return EXIT.failed;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
