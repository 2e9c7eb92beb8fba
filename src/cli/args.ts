/**
 * The one flag reader of the command-line entries (the `roadcam` CLI, `npm run web`), on
 * node:util parseArgs: words, switches, and value flags as `--name value` or `--name=value`,
 * repeats kept in order, and a clear error for anything wrong.
 */
import { parseArgs } from 'node:util';
import { english } from '../shared/i18n/english.ts';
import { said, type Said } from '../shared/i18n/translator.ts';

export interface FlagSpec {
  /** Flags that take a value. */
  values?: readonly string[];
  /** Flags that are on when present. */
  switches?: readonly string[];
}

export interface ParsedFlags {
  values: Map<string, string[]>;
  switches: Set<string>;
  positionals: string[];
}

/**
 * The flags that choose the service (a remote one, or the demo world's size and clock) and the
 * network to it: the `roadcam` CLI and `npm run web` take the same.
 */
export const CONNECTION_FLAGS = [
  'base-url',
  'client-id',
  'demo-cameras',
  'demo-hours',
  'demo-now',
  'demo-variant',
  'proxy',
  'ca-file',
] as const;

/**
 * A command line that cannot run as typed. Given what it said as a catalogue code, the CLI says
 * it in the user's language; `message` stays its English (for logs).
 */
export class UsageError extends Error {
  readonly said: Said | undefined;
  constructor(message: string | Said) {
    const said = typeof message === 'object' ? (message as Said) : undefined;
    super(said ? english.say(said) : (message as string));
    this.name = 'UsageError';
    this.said = said;
  }
}

/**
 * A command that ran and failed for a reason the CLI says in the user's language (exit 1, no
 * hint to --help): `message` stays its English (for logs).
 */
export class SaidFailure extends Error {
  readonly said: Said;
  constructor(what: Said) {
    super(english.say(what));
    this.name = 'SaidFailure';
    this.said = what;
  }
}

export interface ReadArgs {
  words: string[];
  /** Every value flag in order; repeated flags keep every value. */
  flags: [string, string][];
  switches: Set<string>;
}

type OptionSpec = { type: 'boolean' | 'string'; multiple?: boolean };

/**
 * Reads a command line in which every flag but the switches takes a value. Every `--name` on
 * the line is declared to parseArgs (as a value unless a switch), because an entry's names may
 * be an open set (the CLI's are the service's parameters: --sensors[visibility][max]) and
 * because a declared value is taken whole: "--bbox -125,45,-116,49", "--lat -1". `check` sees
 * each name first, to refuse one the entry does not have before asking for its value.
 */
export function readArgs(
  args: readonly string[],
  switches: readonly string[],
  check: (name: string, arg: string) => void = () => {},
): ReadArgs {
  const end = args.indexOf('--');
  const named = (end === -1 ? args : args.slice(0, end)).filter(
    (arg) => arg.startsWith('--') && !arg.includes('='),
  );
  const options: Record<string, OptionSpec> = Object.fromEntries([
    ...named.map((arg): [string, OptionSpec] => [arg.slice(2), { type: 'string', multiple: true }]),
    ...switches.map((name): [string, OptionSpec] => [name, { type: 'boolean' }]),
  ]);
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const out: ReadArgs = { words: [], flags: [], switches: new Set() };
  let lastWord = -1;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    // A word such as "-x" is a group of short options to parseArgs: keep it whole, once.
    if (token.kind === 'positional' || !token.rawName.startsWith('--')) {
      if (token.index !== lastWord) out.words.push(args[token.index]!);
      lastWord = token.index;
      continue;
    }
    const name = token.name;
    check(name, args[token.index]!);
    if (switches.includes(name)) {
      if (token.inlineValue) {
        throw new UsageError(said('cli.takesNoValue', { name }));
      }
      out.switches.add(name);
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('--'))) {
      throw new UsageError(said('cli.needsValue', { name }));
    }
    out.flags.push([name, value]);
  }
  return out;
}

/** Reads a command line whose flags are all known: any other is an error. */
export function parseFlags(argv: readonly string[], spec: FlagSpec): ParsedFlags {
  const known = [...(spec.values ?? []), ...(spec.switches ?? [])];
  const read = readArgs(argv, spec.switches ?? [], (name) => {
    if (!known.includes(name)) throw new UsageError(said('cli.unknownOption', { name }));
  });
  const values = new Map<string, string[]>();
  for (const [name, value] of read.flags) values.set(name, [...(values.get(name) ?? []), value]);
  return { values, switches: read.switches, positionals: read.words };
}

export function lastValue(flags: ParsedFlags, name: string): string | undefined {
  return flags.values.get(name)?.at(-1);
}

export function integerFlag(
  flags: ParsedFlags,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const raw = lastValue(flags, name);
  return raw === undefined ? undefined : wholeNumber(name, raw, min, max);
}

/** A flag's value as a whole number from min to max (digits only: not "1e3", not ""). */
export function wholeNumber(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < min || value > max) {
    const params = { name, min, max, raw: JSON.stringify(raw) };
    throw new UsageError(said('cli.wholeNumber', params));
  }
  return value;
}
