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
import { english } from '../../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../../shared/i18n/translator.ts';
import type {
  Collection,
  CollectionIndex,
  CollectionWithImages,
  SessionResponse,
  TokenResponse,
} from '../../../shared/api/index.ts';
import {
  envelopeOf,
  listOf,
  objectAnswer,
  readAll,
  type AnswerShape,
  type Reader,
} from './reading.ts';
import { ApiError } from '../errors.ts';
import type { Log } from '../../log.ts';
import { finite, isObject, number, strings, text, time, Oddities, Unusable } from './liberal.ts';
import { collectionOf, readCollection } from './records.ts';

export type { AnswerShape, Reader } from './reading.ts';

const answer = <T>(schema: z.ZodType<T>) => schema;

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

/** A camera's image times (interface 4.3 Images): times normalised, unreadable ones left out. */
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

/** The session (interface 4.1): roles and context "not shown", so any shape of them is read. */
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

function notFollowed(operation: Said, issues: string): ApiError {
  const words = said('api.answer.notFollowed', { operation: saidWithin(operation), issues });
  return new ApiError(operation, english.say(words), { said: words });
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
  operation: Said,
  text: string,
  contentType: string | null,
  shape: AnswerShape<T>,
  log?: Log,
): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const type = contentType?.split(';')[0] ?? '';
    const words = said('api.answer.notJson', {
      operation: saidWithin(operation),
      body: contentType ? 'typed' : 'none',
      type,
    });
    throw new ApiError(operation, english.say(words), { said: words });
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
    const summary = odd.summary(english.say(operation));
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
