/**
 * Variants of the service: the other choices a provider may make where the interface says "not
 * shown" (or allows several answers). The embedded service makes our choices by default
 * (docs/service.md); a variant makes others, so that the client's tests prove it depends on
 * none of ours. Each choice is read by the part of the service it concerns.
 */

export interface ServiceChoices {
  /**
   * Show Image, Add Image, Remove Image, Preview, Empty and Destroy of collections (interface 4.6,
   * /v1 prefix "not shown"): served under both prefixes (ours), only under /v1, or only
   * without it.
   */
  collectionPaths: 'both' | 'v1' | 'bare';
  /**
   * Names of recording frames and collection images (form "not shown"): ours
   * (`<camera id>_<yyyymmddThhmmssZ>.jpg`) or opaque names that say nothing of camera or time.
   */
  imageNames: 'camera-time' | 'opaque';
  /** Add Image answers `{ok, image}` (ours) or `{ok: true}` alone, as the interface shows it. */
  addImageAnswer: 'with-name' | 'ok-only';
  /** Vector tile layer names and attributes ("not shown"): ours, or other names. */
  tiles: 'ours' | 'other';
  /** Unit of `expires_in` of the token and the session ("not shown"). */
  expiresIn: 'seconds' | 'milliseconds' | 'minutes';
  /** Error bodies ("not shown"): our JSON, another JSON, plain text, an HTML page, or none. */
  errors: 'json' | 'other-json' | 'text' | 'html' | 'empty';
  /**
   * Some records of search pages carry what the interface does not rule out: null or missing
   * text, unknown enum values and formats, extra fields, other forms of time strings.
   */
  oddRecords: boolean;
  /**
   * Rate limit of operations ("not shown"): null (ours: none), or at most `requests` requests
   * per `windowMs` per client, beyond which an operation answers 429 with Retry-After and is
   * not carried out.
   */
  throttle: { requests: number; windowMs: number } | null;
  /**
   * Largest alert search limit ("not shown"): null (ours: 100, larger refused), or a number
   * above which the limit is silently lowered (the page holds fewer features).
   */
  alertLimitMax: number | null;
  /** Signed URLs on the service's own host (ours) or on another origin (a CDN). */
  signedHost: 'same' | 'cdn';
  /** Live images: 200 jpeg, 200 png or 302 by camera (ours), or always a 302. */
  liveImage: 'mixed' | 'redirect';
  /** Observation Show ("not shown" beyond a Feature): as in search (ours), or flat properties. */
  observationShow: 'search-form' | 'flat';
  /** Contents of the session's roles and context ("not shown"): ours, or other shapes. */
  session: 'ours' | 'other';
  /**
   * Aggregatable attributes (the complete list is "not shown"): every attribute our service can
   * count ('all'), or only those the interface lists as seen in use ('seen'); others are refused
   * (400).
   */
  aggs: 'all' | 'seen';
  /**
   * What Empty's `total` counts (not fixed by the interface): the images this call removed (ours)
   * or the images left in the collection.
   */
  emptyTotal: 'removed' | 'remaining';
  /**
   * Live video: a master playlist naming a chunk playlist per rendition (ours, the form the
   * interface's "chunk playlists" name), or one media playlist.
   */
  hls: 'media' | 'master';
}

export interface ServiceVariant extends ServiceChoices {
  /** Shown in test titles and logs. */
  name: string;
}

export const OUR_CHOICES: ServiceVariant = {
  name: 'ours',
  collectionPaths: 'both',
  imageNames: 'camera-time',
  addImageAnswer: 'with-name',
  tiles: 'ours',
  expiresIn: 'seconds',
  errors: 'json',
  oddRecords: false,
  throttle: null,
  alertLimitMax: null,
  signedHost: 'same',
  liveImage: 'mixed',
  observationShow: 'search-form',
  session: 'ours',
  hls: 'master',
  aggs: 'all',
  emptyTotal: 'removed',
};

/**
 * Two strangers between them make every other choice once. Each is a whole, consistent
 * service a provider could run.
 */
export const VARIANTS = {
  ours: OUR_CHOICES,
  'stranger-a': {
    name: 'stranger-a',
    collectionPaths: 'bare',
    imageNames: 'opaque',
    addImageAnswer: 'ok-only',
    tiles: 'other',
    expiresIn: 'milliseconds',
    errors: 'text',
    oddRecords: true,
    throttle: null,
    alertLimitMax: 25,
    signedHost: 'cdn',
    liveImage: 'redirect',
    observationShow: 'flat',
    session: 'other',
    hls: 'media',
    aggs: 'seen',
    emptyTotal: 'removed',
  },
  'stranger-b': {
    name: 'stranger-b',
    collectionPaths: 'v1',
    imageNames: 'opaque',
    addImageAnswer: 'ok-only',
    tiles: 'other',
    expiresIn: 'minutes',
    errors: 'html',
    oddRecords: true,
    throttle: { requests: 40, windowMs: 1000 },
    alertLimitMax: 60,
    signedHost: 'cdn',
    liveImage: 'mixed',
    observationShow: 'flat',
    session: 'other',
    hls: 'master',
    aggs: 'seen',
    emptyTotal: 'remaining',
  },
} as const satisfies Record<string, ServiceVariant>;

export type VariantName = keyof typeof VARIANTS;
export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];

/** The variant of a name, or of a name plus changed choices; ours when none is given. */
export function resolveVariant(
  variant: VariantName | string | (Partial<ServiceChoices> & { name?: string }) | undefined,
): ServiceVariant {
  if (variant === undefined) return OUR_CHOICES;
  if (typeof variant === 'string') {
    const found = (VARIANTS as Record<string, ServiceVariant>)[variant];
    if (!found) {
      throw new RangeError(
        `Unknown service variant "${variant}": choose one of ${VARIANT_NAMES.join(', ')}.`,
      );
    }
    return found;
  }
  return { ...OUR_CHOICES, name: 'custom', ...variant };
}
