/**
 * Request parameters as one nested bag, whatever they came in: a query string or form body
 * with bracket syntax (sensors[road_weather][min]=2, aggs[]=state, repeated keys), or a JSON
 * object. Scalars are kept as strings so that the three forms are read by the same code and
 * give identical results.
 */
import { ApiError, invalidParameter } from './errors.ts';

export type ParamValue = string | ParamValue[] | ParamBag;
export interface ParamBag {
  [key: string]: ParamValue;
}

const MAX_PARAMS = 1000;
const MAX_DEPTH = 5;

export function emptyBag(): ParamBag {
  return Object.create(null) as ParamBag;
}

export function isBag(v: ParamValue | undefined): v is ParamBag {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Splits "sensors[road_weather][min]" into ["sensors", "road_weather", "min"]; [] is "". */
function splitKey(key: string): string[] | undefined {
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

export function parseUrlEncoded(text: string): ParamBag {
  const bag = emptyBag();
  const search = new URLSearchParams(text);
  let count = 0;
  for (const [rawKey, value] of search) {
    if (++count > MAX_PARAMS)
      throw new ApiError(413, 'payload_too_large', `More than ${MAX_PARAMS} parameters.`);
    const path = splitKey(rawKey);
    if (!path)
      throw invalidParameter(
        rawKey,
        `"${rawKey}" is not a valid parameter name (brackets do not match).`,
      );
    if (path.length > MAX_DEPTH)
      throw invalidParameter(path[0]!, `"${rawKey}" nests deeper than ${MAX_DEPTH} levels.`);
    assign(bag, path, value, rawKey);
  }
  return bag;
}

function assign(bag: ParamBag, path: string[], value: string, rawKey: string): void {
  let node: ParamBag = bag;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const last = i === path.length - 1;
    const next = path[i + 1];
    if (key === '') {
      throw invalidParameter(path[0]!, `"${rawKey}": [] may only end a parameter name.`);
    }
    const existing = node[key];
    if (last) {
      if (existing === undefined) node[key] = value;
      else if (typeof existing === 'string') node[key] = [existing, value];
      else if (Array.isArray(existing)) existing.push(value);
      else throw conflict(path[0]!, rawKey);
      return;
    }
    if (next === '' && i + 1 === path.length - 1) {
      if (existing === undefined) node[key] = [value];
      else if (typeof existing === 'string') node[key] = [existing, value];
      else if (Array.isArray(existing)) existing.push(value);
      else throw conflict(path[0]!, rawKey);
      return;
    }
    if (existing === undefined) {
      const child = emptyBag();
      node[key] = child;
      node = child;
    } else if (isBag(existing)) node = existing;
    else throw conflict(path[0]!, rawKey);
  }
}

function conflict(parameter: string, rawKey: string): ApiError {
  return invalidParameter(
    parameter,
    `"${rawKey}" mixes a plain value and nested values for ${parameter}.`,
  );
}

/** Converts a parsed JSON body into a bag: numbers and booleans become strings. */
export function fromJson(value: unknown): ParamBag {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'invalid_body', 'A JSON body must be an object of parameters.');
  }
  let count = 0;
  const convert = (v: unknown, depth: number, name: string): ParamValue | undefined => {
    if (++count > MAX_PARAMS)
      throw new ApiError(413, 'payload_too_large', `More than ${MAX_PARAMS} parameters.`);
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
      else throw conflict(path[0]!, k);
    }
    if (node[path.at(-1)!] !== undefined) throw conflict(path[0]!, k);
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
