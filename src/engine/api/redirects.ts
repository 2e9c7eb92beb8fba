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
import { ServiceError, safeUrl } from './errors.ts';

export { systemResolve, type Resolve } from '../net/address-policy.ts';

/** Why a redirect is not followed, and what the user can do about it. */
export interface Refusal {
  why: string;
  advice: string;
  /** Who redirected: "the service", "the tile server". */
  by: string;
}

/** Who a guard's redirects come from, in words for its refusals. */
export interface Redirector {
  /** "the service" */
  name: string;
  /** What to do when it redirects somewhere Roadcam does not go. */
  advice: string;
  /** What to do when it keeps its files on the local network but is reached from outside. */
  localAdvice: string;
}

/** What host names resolved to; a name missing here is judged as not internal. */
export interface Resolved {
  base?: readonly string[];
  target?: readonly string[];
}

export const SERVICE: Redirector = {
  name: 'the service',
  advice: "Tell the service's provider.",
  localAdvice:
    'If the service really keeps its files on your local network, connect Roadcam to the ' +
    "service by its local address too; otherwise tell the service's provider.",
};

/** Why Roadcam does not follow the service at `baseUrl` to `targetUrl`, or null when it does. */
export function redirectRefusal(
  baseUrl: string,
  targetUrl: string,
  resolved: Resolved = {},
  by: Redirector = SERVICE,
  internal: AddressPolicy['internal'] = SYSTEM_POLICY.internal,
): Refusal | null {
  const base = new URL(baseUrl);
  const target = new URL(targetUrl);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return {
      why: `it leads to a ${target.protocol} address, and Roadcam fetches files over HTTP and HTTPS only`,
      advice: by.advice,
      by: by.name,
    };
  }
  if (base.protocol === 'https:' && target.protocol === 'http:') {
    return {
      why: `${by.name} is reached over HTTPS and the redirect leads to plain HTTP, where the file and its address could be read or changed on the way`,
      advice: by.advice,
      by: by.name,
    };
  }
  if (hostRange(base.hostname, resolved.base, internal)) return null;
  const range = hostRange(target.hostname, resolved.target, internal);
  if (!range) return null;
  return {
    why: `it leads to ${range.address ? `${range.address}, ` : ''}${range.kind} (${range.range}), on this computer or its local network, while ${by.name} itself is not there`,
    advice: by.localAdvice,
    by: by.name,
  };
}

/** The internal range of a URL's host: its literal address, `localhost`, or what it resolved to. */
function hostRange(
  host: string,
  addresses: readonly string[] = [],
  internal: AddressPolicy['internal'] = SYSTEM_POLICY.internal,
): (InternalRange & { address?: string }) | null {
  if (isLocalhostName(host)) return localhostRange(host);
  if (isIpAddress(host)) return internal(host);
  for (const address of addresses) {
    const range = internal(address);
    if (range) return { ...range, address: `${host} at ${address}` };
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

  constructor(operation: string, status: number, target: string, refusal: Refusal) {
    super(operation, { status: 403, code: 'unknown', message: refusal.why });
    this.name = 'RedirectRefused';
    this.redirectStatus = status;
    this.message =
      `${operation} failed: ${refusal.by} redirected it to ${safeUrl(target)} (HTTP ${status}), and ` +
      `Roadcam does not follow: ${refusal.why}. ${refusal.advice}`;
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
  readonly #by: Redirector;
  readonly #internal: AddressPolicy['internal'];

  /** `by` and `internal`: whose redirects these are, and the ranges (tests model others). */
  constructor(
    baseUrl: string,
    resolve: Resolve = SYSTEM_POLICY.resolve,
    now: () => number = Date.now,
    options: { by?: Redirector; internal?: AddressPolicy['internal'] } = {},
  ) {
    this.#base = new URL(baseUrl);
    this.#resolve = resolve;
    this.#now = now;
    this.#by = options.by ?? SERVICE;
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
  async follow(operation: string, status: number, location: string | null): Promise<string> {
    let target: URL | null = null;
    try {
      if (location) target = new URL(location, this.#base.href.replace(/\/*$/, '/'));
    } catch {
      target = null;
    }
    if (!target) {
      throw new ServiceError(operation, {
        status,
        code: 'unknown',
        message: location
          ? `${this.#by.name} redirected to an address that is not a URL`
          : this.#by === SERVICE
            ? 'the service answered without the expected signed-URL redirect'
            : `${this.#by.name} answered a redirect without its target`,
      });
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
    const by = this.#by;
    const internal = this.#internal;
    if (
      !hostRange(base.hostname, [], internal) &&
      isName(target.hostname) &&
      target.hostname !== base.hostname
    ) {
      resolved.target = await this.#addresses(target.hostname);
    }
    const first = redirectRefusal(base.href, target.href, resolved, by, internal);
    if (!first || !isName(base.hostname)) return first;
    resolved.base = await this.#addresses(base.hostname);
    return redirectRefusal(base.href, target.href, resolved, by, internal);
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
