/**
 * Request parameters as one nested bag, whatever they came in: a query string or form body
 * with bracket syntax (sensors[road_weather][min]=2, aggs[]=state, repeated keys), or a JSON
 * object. Scalars are kept as strings so that the three forms are read by the same code and
 * give identical results. The bracket syntax itself is the codec the client and the CLI write
 * with (src/shared/brackets.ts); this file sets the service's limits and words its refusals.
 */
import {
  BracketError,
  conflict,
  decode,
  emptyBag,
  isBag,
  splitKey,
  type BracketBag,
  type BracketValue,
} from '../../shared/brackets.ts';
import { RequestError, invalidParameter } from './errors.ts';

export type ParamValue = BracketValue;
export type ParamBag = BracketBag;
export { emptyBag, isBag };

const LIMITS = { maxParams: 1000, maxDepth: 5 };
const MAX_PARAMS = LIMITS.maxParams;
const MAX_DEPTH = LIMITS.maxDepth;

/** A query string or form body; a malformed one is a 400 (413 past the count) naming it. */
export function parseUrlEncoded(text: string): ParamBag {
  try {
    return decode(text, LIMITS);
  } catch (error) {
    throw error instanceof BracketError ? asApiError(error) : error;
  }
}

function asApiError(error: BracketError): RequestError {
  if (error.problem === 'too_many')
    return new RequestError(413, 'payload_too_large', error.message);
  return invalidParameter(error.parameter ?? error.key, error.message);
}

function conflictError(parameter: string, key: string): RequestError {
  return asApiError(conflict(parameter, key));
}

/** Converts a parsed JSON body into a bag: numbers and booleans become strings. */
export function fromJson(value: unknown): ParamBag {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RequestError(400, 'invalid_body', 'A JSON body must be an object of parameters.');
  }
  let count = 0;
  const convert = (v: unknown, depth: number, name: string): ParamValue | undefined => {
    if (++count > MAX_PARAMS)
      throw new RequestError(413, 'payload_too_large', `More than ${MAX_PARAMS} parameters.`);
    if (depth > MAX_DEPTH)
      throw invalidParameter(name, `${name} nests deeper than ${MAX_DEPTH} levels.`);
    if (v === null || v === undefined) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (Array.isArray(v)) {
      return v
        .map((x) => convert(x, depth + 1, name))
        .filter((x): x is ParamValue => x !== undefined);
    }
    if (typeof v === 'object') {
      const bag = emptyBag();
      for (const [k, x] of Object.entries(v)) {
        const c = convert(x, depth + 1, name);
        if (c !== undefined) bag[k] = c;
      }
      return bag;
    }
    throw invalidParameter(name, `${name} has a value of an unsupported type.`);
  };
  const bag = emptyBag();
  for (const [k, v] of Object.entries(value)) {
    const c = convert(v, 1, k);
    if (c === undefined) continue;
    const path = splitKey(k);
    if (!path || path.length === 1) {
      bag[k] = c;
      continue;
    }
    // Bracket keys in JSON ("sensors[precip][prev]": 0) nest as they do in a query string.
    if (path.length > MAX_DEPTH || path.includes(''))
      throw invalidParameter(path[0]!, `"${k}" is not a valid parameter name.`);
    let node = bag;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (next === undefined) node = node[key] = emptyBag();
      else if (isBag(next)) node = next;
      else throw conflictError(path[0]!, k);
    }
    if (node[path.at(-1)!] !== undefined) throw conflictError(path[0]!, k);
    node[path.at(-1)!] = c;
  }
  return bag;
}

/** Merges the body's parameters into the query's; a parameter may come from one only. */
export function mergeBags(query: ParamBag, body: ParamBag): ParamBag {
  const out = emptyBag();
  for (const [k, v] of Object.entries(query)) out[k] = v;
  for (const [k, v] of Object.entries(body)) {
    if (k in out)
      throw invalidParameter(k, `${k} is given both in the query string and in the body.`);
    out[k] = v;
  }
  return out;
}

/** A stable text form of a bag, for cache keys. */
export function canonical(bag: ParamValue): string {
  if (typeof bag === 'string') return JSON.stringify(bag);
  if (Array.isArray(bag)) return `[${bag.map(canonical).join(',')}]`;
  return `{${Object.keys(bag)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(bag[k]!)}`)
    .join(',')}}`;
}
