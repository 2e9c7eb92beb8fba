/**
 * The bracket syntax of query strings and form bodies, both ways: `sensors[road_weather][min]=0`
 * is `{ sensors: { road_weather: { min: '0' } } }`, `aggs[]=state` and repeated keys are lists.
 * The service reads it, the API client and the CLI write it: one codec, so the three agree.
 *
 * Not `qs`: it reads this syntax but resolves what the service refuses with a message
 * (`a=1&a[b]=2` becomes a list, nesting past its depth becomes a literal key, `a[]` in the
 * middle of a name becomes an index), and the service's answers to those are part of its
 * interface. Values stay strings: the reader of a parameter decides what it means.
 */
export type BracketValue = string | BracketValue[] | BracketBag;
export interface BracketBag {
  [key: string]: BracketValue;
}

export interface DecodeLimits {
  /** Most key=value pairs in one text. */
  maxParams: number;
  /** Most names in one key: a[b][c] is 3. */
  maxDepth: number;
}

/**
 * What is wrong with the text: too many pairs, a name whose brackets do not match, too deep,
 * [] before the end of a name, or one name given both a plain value and nested values.
 */
export type BracketProblem = 'too_many' | 'bad_name' | 'too_deep' | 'misplaced_list' | 'conflict';

export class BracketError extends Error {
  readonly problem: BracketProblem;
  /** The parameter the problem is in (the name before the first bracket). */
  readonly parameter: string | undefined;
  /** The key as written, brackets included. */
  readonly key: string;

  constructor(
    problem: BracketProblem,
    parameter: string | undefined,
    key: string,
    message: string,
  ) {
    super(message);
    this.name = 'BracketError';
    this.problem = problem;
    this.parameter = parameter;
    this.key = key;
  }
}

/** A bag without a prototype, so that __proto__ and constructor are plain names. */
export function emptyBag(): BracketBag {
  return Object.create(null) as BracketBag;
}

export function isBag(v: BracketValue | undefined): v is BracketBag {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Splits "sensors[road_weather][min]" into ["sensors", "road_weather", "min"]; [] is "". */
export function splitKey(key: string): string[] | undefined {
  const open = key.indexOf('[');
  if (open <= 0) return open === 0 ? undefined : [key];
  const path = [key.slice(0, open)];
  const re = /\[([^[\]]*)\]/y;
  re.lastIndex = open;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key))) {
    path.push(m[1]!);
    if (re.lastIndex === key.length) return path;
  }
  return undefined;
}

/** Decodes a query string or form body (percent escapes and + included). */
export function decode(text: string, limits: DecodeLimits): BracketBag {
  return decodePairs(new URLSearchParams(text), limits);
}

/** Decodes key=value pairs already split and unescaped, in order. */
export function decodePairs(
  pairs: Iterable<readonly [string, string]>,
  limits: DecodeLimits,
): BracketBag {
  const bag = emptyBag();
  let count = 0;
  for (const [key, value] of pairs) {
    if (++count > limits.maxParams) {
      throw new BracketError(
        'too_many',
        undefined,
        key,
        `More than ${limits.maxParams} parameters.`,
      );
    }
    const path = splitKey(key);
    if (!path) {
      throw new BracketError(
        'bad_name',
        key,
        key,
        `"${key}" is not a valid parameter name (brackets do not match).`,
      );
    }
    if (path.length > limits.maxDepth) {
      throw new BracketError(
        'too_deep',
        path[0],
        key,
        `"${key}" nests deeper than ${limits.maxDepth} levels.`,
      );
    }
    assign(bag, path, value, key);
  }
  return bag;
}

function assign(bag: BracketBag, path: string[], value: string, key: string): void {
  let node = bag;
  for (let i = 0; i < path.length; i++) {
    const name = path[i]!;
    if (name === '') {
      throw new BracketError(
        'misplaced_list',
        path[0],
        key,
        `"${key}": [] may only end a parameter name.`,
      );
    }
    const existing = node[name];
    // The last name, or the one before a final []: a value, or one more in a list.
    if (i === path.length - 1 || (i === path.length - 2 && path[i + 1] === '')) {
      const list = i < path.length - 1;
      if (existing === undefined) node[name] = list ? [value] : value;
      else if (typeof existing === 'string') node[name] = [existing, value];
      else if (Array.isArray(existing)) existing.push(value);
      else throw conflict(path[0]!, key);
      return;
    }
    if (existing === undefined) node = node[name] = emptyBag();
    else if (isBag(existing)) node = existing;
    else throw conflict(path[0]!, key);
  }
}

/** One name given a plain value and nested values: which one was meant cannot be known. */
export function conflict(parameter: string, key: string): BracketError {
  return new BracketError(
    'conflict',
    parameter,
    key,
    `"${key}" mixes a plain value and nested values for ${parameter}.`,
  );
}

type Encodable = string | number | boolean | null | undefined | readonly unknown[] | object;

/**
 * Encodes nested values in bracket syntax, from an object or from [name, value] pairs (which
 * keep their order); undefined and null are left out.
 */
export function encode(params: object | Iterable<readonly [string, unknown]>): URLSearchParams {
  const out = new URLSearchParams();
  const entries = Symbol.iterator in params ? params : Object.entries(params);
  for (const [key, value] of entries as Iterable<readonly [string, unknown]>) {
    append(out, key, value);
  }
  return out;
}

/** Appends one parameter: lists as key[]=v, objects as key[name]=v, at any depth. */
function append(out: URLSearchParams, key: string, value: unknown): void {
  const v = value as Encodable;
  if (v === undefined || v === null) return;
  if (Array.isArray(v)) {
    for (const item of v as unknown[]) append(out, `${key}[]`, item);
  } else if (typeof v === 'object') {
    for (const [name, item] of Object.entries(v)) append(out, `${key}[${name}]`, item);
  } else out.append(key, String(v));
}
