/**
 * The service's JSON answers, checked before any code reads them: the service is reached over
 * the network and is not trusted to be the version of the interface this client speaks, nor to
 * be the service at all (a proxy's page). A wrong answer becomes an error that says what is
 * wrong, instead of a TypeError deep in a view. The checks cover what the app reads; other
 * fields pass through (a newer service may add some).
 *
 * Each schema is tied to its type in src/shared/api/resources.ts: `answer<T>()` does not compile
 * when a schema's output stops fitting the type.
 */
import { z } from 'zod';
import type {
  Alert,
  Camera,
  CollectionIndex,
  CollectionWithImages,
  FeatureCollection,
  Observation,
  Recording,
  SessionResponse,
  TokenResponse,
} from '../../shared/api/index.ts';
import { ApiError } from './errors.ts';

const answer = <T>(schema: z.ZodType<T>) => schema;

const lonLat = z.tuple([z.number(), z.number()]);
const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const point = z.looseObject({ type: z.literal('Point'), coordinates: lonLat });
const polygon = z.looseObject({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(lonLat)),
});
const place = { country: z.string(), state: z.string(), city: z.string() };
/** A time the code turns into a Date: "Invalid Date" would fail far from here, in V8's words. */
const time = z.string().refine((text) => !Number.isNaN(Date.parse(text)), {
  message: 'expected a date and time (ISO 8601)',
});

function feature<P extends z.ZodType, G extends z.ZodType>(properties: P, geometry: G) {
  return z.looseObject({
    type: z.literal('Feature'),
    id: z.string(),
    bbox: bbox.optional(),
    geometry,
    properties,
  });
}

export const cameraAnswer = answer<Camera>(
  feature(
    z.looseObject({
      ...place,
      provider: z.string(),
      description: z.string(),
      video: z.boolean(),
    }),
    point,
  ),
);

const reading = z.looseObject({ data: z.number(), prev: z.number().optional() });

export const observationAnswer = answer<Observation>(
  feature(
    z.looseObject({
      ...place,
      camera_id: z.string(),
      prev_id: z.string().nullable(),
      description: z.string(),
      time,
      sensors: z.record(z.string(), reading),
    }),
    point,
  ),
);

export const recordingAnswer = answer<Recording>(
  feature(
    z.looseObject({
      ...place,
      camera_id: z.string(),
      region: z.string(),
      description: z.string(),
      status: z.enum(['complete', 'submitted', 'failed']),
      // The spec's limit (1800 s), and a rate that leaves a countable number of frames: the
      // views lay out duration x rate frame names.
      duration: z.number().min(0).max(1800),
      rate: z.number().positive().max(30),
      start: time,
      stop: time,
      tags: z.array(z.string()),
      created_at: time,
      formats: z.array(z.enum(['jpg', 'zip', 'mp4'])),
    }),
    point,
  ),
);

export const alertAnswer = answer<Alert>(
  feature(
    z.looseObject({
      origin: z.string(),
      event: z.string(),
      headline: z.string(),
      states: z.array(z.string()),
      areaDesc: z.string(),
      description: z.string(),
      effective: time,
      expires: time,
      updated: time,
      urgency: z.string(),
      severity: z.string(),
      certainty: z.string(),
      status: z.string(),
    }),
    polygon,
  ).extend({ bbox }),
);

const aggs = z.record(
  z.string(),
  z.array(z.looseObject({ key: z.union([z.string(), z.number()]), doc_count: z.number() })),
);
const page = { total: z.number(), skip: z.number(), limit: z.number(), aggs };

/** A search page of features (`answer` the feature's schema). */
function featuresAnswer<F>(feature: z.ZodType<F>) {
  return answer<FeatureCollection<F>>(
    z.looseObject({
      type: z.literal('FeatureCollection'),
      bbox: bbox.optional(),
      features: z.array(feature),
      properties: z.looseObject(page),
    }),
  );
}

/** What each kind's `show` answers with. */
export const FEATURE_ANSWERS = {
  observations: observationAnswer,
  cameras: cameraAnswer,
  recordings: recordingAnswer,
  alerts: alertAnswer,
};

/** What each kind's search answers with: built once, not per page. */
export const SEARCH_ANSWERS = {
  observations: featuresAnswer(observationAnswer),
  cameras: featuresAnswer(cameraAnswer),
  recordings: featuresAnswer(recordingAnswer),
  alerts: featuresAnswer(alertAnswer),
};

/** A snapshot file (observations/_all, alerts/_all): features without the search envelope. */
function snapshotAnswer(feature: z.ZodType) {
  return z.looseObject({ type: z.literal('FeatureCollection'), features: z.array(feature) });
}

/** Observations in a snapshot: flat properties, the sensors as `sensor.<type>` numbers. */
export const snapshotObservationsAnswer = snapshotAnswer(
  feature(
    z.looseObject({
      ...place,
      image: z.string(),
      camera_id: z.string(),
      description: z.string(),
      time,
    }),
    point,
  ),
);

export const alertSnapshotAnswer = snapshotAnswer(alertAnswer);

const collection = z.looseObject({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  created_at: time,
  updated_at: time,
});

export const collectionWithImagesAnswer = answer<CollectionWithImages>(
  collection.extend({ images: z.array(z.string()), limit: z.number(), marker: z.string() }),
);

export const collectionIndexAnswer = answer<CollectionIndex>(
  z.looseObject({ results: z.array(collection), ...page }),
);

/** `{ ok: true }` with the fields a write answers with. */
export function okAnswer<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject({ ok: z.literal(true), ...shape });
}

export const imageTimesAnswer = z.looseObject({ total: z.number(), times: z.array(z.string()) });

export const tokenAnswer = answer<TokenResponse>(
  z.looseObject({
    access_token: z.string().min(1),
    token_type: z.literal('Bearer'),
    expires_in: z.number().positive(),
  }),
);

export const sessionAnswer = answer<SessionResponse>(
  z.looseObject({
    name: z.string(),
    roles: z.array(z.string()),
    context: z.record(z.string(), z.unknown()),
    expires_in: z.number(),
  }),
);

/** zod's words, but "missing" for a field that is not there at all. */
function wording(message: string): string {
  return /, received undefined$/.test(message) ? 'missing' : message;
}

/**
 * The answer's text read as JSON and checked against `schema`, or an ApiError that says what is
 * wrong with it. `contentType` is the answer's, for the error when it is not JSON.
 */
export function readAnswer<T>(
  operation: string,
  text: string,
  contentType: string | null,
  schema: z.ZodType<T>,
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
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  const issues = checked.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'the answer'}: ${wording(i.message)}`)
    .join('; ');
  const more =
    checked.error.issues.length > 3 ? ` and ${checked.error.issues.length - 3} more` : '';
  throw new ApiError(
    operation,
    `${operation} failed: the service's answer does not follow the service interface (${issues}${more}). The service may speak another version of it; if this persists, tell its provider.`,
  );
}
