import type { ProxyChoice } from './proxy.ts';
import { tlsProblem } from './trust.ts';

/**
 * A network failure that Roadcam can put in words (an untrusted certificate, a proxy that
 * refuses): its message says what is wrong and what to do. Retrying does not help.
 */
export class NetProblem extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'NetProblem';
  }
}

/** Puts a failure of a request to `url` in words when they can say more than "fetch failed". */
export function explain(error: unknown, url: URL, choice: ProxyChoice): unknown {
  if ((error as Error | null)?.name === 'AbortError' || error instanceof NetProblem) return error;
  // Raised inside the connection (a refused address: address-policy.ts), under "fetch failed".
  const inner = (error as { cause?: unknown } | null)?.cause;
  if (inner instanceof NetProblem) return inner;
  const tls = tlsProblem(error, url.host);
  if (tls) return new NetProblem(tls, { cause: error });
  if (choice.proxy) {
    const words = proxyProblem(error, choice);
    if (words) return new NetProblem(words, { cause: error });
  }
  return error;
}

/** The words for a proxy's 407, whether it came as an answer or as a refused tunnel. */
export function proxyWantsPassword(choice: ProxyChoice): string {
  const proxy = new URL(choice.proxy!);
  const had = proxy.username ? ' The user name and password given were refused.' : '';
  return `The proxy ${proxy.protocol}//${proxy.host} (from ${choice.source}) asks for a user name and password (HTTP 407).${had} Give them in Settings > Network (the password is kept in the system keychain), or in the proxy address, http://user:password@host:port, with --proxy or in HTTPS_PROXY and HTTP_PROXY.`;
}

function proxyProblem(error: unknown, choice: ProxyChoice): string | null {
  const proxy = new URL(choice.proxy!);
  const where = `${proxy.protocol}//${proxy.host} (from ${choice.source})`;
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const message = (e as Error).message ?? '';
    const status = /Proxy[^(]*\((\d{3})\)/.exec(message)?.[1];
    if (status === '407') return proxyWantsPassword(choice);
    if (status) {
      return `The proxy ${where} refused the connection (HTTP ${status}). Check the proxy setting, or ask whoever runs the proxy to allow this service.`;
    }
    const code = (e as { code?: unknown }).code;
    const address = (e as { address?: unknown; port?: unknown }).port;
    if (
      (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') &&
      (address === undefined || String(address) === (proxy.port || '80'))
    ) {
      return `The proxy ${where} cannot be reached (${code}). Check the proxy setting, or choose "No proxy" in Settings > Network.`;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
