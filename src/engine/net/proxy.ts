/**
 * Which proxy a request goes through, and where that choice came from. The desktop app asks the
 * operating system (Electron's session resolves it, PAC included: `systemProxy`); the CLI and
 * browser mode read HTTPS_PROXY, HTTP_PROXY and NO_PROXY as curl does (lower case first);
 * Settings may name one proxy for everything, or none.
 */
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { NetSettingError } from './setting-error.ts';

/** What Settings (or a CLI flag) says. */
export type ProxySetting = { mode: 'auto' } | { mode: 'none' } | { mode: 'manual'; url: string };

/** The proxy for one URL: its URL, or null to connect directly, and why (in the catalogue's words). */
export interface ProxyChoice {
  proxy: string | null;
  source: Said;
}

/** Asks the operating system for the proxy of a URL (Electron: session.resolveProxy). */
export type SystemProxy = (url: string) => Promise<string>;

/**
 * A proxy URL as given by a user or the environment: `host:port` means http://host:port, and
 * only http and https proxies exist here. Throws a NetSettingError saying what is wrong; `from`
 * names where the address was given (a flag or a variable, as typed; or Settings, said).
 */
export function parseProxyUrl(value: string, from: string | Said): URL {
  const text = value.trim();
  const where = { from: typeof from === 'string' ? from : saidWithin(from) };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    throw new NetSettingError(said('net.proxy.notAddress', { ...where, text }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const scheme = url.protocol.slice(0, -1);
    throw new NetSettingError(said('net.proxy.scheme', { ...where, scheme }));
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new NetSettingError(said('net.proxy.path', where));
  }
  return url;
}

/** The environment's proxy for `url`, as curl reads it. */
export function envProxy(url: URL, env: NodeJS.ProcessEnv): ProxyChoice {
  const read = (name: string): [string, string] | null => {
    const value = env[name];
    return value !== undefined && value.trim() !== '' ? [name, value] : null;
  };
  // curl reads only the lower-case http_proxy (CGI sets HTTP_PROXY from a request header).
  const found =
    url.protocol === 'https:' ? (read('https_proxy') ?? read('HTTPS_PROXY')) : read('http_proxy');
  const any = found ?? read('all_proxy') ?? read('ALL_PROXY');
  if (!any) return { proxy: null, source: said('net.source.environmentNone') };
  const noProxy = read('no_proxy') ?? read('NO_PROXY');
  if (noProxy && bypasses(url, noProxy[1])) {
    return {
      proxy: null,
      source: said('net.source.excluded', { variable: noProxy[0], host: url.hostname }),
    };
  }
  const proxy = parseProxyUrl(any[1], any[0]).href;
  return { proxy, source: said('net.source.variable', { variable: any[0] }) };
}

/**
 * NO_PROXY: names (a name also covers its subdomains; a leading dot or `*.` too), IP addresses,
 * CIDR ranges of IPv4, an optional `:port`, or `*` for everything.
 */
export function bypasses(url: URL, noProxy: string): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    // A bare IPv6 address has colons of its own: only a bracketed one may carry a port.
    const match = /^[0-9a-f:]*:[0-9a-f:]*:[0-9a-f:.]*$/.test(entry)
      ? [entry, entry]
      : /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry);
    if (!match) continue;
    if (match[2] && match[2] !== port) continue;
    const name = match[1]!.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    if (name.includes('/')) {
      if (inCidr(host, name)) return true;
    } else if (host === name || host.endsWith(`.${name}`)) {
      return true;
    }
  }
  return false;
}

function inCidr(host: string, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/');
  const bits = Number(bitsText);
  const a = ipv4(host);
  const b = ipv4(base ?? '');
  if (a === null || b === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (a & mask) >>> 0 === (b & mask) >>> 0;
}

function ipv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) {
    return null;
  }
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/**
 * Electron's answer for a URL ("DIRECT", "PROXY host:port; DIRECT", "HTTPS host:port", "SOCKS5
 * ..."): the first entry this client can use. SOCKS is skipped (undici speaks HTTP proxies).
 */
export function fromPacAnswer(answer: string): string | null | undefined {
  for (const part of answer.split(';')) {
    const [kind, where] = part.trim().split(/\s+/);
    if (kind === 'DIRECT') return null;
    if ((kind === 'PROXY' || kind === 'HTTPS') && where) {
      return `${kind === 'HTTPS' ? 'https' : 'http'}://${where}/`;
    }
  }
  return undefined;
}
