/**
 * The headers of media answered on the app's own origin (the media scheme in Electron, /media/
 * in browser mode). The bytes come from the service, a tile server or their copies on disk, and
 * their Content-Type is the service's word: one that labels an image text/html or
 * image/svg+xml would have the browser run its script with the app's origin, next to the
 * renderer's IPC. So the type is passed on only from a list of what the media routes serve,
 * anything else becomes application/octet-stream (which a page never renders as a document;
 * <img> and <video> read the bytes whatever the label), and every answer forbids sniffing and
 * carries a sandboxing CSP in case it is ever opened as a page.
 */

/** What the media routes serve: images, video and its playlists, vector tiles. */
const SERVED = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'video/mp4',
  'video/mp2t',
  'video/iso.segment',
  'audio/mp4',
  'application/vnd.apple.mpegurl',
  'application/x-mpegurl',
  'audio/mpegurl',
  'audio/x-mpegurl',
  'application/x-protobuf',
  'application/vnd.mapbox-vector-tile',
]);

/** Spellings seen in the wild for a type of the list. */
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

export const FALLBACK_TYPE = 'application/octet-stream';

/** Roadcam's own words: the resolver's error answers, never the service's bytes. */
const OWN_WORDS = 'text/plain; charset=utf-8';

/** Opened as a page, a media answer runs nothing and loads nothing but its own kind. */
export const MEDIA_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/**
 * The Content-Type to pass on for an answer of `status` labelled `contentType`: its essence
 * (no parameters) when it is on the list, else application/octet-stream. Plain text only on an
 * error answer, which the resolver writes itself.
 */
export function servedType(contentType: string | null | undefined, status: number): string {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const type = ALIASES[essence] ?? essence;
  if (SERVED.has(type)) return type;
  if (status >= 400 && contentType === OWN_WORDS) return OWN_WORDS;
  return FALLBACK_TYPE;
}

/** `headers` of a media answer of `status`, with a served type, nosniff and the CSP. */
export function safeMediaHeaders(
  status: number,
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  const safe: Record<string, string> = {};
  let type: string | null = null;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') type = value;
    else if (lower !== 'x-content-type-options' && lower !== 'content-security-policy') {
      safe[name] = value;
    }
  }
  safe['Content-Type'] = servedType(type, status);
  safe['X-Content-Type-Options'] = 'nosniff';
  safe['Content-Security-Policy'] = MEDIA_CSP;
  // The page (a file in the desktop app, another origin than the media scheme) reads these.
  safe['Access-Control-Expose-Headers'] = 'X-Roadcam-Offline, X-Roadcam-Said';
  return safe;
}
