/**
 * Where Roadcam follows the service's signed-URL redirects (requester.ts: media and signedUrl).
 * A service on the internet may not send Roadcam to this computer or its local network (a
 * router's page, a cloud's instance metadata at 169.254.169.254), nor from HTTPS down to plain
 * HTTP, nor off HTTP altogether. A service that is itself on such an address (demo mode, the
 * tests, a service on the office network) may redirect there.
 *
 * A literal address is judged as it is. A host name is looked up with the system's resolver
 * (kept a minute) and judged by every address it has; a name that does not resolve here (behind
 * a proxy that resolves for us) is let through, and the connection resolves it once more, so a
 * name that changes its address between the two is not caught.
 */
import {
  isIpAddress,
  isLocalhostName,
  localhostRange,
  type InternalRange,
} from '../net/address-ranges.ts';
import { SYSTEM_POLICY, type AddressPolicy, type Resolve } from '../net/address-policy.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { ServiceError, safeUrl, serviceSaidWithin } from './errors.ts';

export { systemResolve, type Resolve } from '../net/address-policy.ts';

/** Why a redirect is not followed, and what the user can do about it. */
export interface Refusal {
  /** `whySaid` in English, for logs and tests. */
  why: string;
  /** `adviceSaid` in English. */
  advice: string;
  /** Why, as the catalogue says it in the user's language. */
  whySaid: Said;
  /** What to do, as the catalogue says it. */
  adviceSaid: Said;
  /** Who redirected, as the catalogue names it. */
  sender: RedirectSender;
}

/** Whose redirects a guard judges: the catalogue's name and advice for each (net.redirect.*). */
export type RedirectSender = 'service' | 'tiles';

/** What host names resolved to; a name missing here is judged as not internal. */
export interface Resolved {
  base?: readonly string[];
  target?: readonly string[];
}

function refusalOf(sender: RedirectSender, whySaid: Said, local = false): Refusal {
  const adviceSaid = local
    ? said('net.redirect.localAdvice', { sender })
    : said('net.redirect.advice', { sender });
  const why = english.say(whySaid);
  return { why, advice: english.say(adviceSaid), whySaid, adviceSaid, sender };
}

/** Why Roadcam does not follow the service at `baseUrl` to `targetUrl`, or null when it does. */
export function redirectRefusal(
  baseUrl: string,
  targetUrl: string,
  resolved: Resolved = {},
  sender: RedirectSender = 'service',
  internal: AddressPolicy['internal'] = SYSTEM_POLICY.internal,
): Refusal | null {
  const base = new URL(baseUrl);
  const target = new URL(targetUrl);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return refusalOf(sender, said('net.redirect.protocol', { protocol: target.protocol }));
  }
  if (base.protocol === 'https:' && target.protocol === 'http:') {
    return refusalOf(sender, said('net.redirect.downgrade', { sender }));
  }
  if (hostRange(base.hostname, resolved.base, internal)) return null;
  const range = hostRange(target.hostname, resolved.target, internal);
  if (!range) return null;
  const where = {
    host: range.host ?? 'none',
    address: range.address ?? 'none',
    kind: saidWithin(range.said),
    range: range.range,
    sender,
  };
  return refusalOf(sender, said('net.redirect.local', where), true);
}

/**
 * The internal range of a URL's host: its literal address, `localhost`, or what it resolved to
 * (then with the name and the address it resolved to).
 */
function hostRange(
  host: string,
  addresses: readonly string[] = [],
  internal: AddressPolicy['internal'] = SYSTEM_POLICY.internal,
): (InternalRange & { host?: string; address?: string }) | null {
  if (isLocalhostName(host)) return localhostRange(host);
  if (isIpAddress(host)) return internal(host);
  for (const address of addresses) {
    const range = internal(address);
    if (range) return { ...range, host, address };
  }
  return null;
}

/** A name to look up: not an address, not localhost. */
function isName(host: string): boolean {
  return !isIpAddress(host) && !isLocalhostName(host);
}

/**
 * A redirect Roadcam does not follow. Its status is 403 (Roadcam forbids it) so that what reads
 * statuses treats it as a refusal that trying again does not change: the media route answers
 * 403 and a download fails at once. `redirectStatus` is what the service answered.
 */
export class RedirectRefused extends ServiceError {
  readonly redirectStatus: number;

  constructor(operation: Said, status: number, target: string, refusal: Refusal) {
    const words = said('net.redirect.refused', {
      operation: saidWithin(operation),
      sender: refusal.sender,
      target: safeUrl(target),
      status: String(status),
      why: saidWithin(refusal.whySaid),
      advice: saidWithin(refusal.adviceSaid),
    });
    super(operation, { status: 403, code: 'unknown', message: refusal.why }, words);
    this.name = 'RedirectRefused';
    this.redirectStatus = status;
  }
}

const LOOKUP_MS = 5_000;
const KEEP_MS = 60_000;
const KEPT = 256;

/** The redirects of one service: judges each target, looking names up when they matter. */
export class RedirectGuard {
  readonly #base: URL;
  readonly #resolve: Resolve;
  readonly #now: () => number;
  readonly #kept = new Map<string, { at: number; addresses: Promise<readonly string[]> }>();
  readonly #sender: RedirectSender;
  readonly #internal: AddressPolicy['internal'];

  /** `sender` and `internal`: whose redirects these are, and the ranges (tests model others). */
  constructor(
    baseUrl: string,
    resolve: Resolve = SYSTEM_POLICY.resolve,
    now: () => number = Date.now,
    options: { sender?: RedirectSender; internal?: AddressPolicy['internal'] } = {},
  ) {
    this.#base = new URL(baseUrl);
    this.#resolve = resolve;
    this.#now = now;
    this.#sender = options.sender ?? 'service';
    this.#internal = options.internal ?? SYSTEM_POLICY.internal;
  }

  /** Whether the base itself is on this computer or its network (then it may go anywhere). */
  async baseIsInternal(): Promise<boolean> {
    const host = this.#base.hostname;
    if (hostRange(host, [], this.#internal)) return true;
    if (!isName(host)) return false;
    return hostRange(host, await this.#addresses(host), this.#internal) !== null;
  }

  /**
   * The absolute target of the service's redirect (`status`, Location `location`); throws a
   * ServiceError in words when there is none, and RedirectRefused when Roadcam does not go there.
   */
  async follow(operation: Said, status: number, location: string | null): Promise<string> {
    let target: URL | null = null;
    try {
      if (location) target = new URL(location, this.#base.href.replace(/\/*$/, '/'));
    } catch {
      target = null;
    }
    if (!target) {
      const sender = this.#sender;
      const why = location
        ? said('net.redirect.notUrl', { sender })
        : said('net.redirect.noTarget', { sender });
      const detail = { status, code: 'unknown' as const, message: english.say(why) };
      throw new ServiceError(operation, detail, serviceSaidWithin(operation, detail, why));
    }
    const refusal = await this.refusal(target);
    if (refusal) throw new RedirectRefused(operation, status, target.href, refusal);
    return target.href;
  }

  /** redirectRefusal, with the names looked up that can change its answer. */
  async refusal(target: URL): Promise<Refusal | null> {
    const base = this.#base;
    const resolved: { base?: readonly string[]; target?: readonly string[] } = {};
    // A service on an internal address may go anywhere: no look-up then (demo mode, tests).
    const sender = this.#sender;
    const internal = this.#internal;
    if (
      !hostRange(base.hostname, [], internal) &&
      isName(target.hostname) &&
      target.hostname !== base.hostname
    ) {
      resolved.target = await this.#addresses(target.hostname);
    }
    const first = redirectRefusal(base.href, target.href, resolved, sender, internal);
    if (!first || !isName(base.hostname)) return first;
    resolved.base = await this.#addresses(base.hostname);
    return redirectRefusal(base.href, target.href, resolved, sender, internal);
  }

  /** The addresses of `host`, kept a minute; none when it does not resolve in time. */
  #addresses(host: string): Promise<readonly string[]> {
    const now = this.#now();
    const kept = this.#kept.get(host);
    if (kept && now - kept.at < KEEP_MS) return kept.addresses;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<readonly string[]>((resolve) => {
      timer = setTimeout(() => resolve([]), LOOKUP_MS).unref();
    });
    const addresses = Promise.race([this.#resolve(host).catch(() => []), late]).finally(() =>
      clearTimeout(timer),
    );
    this.#kept.delete(host);
    if (this.#kept.size >= KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(host, { at: now, addresses });
    return addresses;
  }
}
