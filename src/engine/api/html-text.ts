/**
 * The readable text of an HTML error page (a gateway's "502 Bad Gateway"), read in one pass:
 * each `<` is looked at once, and the search for the end of a tag, comment or block starts
 * where the last one ended. Regular expressions with lazy groups read the same page in time
 * that grows with its square: 64 KB of `<!--` took 1.8 s of the main process.
 */

/** Tags inside a line of text: removed without a space, so that no word (or secret) is split. */
const INLINE = /^(a|abbr|b|code|em|font|i|kbd|mark|q|s|small|span|strong|sub|sup|tt|u)$/i;
/** Elements whose content is not shown. */
const HIDDEN = /^(head|script|style|template|noscript|title)$/i;

/** Its title, then what its body shows, each on one line. */
export function htmlText(html: string): string {
  const { title, shown } = read(html);
  const head = oneLine(decodeEntities(title));
  const body = oneLine(decodeEntities(shown));
  if (!head) return body;
  if (!body || body.includes(head)) return body || head;
  return `${head}: ${body}`;
}

function read(html: string, withTitle = true): { title: string; shown: string } {
  const lower = html.toLowerCase();
  const shown: string[] = [];
  let title = '';
  let at = 0;
  // The next `>` at or after a position, found once: a run of `<` without one is read once.
  let closeAt = -1;
  const closeAfter = (from: number) => {
    if (closeAt !== Infinity && closeAt < from) {
      const found = html.indexOf('>', from);
      closeAt = found < 0 ? Infinity : found;
    }
    return closeAt;
  };
  for (;;) {
    const open = html.indexOf('<', at);
    if (open < 0) {
      shown.push(html.slice(at));
      break;
    }
    shown.push(html.slice(at, open));
    if (html.startsWith('<!--', open)) {
      // An unclosed comment hides the rest of the page.
      const close = html.indexOf('-->', open + 4);
      shown.push(' ');
      if (close < 0) break;
      at = close + 3;
      continue;
    }
    const end = closeAfter(open + 1);
    const name = /^<\/?([a-z][\w-]*)/i.exec(html.slice(open, open + 64))?.[1];
    // A tag that never closes hides the rest of the page, as a browser reads it.
    if (end === Infinity && name !== undefined) break;
    if (end === Infinity || (name === undefined && html[open + 1] !== '!')) {
      // A `<` that starts no tag is text; shown as a space, as a stray `>` is.
      shown.push(' ');
      at = open + 1;
      continue;
    }
    at = end + 1;
    if (name && HIDDEN.test(name) && html[open + 1] !== '/') {
      const close = lower.indexOf(`</${name.toLowerCase()}`, at);
      const inside = html.slice(at, close < 0 ? html.length : close);
      if (withTitle && name.toLowerCase() === 'title' && !title) title = stripTags(inside);
      shown.push(' ');
      if (close < 0) break;
      const closeEnd = closeAfter(close);
      at = closeEnd === Infinity ? html.length : closeEnd + 1;
      continue;
    }
    shown.push(name !== undefined && INLINE.test(name) ? '' : ' ');
  }
  return { title, shown: shown.join('').replace(/>/g, ' ') };
}

/** The tags of a short piece (a title) removed, in one pass too. */
function stripTags(html: string): string {
  return read(`<p>${html}</p>`, false).shown;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    // Control characters and out-of-range points are dropped, not decoded.
    return code >= 32 && code <= 0x10ffff && code !== 127 ? String.fromCodePoint(code) : ' ';
  });
}

/** Trimmed, every run of white space (and control characters) one space. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}
