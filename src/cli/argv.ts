/**
 * The command line: command words, switches, and value flags as `--name value` or
 * `--name=value`, read by the entries' one flag reader (node:util parseArgs). Flag names follow
 * the service's parameter names, brackets included (`--sensors[road_weather][min]=6`), so
 * each command checks which names it accepts.
 */
import { readArgs, UsageError, wholeNumber, type ReadArgs } from './args.ts';
import { said } from '../shared/i18n/translator.ts';

export { UsageError };

/** Flags that take no value. */
export const SWITCHES = [
  'json',
  'demo',
  'all',
  'help',
  'version',
  'no-verify',
  'no-proxy',
  'off',
  'force',
  'include-crash-dumps',
  'include-no-report',
] as const;

export type Argv = ReadArgs;

const FLAG_NAME = /^[a-z][a-z0-9_-]*(\[[a-z0-9_]*\])*$/;

export function tokenise(args: readonly string[]): Argv {
  return readArgs(args, SWITCHES, (name, arg) => {
    if (!FLAG_NAME.test(name)) throw new UsageError(said('cli.notAnOption', { arg }));
  });
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
      const options = accepted.map((a) => `--${a}`).join(' ');
      throw new UsageError(said('cli.noOption', { where, name, options }));
    }
  }
}

export function flag(argv: Argv, name: string): string | undefined {
  return argv.flags.findLast(([n]) => n === name)?.[1];
}

export function intFlag(argv: Argv, name: string, min: number, max: number): number | undefined {
  const raw = flag(argv, name);
  return raw === undefined ? undefined : wholeNumber(name, raw, min, max);
}
