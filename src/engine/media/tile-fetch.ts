/**
 * The base map's raster tiles, fetched by the main process from the tile server in Settings and
 * handed to the page through the media scheme. What the page receives here it could not fetch
 * itself (its CSP allows images from the app only), so this must not become a way to read
 * other things: a tile server's answer passes only when it is an image, by its type and by its
 * first bytes, and the tile server may not redirect to this computer or its local network unless
 * it is there itself (a tile server on localhost is allowed by the settings).
 */
import { ANSWER_CAPS, AnswerTooLarge, cappedStream } from '../api/capped-read.ts';
import { NetworkError, ServiceError, safeUrl } from '../api/errors.ts';
import { RedirectGuard } from '../api/redirects.ts';
import { InternalAddress, type AddressPolicy } from '../net/address-policy.ts';
import type { Network } from '../net/network.ts';
import { english } from '../../shared/i18n/english.ts';
import { said } from '../../shared/i18n/translator.ts';

/** A tile as the page gets it: the image's bytes and its (checked) type. */
export interface TileImage {
  bytes: Uint8Array;
  contentType: string;
  etag: string | null;
  lastModified: string | null;
}

const OPERATION = said('api.op.mapTile');
const SENDER_KIND = 'tiles';
const FIX = 'Check the map tiles URL in Settings.';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 15_000;

/** The image types a tile may be, each with the test of its first bytes. */
const IMAGES: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => starts(b, [0xff, 0xd8, 0xff]),
  'image/webp': (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
  'image/gif': (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  // An ISO box `ftyp` whose brands name AVIF.
  'image/avif': (b) => ascii(b, 4, 'ftyp') && /avi[fs]/.test(latin1(b.subarray(8, 64))),
};

/**
 * GETs the tile at `url`, following at most 5 redirects, each judged before it is followed and
 * again by the connection's own look-up (address-policy.ts) when the tile server is on the
 * internet. Throws a ServiceError, NetworkError or AnswerTooLarge in words.
 */
export async function fetchTile(
  network: Network,
  url: string,
  signal: AbortSignal,
): Promise<TileImage> {
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]);
  const guard = guardFor(url, network.addressPolicy);
  // A tile server on this computer or its network may send us anywhere there, as the user chose.
  const publicOnly = !(await guard.baseIsInternal());
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await get(network, current, deadline, publicOnly);
    if (!REDIRECTS.has(response.status)) return image(current, response);
    await response.body?.cancel();
    if (hop === MAX_REDIRECTS) {
      throw refused(502, `the tile server redirected more than ${MAX_REDIRECTS} times`);
    }
    const location = response.headers.get('location');
    current = await guard.follow(OPERATION, response.status, absolute(location, current));
  }
}

async function get(
  network: Network,
  url: string,
  signal: AbortSignal,
  publicOnly: boolean,
): Promise<Response> {
  try {
    return await network.fetch(
      url,
      {
        signal,
        redirect: 'manual',
        // Tile servers such as OpenStreetMap's ask clients to name themselves.
        headers: { 'User-Agent': 'Roadcam/0.1 (desktop app; offline base map fallback)' },
      },
      publicOnly,
    );
  } catch (error) {
    if (error instanceof InternalAddress) {
      throw refused(
        403,
        `Roadcam does not connect to ${safeUrl(url)}: ${error.message}, while the tile server itself is not there. ${FIX}`,
      );
    }
    throw new NetworkError(OPERATION, url, error);
  }
}

/** The answer's image, or a refusal in words that passes on nothing of the answer. */
async function image(url: string, response: Response): Promise<TileImage> {
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ServiceError(OPERATION, {
      status: response.status === 404 ? 404 : 502,
      code: 'unknown',
      message: `the tile server answered ${response.status}`,
    });
  }
  const declared = response.headers.get('content-type');
  const contentType = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const isImage = IMAGES[contentType];
  if (!isImage) {
    await response.body.cancel();
    throw notImage(url, `answered ${declared ? `"${printable(declared)}"` : 'without a type'}`);
  }
  const length = Number(response.headers.get('content-length')) || null;
  // Capped here so that a refusal names the tile server, not the service.
  if (length !== null && length > ANSWER_CAPS.tile) {
    await response.body.cancel();
    throw new AnswerTooLarge(OPERATION, ANSWER_CAPS.tile, SENDER_KIND);
  }
  const body = cappedStream(OPERATION, response.body, ANSWER_CAPS.tile, SENDER_KIND);
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  if (!isImage(bytes)) throw notImage(url, `labelled its answer ${contentType}, but it is not one`);
  return {
    bytes,
    contentType,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}

function notImage(url: string, what: string): ServiceError {
  return refused(
    502,
    `the tile server at ${safeUrl(url)} ${what}: a map tile must be a PNG, JPEG, WebP, GIF or AVIF image, so nothing of it is shown. ${FIX}`,
  );
}

/** A refusal whose message is `map tile failed: <why>`, with no "HTTP" of an answer in it. */
function refused(status: number, why: string): ServiceError {
  const error = new ServiceError(OPERATION, { status, code: 'unknown', message: why });
  error.message = `${english.say(OPERATION)} failed: ${why}`;
  return error;
}

/** One guard per tile server: it keeps its look-ups a minute. */
const guards = new WeakMap<AddressPolicy, Map<string, RedirectGuard>>();

function guardFor(url: string, policy: AddressPolicy): RedirectGuard {
  const origin = new URL(url).origin;
  let byOrigin = guards.get(policy);
  if (!byOrigin) guards.set(policy, (byOrigin = new Map()));
  let guard = byOrigin.get(origin);
  if (!guard) {
    // Settings keep one tile server; a few kept cover switching back and forth.
    if (byOrigin.size >= 8) byOrigin.delete(byOrigin.keys().next().value!);
    const options = { sender: 'tiles' as const, internal: policy.internal };
    guard = new RedirectGuard(`${origin}/`, policy.resolve, Date.now, options);
    byOrigin.set(origin, guard);
  }
  return guard;
}

/** A Location made absolute against the URL that answered it (as it came when it cannot be). */
function absolute(location: string | null, base: string): string | null {
  if (location === null) return null;
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

function starts(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  return latin1(bytes.subarray(at, at + text.length)) === text;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** A header value for a message: printable ASCII only, cut short. */
function printable(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
}
