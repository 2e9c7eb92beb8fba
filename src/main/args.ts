/**
 * A small, strict flag parser shared by the command-line entries: `--name value` or
 * `--name=value`, repeatable flags collected in order, and a clear error for anything unknown.
 */
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

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function parseFlags(argv: readonly string[], spec: FlagSpec): ParsedFlags {
  const values = new Map<string, string[]>();
  const switches = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg !== '--') positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (spec.switches?.includes(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value.`);
      switches.add(name);
    } else if (spec.values?.includes(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || (eq === -1 && value.startsWith('--'))) {
        throw new UsageError(`--${name} needs a value.`);
      }
      values.set(name, [...(values.get(name) ?? []), value]);
    } else {
      throw new UsageError(`Unknown option --${name}.`);
    }
  }
  return { values, switches, positionals };
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
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(
      `--${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(raw)}.`,
    );
  }
  return value;
}
