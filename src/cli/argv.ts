/**
 * The command line, tokenised: command words, and flags as `--name value` or `--name=value`.
 * Flag names follow the service's parameter names, brackets included
 * (`--sensors[road_weather][min]=6`), so each command checks which names it accepts.
 */
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

export function tokenise(args: readonly string[]): Argv {
  const out: Argv = { words: [], flags: [], switches: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg !== '--') out.words.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!FLAG_NAME.test(name)) throw new UsageError(`"${arg}" is not an option.`);
    if ((SWITCHES as readonly string[]).includes(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value.`);
      out.switches.add(name);
      continue;
    }
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) {
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
