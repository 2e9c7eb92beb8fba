import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import type { ProxyChoice } from './proxy.ts';
import { tlsProblem } from './trust.ts';

/**
 * A network failure that Roadcam can put in words (an untrusted certificate, a proxy that
 * refuses): what is wrong and what to do, as a catalogue code (`said`, for the user's
 * language) or, from a few older places, English only. Retrying does not help.
 */
export class NetProblem extends Error {
  readonly said: Said | undefined;

  constructor(words: Said | string, options: { cause: unknown }) {
    super(typeof words === 'string' ? words : english.say(words), options);
    this.name = 'NetProblem';
    this.said = typeof words === 'string' ? undefined : words;
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
export function proxyWantsPassword(choice: ProxyChoice): Said {
  const refused = new URL(choice.proxy!).username ? 'yes' : 'no';
  return said('net.problem.proxyPassword', { ...proxyNamed(choice), refused });
}

/** The proxy without its user or password, and where the choice of it came from. */
function proxyNamed(choice: ProxyChoice) {
  const proxy = new URL(choice.proxy!);
  return { proxy: `${proxy.protocol}//${proxy.host}`, source: saidWithin(choice.source) };
}

function proxyProblem(error: unknown, choice: ProxyChoice): Said | null {
  const proxy = new URL(choice.proxy!);
  const where = proxyNamed(choice);
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const message = (e as Error).message ?? '';
    const status = /Proxy[^(]*\((\d{3})\)/.exec(message)?.[1];
    if (status === '407') return proxyWantsPassword(choice);
    if (status) {
      return said('net.problem.proxyRefused', { ...where, status });
    }
    const code = (e as { code?: unknown }).code;
    const address = (e as { address?: unknown; port?: unknown }).port;
    if (
      (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') &&
      (address === undefined || String(address) === (proxy.port || '80'))
    ) {
      return said('net.problem.proxyUnreachable', { ...where, code });
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
