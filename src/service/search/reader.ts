/**
 * Reads typed values out of a parameter bag, with one error message style for all searches.
 * Every search names the parameters it accepts; any other parameter is refused (400
 * unknown_parameter) so that a misspelt filter never silently returns unfiltered results.
 * An empty value counts as absent (as an empty HTML form field would).
 */
import { RequestError, invalidParameter, unprocessable } from '../http/errors.ts';
import { isBag, type ParamBag, type ParamValue } from '../http/params.ts';

export class ParamReader {
  readonly bag: ParamBag;
  readonly #allowed: ReadonlySet<string>;

  constructor(bag: ParamBag, allowed: readonly string[]) {
    this.bag = bag;
    this.#allowed = new Set(allowed);
    for (const key of Object.keys(bag)) {
      if (!this.#allowed.has(key)) {
        throw new RequestError(
          400,
          'unknown_parameter',
          `Unknown parameter "${key}". Accepted here: ${[...this.#allowed].sort().join(', ')}.`,
          key,
        );
      }
    }
  }

  has(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  raw(name: string): ParamValue | undefined {
    const v = this.bag[name];
    if (v === '' || (Array.isArray(v) && v.every((x) => x === ''))) return undefined;
    return v;
  }

  string(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string') return v[0];
    throw invalidParameter(
      name,
      `${name} must be a single value${Array.isArray(v) ? ', not a list' : ', not nested parameters'}.`,
    );
  }

  /** One or more values: repeated, name[]=, a JSON array; empty entries dropped. */
  strings(name: string): string[] | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    const list = Array.isArray(v) ? v : [v];
    const out: string[] = [];
    for (const x of list) {
      if (typeof x !== 'string')
        throw invalidParameter(name, `${name} must be a value or a list of values.`);
      if (x !== '') out.push(x);
    }
    return out.length > 0 ? out : undefined;
  }

  /** A comma-delimited list or a list of values (aggs=a,b or aggs[]=a&aggs[]=b). */
  commaList(name: string): string[] | undefined {
    const values = this.strings(name);
    if (!values) return undefined;
    const out = values
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
    return out.length > 0 ? out : undefined;
  }

  number(name: string, opts: { min?: number; max?: number } = {}): number | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    return parseNumber(name, s, opts);
  }

  int(name: string, opts: { min?: number; max?: number } = {}): number | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    if (!/^\s*[+-]?\d+\s*$/.test(s))
      throw invalidParameter(name, `${name} must be a whole number, not "${clip(s)}".`);
    return parseNumber(name, s, opts);
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    const found = values.find((v) => v === s.trim().toLowerCase());
    if (found === undefined)
      throw invalidParameter(
        name,
        `${name} must be one of ${values.join(', ')}; got "${clip(s)}".`,
      );
    return found;
  }

  nested(name: string): ParamBag | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!isBag(v))
      throw invalidParameter(
        name,
        `${name} takes nested parameters such as ${name}[road_weather]=2.`,
      );
    return v;
  }
}

export function parseNumber(
  name: string,
  s: string,
  opts: { min?: number; max?: number } = {},
): number {
  const t = s.trim();
  const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n))
    throw invalidParameter(name, `${name} must be a number, not "${clip(s)}".`);
  if (opts.min !== undefined && n < opts.min)
    throw invalidParameter(name, `${name} must be at least ${opts.min}; got ${t}.`);
  if (opts.max !== undefined && n > opts.max)
    throw invalidParameter(name, `${name} must be at most ${opts.max}; got ${t}.`);
  return n;
}

export function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** min must not exceed max: 422 otherwise. */
export function checkRange(name: string, min: number | undefined, max: number | undefined): void {
  if (min !== undefined && max !== undefined && min > max) {
    throw unprocessable(
      name,
      `${name}: the lower bound is above the upper bound, so nothing can match.`,
    );
  }
}
