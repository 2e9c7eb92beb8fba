/**
 * `roadcam://` links (and command-line arguments carrying them) as routes of the renderer:
 * `roadcam://wall?cameras=A,B&layout=3x3` -> `/wall?cameras=A,B&layout=3x3`,
 * `roadcam://collections/ID` -> `/collections/ID`, `roadcam://route?name=N&line=L&buffer=2` ->
 * `/route?name=N&line=L&buffer=2`. A link is input from outside the app (any web page can open
 * one): anything else is refused with the reason in words, and reading one never throws.
 */
import { MAX_LINK_LINE_CHARS } from '../shared/route-link.ts';

const views = ['map', 'wall', 'downloads', 'collections', 'alerts', 'settings', 'route'];

/**
 * A route link carries its line in the query (route-link.ts): the encoded line percent-escaped
 * at most triples. Longer is refused; the Route view says so in words rather than nothing opening.
 */
export const MAX_ROUTE_QUERY_CHARS = 3 * MAX_LINK_LINE_CHARS + 400;

/** No Roadcam link is longer: a longer one is refused before it is parsed. */
export const MAX_LINK_CHARS = MAX_ROUTE_QUERY_CHARS + 1000;

/** A link's route, or why it was refused (for the log: "refused a roadcam:// link: <why>"). */
export type LinkReading = { route: string } | { refused: string };

export function readLink(link: string): LinkReading {
  if (link.length > MAX_LINK_CHARS) {
    return refuse(
      `it is ${link.length} characters long; Roadcam's links have at most ${MAX_LINK_CHARS}`,
    );
  }
  if (!URL.canParse(link)) return refuse(`${quote(link)} is not a well-formed address`);
  const url = new URL(link);
  if (url.protocol !== 'roadcam:') return refuse(`${quote(link)} is not a roadcam:// link`);
  // roadcam://wall?x parses with host "wall"; roadcam:/wall or roadcam:wall with a path.
  const segments = [url.host, ...url.pathname.split('/')].filter(Boolean).map(decoded);
  if (segments.includes(null)) {
    return refuse(`${quote(link)} has a malformed %-escape in its path`);
  }
  const [view, ...rest] = segments as string[];
  if (!view || !views.includes(view)) {
    return refuse(`${quote(view ?? '')} is not a view of Roadcam (${views.join(', ')})`);
  }
  if (rest.length > 2 || rest.some((part) => !/^[\w.:-]{1,200}$/.test(part))) {
    return refuse(`${quote(url.pathname)} is not a path that ${view} opens`);
  }
  if (view === 'route') {
    if (rest.length > 0) return refuse('a route link carries its route in the query, not a path');
    if (url.search.length > MAX_ROUTE_QUERY_CHARS) return { route: '/route?refused=too-long' };
  }
  const path = ['', view, ...rest.map(encodeURIComponent)].join('/');
  return { route: url.search.length > 1 ? `${path}${url.search}` : path };
}

/** The link's route, or null when it is refused (readLink says why). */
export function routeFromLink(link: string): string | null {
  const reading = readLink(link);
  return 'route' in reading ? reading.route : null;
}

/** The first roadcam:// link among command-line arguments (Windows and Linux pass links so). */
export function linkFromArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.startsWith('roadcam:')) ?? null;
}

const refuse = (why: string): LinkReading => ({ refused: why });

/** A path segment's text, or null for a malformed escape such as %ZZ. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A piece of the link for the log: quoted, short (a link may be anything a page made up). */
function quote(text: string): string {
  const short = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return JSON.stringify(short);
}
