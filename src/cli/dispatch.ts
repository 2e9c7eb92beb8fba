/**
 * What `roadcam` runs (index.ts loads it): the command line read, the command of the table
 * run, its error printed for a person and mapped to the exit code. Exit codes scripts can rely on:
 * 0 success, 1 the service or the network failed, 2 the command line is wrong, 3 the
 * credentials (missing, refused, or no keychain to keep them).
 */
import { appVersion, defaultDataDir } from '../engine/light.ts';
import { checkFlags, tokenise, UsageError } from './argv.ts';
import { COMMANDS, switchesOf, type Command } from './commands/table.ts';
import type { Context, RunOptions } from './context.ts';
import { cliWords, sayError } from './error-words.ts';
import { helpText } from './help.ts';
import { plainText, type Io } from './output.ts';
import { english } from '../shared/i18n/english.ts';
import { said, type Translator } from '../shared/i18n/translator.ts';
import type * as Engine from '../engine/index.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, auth: 3 } as const;

export type { RunOptions } from './context.ts';

export async function runCommandLine(
  args: readonly string[],
  options: RunOptions = {},
): Promise<number> {
  const io = options.io ?? { stdout: process.stdout, stderr: process.stderr };
  const env = options.env ?? process.env;
  let words: Translator | undefined;
  try {
    const argv = tokenise(args);
    // --version needs no words: it loads no catalogue.
    if (argv.switches.has('version')) {
      io.stdout.write(`roadcam ${appVersion}\n`);
      return EXIT.ok;
    }
    const language = await cliWords(env);
    words = language;
    const ctx: Context = {
      io,
      argv,
      env,
      words: language,
      json: argv.switches.has('json'),
      dataDir: defaultDataDir(env),
      cwd: options.cwd ?? process.cwd(),
      engine: options.engine,
      host: { run: runCommandLine, engineMayRun },
      readSecret:
        options.readSecret ??
        (async () => {
          const { readSecret } = await import('./prompt.ts');
          return readSecret(language);
        }),
    };
    if (options.elsewhere) {
      io.stderr.write(`roadcam: ${language.t('cli.engine.notThis')}\n`);
    }
    if (argv.switches.has('help') || argv.words.length === 0) {
      io.stdout.write(helpText(language));
      return argv.words.length === 0 && !argv.switches.has('help') ? EXIT.usage : EXIT.ok;
    }
    return await dispatch(ctx);
  } catch (error) {
    words ??= await cliWords(env);
    return reportError(io, error, sayError(words, error), words.t('cli.runHelp'));
  }
}

/** `roadcam completion bash|zsh|fish`: reads the table, so it is not in it. */
const COMPLETION: Command = {
  words: 2,
  flags: [],
  offline: true,
  run: async (ctx) => {
    checkFlags(ctx.argv, [], 'roadcam completion');
    const { completionScript, SHELLS } = await import('./completion.ts');
    const shell = ctx.argv.words[1] as (typeof SHELLS)[number];
    if (!SHELLS.includes(shell)) {
      throw new UsageError(said('cli.completionShell', { shells: SHELLS.join(', ') }));
    }
    ctx.io.stdout.write(completionScript(shell));
    return EXIT.ok;
  },
};

/** The command the words name, and its name in the table (one word or two). */
export function findCommand(words: readonly string[]): { name: string; command?: Command } {
  // Own keys only: "roadcam constructor" is an unknown command, not Object's.
  const lookup = (n: string) => (Object.hasOwn(COMMANDS, n) ? COMMANDS[n] : undefined);
  const name = lookup(`${words[0]} ${words[1]}`) ? `${words[0]} ${words[1]}` : words[0]!;
  return { name, command: name === 'completion' ? COMPLETION : lookup(name) };
}

/**
 * Whether a resident engine may run the command these words name: one that reaches the service
 * and is not `engine` itself (`completion` and unknown words are not in the table).
 */
function engineMayRun(words: readonly string[]): boolean {
  const { command } = findCommand(words);
  return command !== undefined && command !== COMPLETION && !command.offline && !command.here;
}

function dispatch(ctx: Context): Promise<number> {
  const words = ctx.argv.words;
  const { name, command } = findCommand(words);
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
 * command line that cannot run gets `runHelp`, the hint to --help. The engine's error classes
 * are loaded only here, past a usage error: the command that threw one has loaded them already.
 */
export async function reportError(
  io: Io,
  error: unknown,
  words = errorText(error),
  runHelp = english.t('cli.runHelp'),
): Promise<number> {
  // An error may quote the service (its error body, a name): printed for a person, so plain.
  const message = plainText(words);
  if (error instanceof UsageError) {
    io.stderr.write(`roadcam: ${message}\n${runHelp}\n`);
    return EXIT.usage;
  }
  io.stderr.write(`roadcam: ${message}\n`);
  let engine: typeof Engine;
  try {
    engine = await import('../engine/index.ts');
  } catch {
    // The engine cannot load (a native module missing, say): the error just said was that.
    return EXIT.failed;
  }
  const { ApiError, AuthError, KeychainUnavailableError, MissingCredentialsError } = engine;
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
