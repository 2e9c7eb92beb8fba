import type { ApiClient } from '../api/client.ts';
import type { MediaResponse } from '../api/requester.ts';
import { Readable } from 'node:stream';
import { ANSWER_CAPS } from '../api/capped-read.ts';
import { segment } from '../api/path.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import { fetchTile } from './tile-fetch.ts';

/**
 * The media paths the renderer may ask for, each mapped to one client call. Images and video
 * reach the renderer by URL through the media scheme (Electron) or `/media/` (browser mode):
 * the main process adds the token and follows signed redirects, so the token never reaches it.
 */
export interface MediaPath {
  /** What the user would call it, said in their language in a failure's words. */
  what: Said;
  /** `what` in English, for logs: "camera C1 live image". */
  label: string;
  /**
   * Cache key when the bytes never change for this path (archived frames, previews); null for
   * streams. `live` images are kept under a key too, so that offline shows the last one.
   */
  cacheKey: string | null;
  /** Live media: cached for offline use, but always fetched fresh while online. */
  live: boolean;
  /** The most its answer may hold (ANSWER_CAPS): past it the answer is cut and fails. */
  cap: number;
  fetch(client: ApiClient, signal: AbortSignal): Promise<MediaResponse>;
  /** A collection's image: served from disk when the collection is kept offline. */
  collectionImage?: { collectionId: string; name: string };
  /** A thumbnail: made in the main process from this path's image, `width` pixels wide. */
  thumbnailOf?: { route: MediaPath; width: number };
  /** The path is one, its query is not: the answer is this sentence (400), nothing fetched. */
  refusal?: string;
}

/** Width of the thumbnails of `collections/ID/thumbs/NAME` when the page asks no width. */
export const THUMBNAIL_WIDTH = 256;
/**
 * The widths a thumbnail is made at (`?w=N` asks for the smallest at least N): a grid cell's
 * width at its pixel ratio gets no more than it shows, and each image has at most this many
 * thumbnails in the media cache, whatever widths pages ask.
 */
export const THUMBNAIL_WIDTHS = [128, 192, 256, 384, 512, 768] as const;
const MAX_THUMBNAIL_ASK = 4096;

const id = /^[\w.:-]{1,200}$/;
/**
 * A live video file as the service's playlists name it (interface 4.3: "subsequent playlists and
 * media files"): any name of one path segment, for providers name them as they like
 * (`chunklist_w123~b800000.m3u8`, `media_000123.ts`, `.m4s`, no extension at all). It only
 * ever becomes one encoded segment under the camera's live path; '..' and control characters
 * are refused all the same.
 */
const hlsFile = /^(?!.*\.\.)[^\p{Cc}/\\]{1,255}$/u;
/** A playlist entry's query (`?session=...`), passed to the service as it came: RFC 3986 characters. */
const hlsQuery = /^[\w.~!$&'()*+,;=:@/?%-]{1,2048}$/;
/**
 * A collection image's name: its form is not shown either (the service names images as it
 * likes), so any one path segment the IPC contract accepts; '.', '..' and control characters
 * are refused.
 */
const imageName = /^(?!\.{1,2}$)[^\p{Cc}/\\]{1,300}$/u;
const time = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;
const tileName = /^(\d{1,2})-(\d{1,8})-(\d{1,8})\.mvt$/;

export interface MediaPathOptions {
  /** The base map's tile URL template (settings). */
  tileUrl?: string;
  /** The query of the media URL, without '?': kept for live video files only. */
  query?: string;
}

/** Parses `cameras/C1/live` and friends; null when the path is not a media path. */
export function readMediaPath(path: string, options: MediaPathOptions = {}): MediaPath | null {
  const parts = path.split('/').map((part) => safeDecode(part));
  if (parts.some((part) => part === null)) return null;
  const [group, a, b, c, ...rest] = parts as string[];
  if (rest.length > 0 || !a || !id.test(a)) return null;

  if (group === 'basemap') return basemapTile(a, b, c, options.tileUrl ?? '');

  if (group === 'cameras' && b === 'live' && c === undefined) {
    return {
      ...named(said('media.what.live', { id: a })),
      cacheKey: `live:${a}`,
      live: true,
      cap: ANSWER_CAPS.image,
      fetch: (client, signal) => client.cameras.live(a, { signal }),
    };
  }
  if (group === 'cameras' && b === 'live' && c !== undefined && hlsFile.test(c)) {
    const query = options.query ?? '';
    if (query !== '' && !hlsQuery.test(query)) return null;
    return {
      ...named(said('media.what.video', { id: a })),
      cacheKey: null,
      live: true,
      // A playlist's answer is lowered to the playlist cap by its type too (resolver.ts).
      cap: /\.m3u8$/i.test(c) ? ANSWER_CAPS.playlist : ANSWER_CAPS.segment,
      fetch: (client, signal) =>
        query === ''
          ? client.cameras.liveFile(a, c, { signal })
          : liveFileWithQuery(client, a, c, query, signal),
    };
  }
  if (group === 'cameras' && b === 'images' && c !== undefined && time.test(c)) {
    return {
      ...named(said('media.what.image', { id: a, time: c })),
      cacheKey: `camera-image:${a}:${c}`,
      live: false,
      cap: ANSWER_CAPS.image,
      fetch: (client, signal) => client.cameras.image(a, c, { signal }),
    };
  }
  if (group === 'tiles' && (a === 'cameras' || a === 'observations') && c === undefined) {
    const match = b === undefined ? null : tileName.exec(b);
    if (!match) return null;
    const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
    if (z > 24 || x >= 2 ** z || y >= 2 ** z) return null;
    return {
      ...named(
        said(a === 'cameras' ? 'media.what.cameraTile' : 'media.what.observationTile', {
          tile: `${z}/${x}/${y}`,
        }),
      ),
      cacheKey: `tile:${a}:${z}/${x}/${y}`,
      // Fresh while online (observations change every ten minutes); the last copy offline.
      live: true,
      cap: ANSWER_CAPS.tile,
      fetch: async (client, signal) =>
        bytesResponse(await client[a].tile(z, x, y, { signal }), 'application/x-protobuf'),
    };
  }
  if (group === 'observations' && b === 'preview' && c === undefined) {
    return {
      ...named(said('media.what.preview', { id: a })),
      cacheKey: `observation-preview:${a}`,
      live: false,
      cap: ANSWER_CAPS.image,
      fetch: (client, signal) => client.observations.preview(a, { signal }),
    };
  }
  if (group === 'recordings' && b === 'frame.jpg' && c === undefined) {
    return {
      ...named(said('media.what.frame', { id: a })),
      cacheKey: `recording-jpg:${a}`,
      live: false,
      cap: ANSWER_CAPS.image,
      fetch: (client, signal) => client.recordings.download(a, 'jpg', { signal }),
    };
  }
  if (group === 'recordings' && b === 'video.mp4' && c === undefined) {
    return {
      ...named(said('media.what.recording', { id: a })),
      // Streamed to the page as it comes: a video is too large for the media cache.
      cacheKey: null,
      live: false,
      cap: ANSWER_CAPS.recordingVideo,
      fetch: (client, signal) => client.recordings.download(a, 'mp4', { signal }),
    };
  }
  if (group === 'collections' && b === 'preview' && c === undefined) {
    return {
      ...named(said('media.what.collectionPreview', { id: a })),
      cacheKey: `collection-preview:${a}`,
      // A collection's preview changes as images are added: fresh while online.
      live: true,
      cap: ANSWER_CAPS.image,
      fetch: (client, signal) => client.collections.preview(a, { signal }),
    };
  }
  if (group === 'collections' && b === 'images' && c !== undefined && imageName.test(c)) {
    return collectionImage(a, c);
  }
  if (group === 'collections' && b === 'thumbs' && c !== undefined && imageName.test(c)) {
    const source = collectionImage(a, c);
    const width = thumbnailWidth(options.query);
    return {
      ...named(said('media.what.thumbnail', { id: a, name: c })),
      cacheKey: `thumb:${width}:collection-image:${a}:${c}`,
      live: false,
      cap: ANSWER_CAPS.image,
      fetch: source.fetch,
      thumbnailOf: { route: source, width: typeof width === 'number' ? width : THUMBNAIL_WIDTH },
      ...(typeof width === 'string' && { refusal: width }),
    };
  }
  return null;
}

/**
 * The width a thumbnail's query asks (`w=N`, N pixels), as one of THUMBNAIL_WIDTHS (the
 * smallest at least N, the largest past it); the default without a query; a sentence for a
 * query that is not one.
 */
export function thumbnailWidth(query: string | undefined): number | string {
  if (query === undefined || query === '') return THUMBNAIL_WIDTH;
  const asked = /^w=(\d{1,4})$/.exec(query)?.[1];
  const n = Number(asked);
  if (asked === undefined || n < 1 || n > MAX_THUMBNAIL_ASK) {
    return (
      `A thumbnail's width is asked as ?w=N, N a whole number of pixels from 1 to ` +
      `${MAX_THUMBNAIL_ASK} (got "?${query.slice(0, 40)}").`
    );
  }
  return THUMBNAIL_WIDTHS.find((w) => w >= n) ?? THUMBNAIL_WIDTHS.at(-1)!;
}

/**
 * `basemap/Z/X/Y.png`: a raster tile of the configured tile server, fetched here so that the
 * page's CSP allows images from the app only, and kept in the media cache for offline use.
 * Only an image passes, and redirects stay off this computer's network (tile-fetch.ts).
 */
function basemapTile(
  z: string,
  x: string,
  yFile: string | undefined,
  template: string,
): MediaPath | null {
  const match = /^(\d{1,8})\.png$/.exec(yFile ?? '');
  if (!template || !match || !/^\d{1,2}$/.test(z) || !/^\d{1,8}$/.test(x)) return null;
  const [zn, xn, yn] = [Number(z), Number(x), Number(match[1])];
  if (zn > 19 || xn >= 2 ** zn || yn >= 2 ** zn) return null;
  const url = template
    .replace('{z}', String(zn))
    .replace('{x}', String(xn))
    .replace('{y}', String(yn));
  return {
    ...named(said('media.what.basemap', { tile: `${zn}/${xn}/${yn}` })),
    cacheKey: `basemap:${template}:${zn}/${xn}/${yn}`,
    live: false,
    cap: ANSWER_CAPS.tile,
    fetch: async (client, signal) => {
      const tile = await fetchTile(client.requester.network, url, signal);
      return bytesResponse(tile.bytes, tile.contentType, tile);
    },
  };
}

/** A route's name: said for the user, in English for logs. */
function named(what: Said): { what: Said; label: string } {
  return { what, label: english.say(what) };
}

function collectionImage(collectionId: string, name: string): MediaPath {
  return {
    ...named(said('media.what.collectionImage', { id: collectionId, name })),
    cacheKey: `collection-image:${collectionId}:${name}`,
    live: false,
    cap: ANSWER_CAPS.image,
    fetch: (client, signal) => client.collections.image(collectionId, name, { signal }),
    collectionImage: { collectionId, name },
  };
}

/**
 * A live video file whose playlist named it with a query (`media_1.ts?session=ab`, as some
 * streaming servers do): the same request as cameras.liveFile, with the query as it came, since
 * such servers refuse a segment without it.
 */
function liveFileWithQuery(
  client: ApiClient,
  cameraId: string,
  file: string,
  query: string,
  signal: AbortSignal,
): Promise<MediaResponse> {
  return client.requester.media({
    operation: said('media.what.video', { id: cameraId }),
    method: 'GET',
    path: `/v1/cameras/${segment(cameraId, 'cameraId')}/live/${segment(file, 'videoFileName')}?${query}`,
    signal,
  });
}

/** Bytes the client already holds (tiles), in the shape of a streamed media answer. */
function bytesResponse(
  bytes: Uint8Array,
  contentType: string,
  validators: { etag: string | null; lastModified: string | null } = {
    etag: null,
    lastModified: null,
  },
): MediaResponse {
  return {
    status: 200,
    contentType,
    contentLength: bytes.byteLength,
    contentRange: null,
    etag: validators.etag,
    lastModified: validators.lastModified,
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(),
    nodeStream: () => Readable.from([bytes]),
  };
}

function safeDecode(part: string): string | null {
  try {
    const decoded = decodeURIComponent(part);
    return decoded.includes('/') || decoded === '..' || decoded === '.' ? null : decoded;
  } catch {
    return null;
  }
}
