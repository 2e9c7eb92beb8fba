/**
 * The service's JSON answers, read before any code uses them. The service is reached over the
 * network and may be another provider's, another version, or not the service at all (a proxy's
 * page), so:
 * - What makes an answer unusable as a whole fails in words: not JSON, not a FeatureCollection
 *   (a Feature for a show), no `features` array (collections: no `results`, no `images`).
 * - Everything else is read liberally (records.ts, liberal.ts): each record on its own, shown as
 *   well as its fields allow, a record no view could use dropped; what was odd is logged once
 *   per answer. The envelope may be partial: what is missing is derived.
 * - The writes' short answers ({ok: true, ...}) and the token keep their zod schemas: the
 *   fields asked for there are the whole answer.
 */
import { z } from 'zod';
import type {
  Aggs,
  Collection,
  CollectionIndex,
  CollectionWithImages,
  FeatureCollection,
  SessionResponse,
  TokenResponse,
} from '../../shared/api/index.ts';
import { ApiError } from './errors.ts';
import type { Log } from './http.ts';
import {
  finite,
  isObject,
  number,
  strings,
  text,
  time,
  Oddities,
  Unusable,
  type Json,
} from './liberal.ts';
import {
  collectionOf,
  readAlert,
  readCamera,
  readCollection,
  readObservation,
  readRecording,
  type RecordReader,
} from './records.ts';
import { readSnapshotObservation } from './snapshot-records.ts';

/** A liberal reader of a whole answer: throws Unusable when the answer cannot be used. */
export interface Reader<T> {
  read(body: unknown, odd: Oddities): T;
}
/** What an answer is read with: a liberal Reader, or a zod schema for the short answers. */
export type AnswerShape<T> = Reader<T> | z.ZodType<T>;

const answer = <T>(schema: z.ZodType<T>) => schema;

function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return Array.isArray(value)
    ? 'an array'
    : typeof value === 'object'
      ? 'an object'
      : `${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}

function objectAnswer(body: unknown, what: string): Json {
  if (!isObject(body)) throw new Unusable(`the answer: ${kindOf(body)}, not ${what}`);
  return body;
}

function listOf(body: Json, name: string): unknown[] {
  const list = body[name];
  if (!Array.isArray(list)) throw new Unusable(`${name}: ${kindOf(list)}, not an array`);
  return list;
}

/** Each record read on its own; the dropped ones leave the page. */
function readAll<T>(list: unknown[], record: RecordReader<T>, odd: Oddities): T[] {
  const out: T[] = [];
  list.forEach((raw, i) => {
    odd.at(i);
    const read = record(raw, odd);
    if (read !== undefined) out.push(read);
  });
  odd.at(-1);
  return out;
}

function aggsOf(value: unknown, odd: Oddities, path: string): Aggs {
  const out: Aggs = {};
  if (!isObject(value)) {
    if (value !== undefined) odd.note(path, kindOf(value));
    return out;
  }
  for (const [name, buckets] of Object.entries(value)) {
    if (!Array.isArray(buckets)) continue;
    out[name] = buckets.flatMap((b: unknown) => {
      const key = isObject(b) ? b['key'] : undefined;
      const count = isObject(b) ? finite(b['doc_count']) : undefined;
      return (typeof key === 'string' || typeof key === 'number') && count !== undefined
        ? [{ ...(b as Json), key, doc_count: count }]
        : [];
    });
  }
  return out;
}

/**
 * total, skip, limit and aggs of a page, derived where missing: skip 0, limit and total from
 * the records of the page (without a total, the page is taken as the last one).
 */
function envelopeOf(value: unknown, count: number, odd: Oddities, prefix: string) {
  const p = isObject(value) ? value : {};
  if (prefix !== '' && !isObject(value)) odd.note(prefix.slice(0, -1), kindOf(value));
  const num = (name: string, fallback: number) => {
    const n = finite(p[name]);
    if (n === undefined) odd.note(`${prefix}${name}`, kindOf(p[name]));
    return n ?? fallback;
  };
  const skip = num('skip', 0);
  const limit = num('limit', count);
  const total = num('total', skip + count);
  return { total, skip, limit, aggs: aggsOf(p['aggs'], odd, `${prefix}aggs`) };
}

function box(value: unknown): [number, number, number, number] | undefined {
  const n = Array.isArray(value) && value.length === 4 ? value.map(finite) : [];
  return n.length === 4 && n.every((x) => x !== undefined)
    ? (n as [number, number, number, number])
    : undefined;
}

/** A search page: a FeatureCollection with a features array; the rest liberal. */
function searchPage<F>(record: RecordReader<F>): Reader<FeatureCollection<F>> {
  return {
    read(body, odd) {
      const page = objectAnswer(body, 'a GeoJSON FeatureCollection');
      if (page['type'] !== 'FeatureCollection')
        throw new Unusable(`type: ${kindOf(page['type'])}, not "FeatureCollection"`);
      const features = readAll(listOf(page, 'features'), record, odd);
      const rest = { ...page };
      delete rest['bbox'];
      const bbox = box(page['bbox']);
      return {
        ...rest,
        ...(bbox ? { bbox } : {}),
        type: 'FeatureCollection',
        features,
        properties: {
          ...(isObject(page['properties']) ? page['properties'] : {}),
          ...envelopeOf(page['properties'], features.length, odd, 'properties.'),
        },
      };
    },
  };
}

/** A show: a Feature whose record can be used; a record that would be dropped fails it. */
function show<F>(record: RecordReader<F>): Reader<F> {
  return {
    read(body, odd) {
      const feature = objectAnswer(body, 'a GeoJSON Feature');
      if (feature['type'] !== 'Feature')
        throw new Unusable(`type: ${kindOf(feature['type'])}, not "Feature"`);
      const read = record(feature, odd);
      if (read === undefined) throw new Unusable(`the feature: ${odd.lastDrop ?? 'unreadable'}`);
      return read;
    },
  };
}

/** Snapshot files (observations/_all, alerts/_all): features without the search envelope. */
function snapshotOf<F>(
  record: RecordReader<F>,
): Reader<{ type: 'FeatureCollection'; features: F[] }> {
  return {
    read(body, odd) {
      const file = objectAnswer(body, 'a GeoJSON FeatureCollection');
      if (file['type'] !== 'FeatureCollection')
        throw new Unusable(`type: ${kindOf(file['type'])}, not "FeatureCollection"`);
      return {
        ...file,
        type: 'FeatureCollection',
        features: readAll(listOf(file, 'features'), record, odd),
      };
    },
  };
}

/** What each kind's `show` answers with. */
export const FEATURE_ANSWERS = {
  observations: show(readObservation),
  cameras: show(readCamera),
  recordings: show(readRecording),
  alerts: show(readAlert),
};

/** What each kind's search answers with. */
export const SEARCH_ANSWERS = {
  observations: searchPage(readObservation),
  cameras: searchPage(readCamera),
  recordings: searchPage(readRecording),
  alerts: searchPage(readAlert),
};

export const snapshotObservationsAnswer = snapshotOf(readSnapshotObservation);
export const alertSnapshotAnswer = snapshotOf(readAlert);

export const collectionIndexAnswer: Reader<CollectionIndex> = {
  read(body, odd) {
    const index = objectAnswer(body, 'a collection index');
    const results = readAll(listOf(index, 'results'), readCollection, odd);
    return { ...index, results, ...envelopeOf(index, results.length, odd, '') };
  },
};

export const collectionWithImagesAnswer: Reader<CollectionWithImages> = {
  read(body, odd) {
    const c = objectAnswer(body, 'a collection');
    const images = listOf(c, 'images');
    const note = (name: string) => (what: string) => odd.note(name, what);
    const base: Collection = collectionOf(c, odd);
    const limit = finite(c['limit']);
    return {
      ...base,
      images: strings(images, note('images')),
      limit: limit ?? images.length,
      marker:
        c['marker'] === undefined || c['marker'] === null ? '' : text(c['marker'], note('marker')),
    };
  },
};

/** A camera's image times (spec 4.3 Images): times normalised, unreadable ones left out. */
export const imageTimesAnswer: Reader<{ total: number; times: string[] }> = {
  read(body, odd) {
    const answer = objectAnswer(body, 'a list of image times');
    const times = listOf(answer, 'times').flatMap(
      (t) => time(t, (what) => odd.note('times', what)) ?? [],
    );
    return { ...answer, total: finite(answer['total']) ?? times.length, times };
  },
};

/** A role as text: a string, or an object's name (role, id), or the object in JSON. */
function roleText(role: unknown): string {
  if (typeof role === 'string') return role;
  if (isObject(role)) {
    const name = role['name'] ?? role['role'] ?? role['id'];
    if (typeof name === 'string' || typeof name === 'number') return String(name);
  }
  return JSON.stringify(role) ?? String(role);
}

/** The session (spec 4.1): roles and context "not shown", so any shape of them is read. */
export const sessionAnswer: Reader<SessionResponse> = {
  read(body, odd) {
    const s = objectAnswer(body, 'a session');
    const note = (name: string) => (what: string) => odd.note(name, what);
    const roles = s['roles'];
    return {
      ...s,
      name: text(s['name'], note('name')),
      roles: Array.isArray(roles)
        ? roles.map(roleText)
        : typeof roles === 'string'
          ? roles.split(/[,\s]+/).filter((r) => r !== '')
          : [],
      context: isObject(s['context']) ? s['context'] : {},
      expires_in: number(s['expires_in'], note('expires_in')),
    };
  },
};

/** `{ ok: true }` with the fields a write answers with. */
export function okAnswer<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject({ ok: z.literal(true), ...shape });
}

export const tokenAnswer = answer<TokenResponse>(
  z.looseObject({
    access_token: z.string().min(1),
    // OAuth 2.0 (RFC 6749, 5.1) reads the type case-insensitively.
    token_type: z
      .string()
      .regex(/^bearer$/i)
      .transform((): 'Bearer' => 'Bearer'),
    // Unit and range not shown: token-expiry.ts reads it beside the JWT's exp, so an odd value
    // (a string, zero, none: NaN here) never fails the sign-in.
    expires_in: z
      .unknown()
      .transform((v) =>
        typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN,
      ),
  }),
);

/** zod's words, but "missing" for a field that is not there at all. */
function wording(message: string): string {
  return /, received undefined$/.test(message) ? 'missing' : message;
}

function notFollowed(operation: string, issues: string): ApiError {
  return new ApiError(
    operation,
    `${operation} failed: the service's answer does not follow the service interface (${issues}). The service may speak another version of it; if this persists, tell its provider.`,
  );
}

function isReader<T>(shape: AnswerShape<T>): shape is Reader<T> {
  return typeof (shape as Partial<Reader<T>>).read === 'function';
}

/**
 * The answer's text read as JSON and then by `shape`, or an ApiError that says what is wrong
 * with it. `contentType` is the answer's, for the error when it is not JSON; `log` receives
 * one line when a liberal reading found something odd.
 */
export function readAnswer<T>(
  operation: string,
  text: string,
  contentType: string | null,
  shape: AnswerShape<T>,
  log?: Log,
): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(
      operation,
      `${operation} failed: the service answered with ${contentType ? `"${contentType.split(';')[0]}"` : 'a body'} that is not JSON. Something else may be answering in its place (a proxy, a captive portal, a wrong address): check the network and the service address in Settings.`,
    );
  }
  if (isReader(shape)) {
    const odd = new Oddities();
    let read: T;
    try {
      read = shape.read(body, odd);
    } catch (error) {
      if (error instanceof Unusable) throw notFollowed(operation, error.message);
      throw error;
    }
    const summary = odd.summary(operation);
    if (summary !== undefined) log?.(summary);
    return read;
  }
  const checked = shape.safeParse(body);
  if (checked.success) return checked.data;
  const issues = checked.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'the answer'}: ${wording(i.message)}`)
    .join('; ');
  const more =
    checked.error.issues.length > 3 ? ` and ${checked.error.issues.length - 3} more` : '';
  throw notFollowed(operation, `${issues}${more}`);
}
