/**
 * Which addresses belong to this computer or its local network rather than to the internet:
 * loopback, private, link-local (where clouds answer with their instance's credentials), shared
 * carrier-grade NAT, "this network", multicast and reserved ones, in IPv4 and IPv6, including
 * the IPv6 forms that carry an IPv4 address (::ffff:10.0.0.1 and friends). A service on the
 * internet may not send Roadcam there (api/redirects.ts).
 *
 * Pure: reads address text and never resolves or connects. It reads the canonical text that
 * the URL parser makes of a host (`0x7f.1` and `2130706433` are already `127.0.0.1` there,
 * and IPv6 is compressed) and what a resolver answers.
 */
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';

/** A range that is not the internet's, in words for a message. */
export interface InternalRange {
  /** What the address is, to a user, said in their language (net.range.*). */
  said: Said;
  /** `said` in English, for logs: "a loopback address". */
  kind: string;
  /** "127.0.0.0/8" */
  range: string;
}

/** The kinds of range, as the catalogue's net.range.kind names them. */
type RangeKind =
  | 'thisNetwork'
  | 'private'
  | 'sharedNat'
  | 'loopback'
  | 'linkLocal'
  | 'multicast'
  | 'reserved'
  | 'unspecified'
  | 'uniqueLocal'
  | 'linkLocal6'
  | 'siteLocal'
  | 'loopbackName';

/** An IPv6 form that carries an IPv4 address. */
type EmbeddedForm = 'mapped' | 'compatible' | 'translated' | 'nat64' | '6to4';

interface Range4 {
  base: number;
  bits: number;
  kind: RangeKind;
}

const v4 = (text: string, bits: number, kind: RangeKind): Range4 => ({
  base: ipv4Number(text.split('.').map(Number)),
  bits,
  kind,
});

const RANGES_V4: readonly Range4[] = [
  v4('0.0.0.0', 8, 'thisNetwork'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'sharedNat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'linkLocal'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.168.0.0', 16, 'private'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

/** A range of `kind`, in words. */
function named(kind: RangeKind | Said, range: string): InternalRange {
  const words = typeof kind === 'string' ? said('net.range.kind', { kind }) : kind;
  return { said: words, kind: english.say(words), range };
}

/** The range `address` (IPv4 or IPv6 text, brackets allowed) is in, or null for the internet's. */
export function internalRange(address: string): InternalRange | null {
  const four = parseIPv4(address);
  if (four) return range4(four);
  const six = parseIPv6(address);
  return six ? range6(six) : null;
}

/** True for text that is an IP address (and not a host name). */
export function isIpAddress(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host) !== null;
}

/** The range of `localhost` (a name, not an address: isLocalhostName). */
export function localhostRange(host: string): InternalRange {
  return named('loopbackName', host);
}

/** `localhost` and names under it: resolvers answer them with loopback (RFC 6761). */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function range4(bytes: number[]): InternalRange | null {
  const n = ipv4Number(bytes);
  for (const r of RANGES_V4) {
    const mask = r.bits === 0 ? 0 : (0xffffffff << (32 - r.bits)) >>> 0;
    if ((n & mask) >>> 0 === r.base) return named(r.kind, cidr4(r));
  }
  return null;
}

function range6(g: number[]): InternalRange | null {
  const zeroUntil = (end: number) => g.slice(0, end).every((x) => x === 0);
  if (zeroUntil(8)) return named('unspecified', '::/128');
  if (zeroUntil(7) && g[7] === 1) return named('loopback', '::1/128');
  // Forms that carry an IPv4 address in their last 32 bits: judged by that address.
  const embedded: EmbeddedForm | null =
    zeroUntil(5) && g[5] === 0xffff
      ? 'mapped'
      : zeroUntil(6)
        ? 'compatible'
        : zeroUntil(4) && g[4] === 0xffff && g[5] === 0
          ? 'translated'
          : g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)
            ? 'nat64'
            : null;
  if (embedded) return inside(embedded, [g[6]!, g[7]!]);
  // 6to4 (2002::/16) carries its IPv4 address in the next 32 bits.
  if (g[0] === 0x2002) return inside('6to4', [g[1]!, g[2]!]);
  const top = g[0]!;
  if ((top & 0xfe00) === 0xfc00) return named('uniqueLocal', 'fc00::/7');
  if ((top & 0xffc0) === 0xfe80) return named('linkLocal6', 'fe80::/10');
  if ((top & 0xffc0) === 0xfec0) return named('siteLocal', 'fec0::/10');
  if ((top & 0xff00) === 0xff00) return named('multicast', 'ff00::/8');
  return null;
}

/** The IPv4 address in two 16-bit groups, judged as itself. */
function inside(form: EmbeddedForm, groups: [number, number]): InternalRange | null {
  const bytes = [groups[0] >> 8, groups[0] & 0xff, groups[1] >> 8, groups[1] & 0xff];
  const found = range4(bytes);
  if (!found) return null;
  const words = said('net.range.embedded', { form, kind: saidWithin(found.said) });
  return named(words, `${found.range} (${bytes.join('.')})`);
}

function ipv4Number(bytes: number[]): number {
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

function cidr4(r: Range4): string {
  const b = r.base;
  return `${b >>> 24}.${(b >>> 16) & 0xff}.${(b >>> 8) & 0xff}.${b & 0xff}/${r.bits}`;
}

/** Dotted-decimal IPv4, four parts of 0 to 255 without leading zeros, or null. */
function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : 256));
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** IPv6 text (brackets and a zone allowed, an IPv4 tail too) as eight 16-bit groups, or null. */
function parseIPv6(text: string): number[] | null {
  let t = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  t = t.replace(/%[\w.-]+$/, '');
  if (!t.includes(':') || !/^[\da-f:.]+$/i.test(t)) return null;
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(t);
  if (tail) {
    const four = parseIPv4(tail[1]!);
    if (!four) return null;
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    t = `${t.slice(0, tail.index)}:${hex(four[0]!, four[1]!)}:${hex(four[2]!, four[3]!)}`;
  }
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((x) => /^[\da-f]{1,4}$/i.test(x))) return null;
  return all.map((x) => parseInt(x, 16));
}
