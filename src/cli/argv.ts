/**
 * The command line, read by node:util parseArgs: command words, switches, and value flags as
 * `--name value` or `--name=value`. Value flags are named as the service's parameters,
 * brackets included (`--sensors[road_weather][min]=6`): an open set, so every `--name` on the
 * line that is not a switch is declared as a value option before parsing. Each command then
 * checks which names it accepts.
 */
import { parseArgs } from 'node:util';
import { UsageError } from '../main/args.ts';

export { UsageError };

/** Flags that take no value. */
export const SWITCHES = ['json', 'demo', 'all', 'help', 'no-verify', 'no-proxy'] as const;

export interface Argv {
  words: string[];
  /** Every value flag in order; repeated flags keep every value. */
  flags: [string, string][];
  switches: Set<string>;
}

const FLAG_NAME = /^[a-z][a-z0-9_-]*(\[[a-z0-9_]*\])*$/;
type OptionSpec = { type: 'boolean' | 'string'; multiple?: boolean };

/** Switches are booleans; any other `--name` before `--` takes a value. */
function optionsFor(args: readonly string[]): Record<string, OptionSpec> {
  const end = args.indexOf('--');
  const named = (end === -1 ? args : args.slice(0, end)).filter(
    (arg) => arg.startsWith('--') && !arg.includes('='),
  );
  return Object.fromEntries([
    ...named.map((arg): [string, OptionSpec] => [arg.slice(2), { type: 'string', multiple: true }]),
    ...SWITCHES.map((name): [string, OptionSpec] => [name, { type: 'boolean' }]),
  ]);
}

export function tokenise(args: readonly string[]): Argv {
  const { tokens } = parseArgs({
    args: [...args],
    options: optionsFor(args),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const out: Argv = { words: [], flags: [], switches: new Set() };
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
    if (!FLAG_NAME.test(name)) throw new UsageError(`"${args[token.index]}" is not an option.`);
    if ((SWITCHES as readonly string[]).includes(name)) {
      if (token.inlineValue) throw new UsageError(`--${name} takes no value.`);
      out.switches.add(name);
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value.`);
    }
    out.flags.push([name, value]);
  }
  return out;
}

/** The base name of a flag: "sensors" for "sensors[road_weather][min]". */
export function baseName(flag: string): string {
  const bracket = flag.indexOf('[');
  return bracket === -1 ? flag : flag.slice(0, bracket);
}

/** Refuses any flag whose base name is not accepted here, naming the ones that are. */
export function checkFlags(argv: Argv, accepted: readonly string[], where: string): void {
  for (const [name] of argv.flags) {
    if (!accepted.includes(baseName(name))) {
      throw new UsageError(
        `${where} has no option --${name}. Options: ${accepted.map((a) => `--${a}`).join(' ')}`,
      );
    }
  }
}

export function flag(argv: Argv, name: string): string | undefined {
  return argv.flags.findLast(([n]) => n === name)?.[1];
}

export function intFlag(argv: Argv, name: string, min: number, max: number): number | undefined {
  const raw = flag(argv, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}
