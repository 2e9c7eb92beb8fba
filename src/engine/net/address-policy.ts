/**
 * Which addresses a request may reach when whoever chose its address is not trusted with this
 * computer and its network: a tile server on the internet, and where it redirects.
 *
 * The look-up and the connection agree because they are one: `publicOnlyLookup` is the lookup
 * function the connection itself calls (net.connect's `lookup` option, through undici's
 * connector), so the address that is judged is the address that is connected to; a name whose
 * answer changes between a check and the connection (DNS rebinding) cannot slip through. A
 * literal address is not looked up at all by the connection: callers judge it before asking
 * (api/redirects.ts). Through a proxy, the proxy resolves and connects: only that earlier
 * check of ours applies there.
 */
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { said, saidWithin } from '../../shared/i18n/translator.ts';
import { internalRange, type InternalRange } from './address-ranges.ts';
import { NetProblem } from './problem.ts';

/** Every address of a host name. */
export type Resolve = (host: string) => Promise<readonly string[]>;

/** The system's resolver (getaddrinfo: hosts file, DNS), every address of a name. */
export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface AddressPolicy {
  resolve: Resolve;
  /** The range an address is in when it is not the internet's (address-ranges.ts), else null. */
  internal(address: string): InternalRange | null;
}

/** The product's policy: the system's resolver and the real ranges. Tests model others. */
export const SYSTEM_POLICY: AddressPolicy = { resolve: systemResolve, internal: internalRange };

/** A connection refused because its host name led to this computer or its local network. */
export class InternalAddress extends NetProblem {
  readonly code = 'ERR_ROADCAM_INTERNAL_ADDRESS';

  constructor(host: string, address: string, range: InternalRange) {
    const kind = saidWithin(range.said);
    super(said('net.internalAddress', { host, address, kind, range: range.range }), {
      cause: null,
    });
    this.name = 'InternalAddress';
  }
}

/**
 * net.connect's lookup: the policy's addresses of the name, refused with InternalAddress when
 * any of them is internal (a name with one public and one private address is refused: which
 * one the connection would take is not ours to choose).
 */
export function publicOnlyLookup(policy: AddressPolicy): LookupFunction {
  return (host, options, callback) => {
    policy.resolve(host).then(
      (addresses) => {
        const found = addresses.map((address) => ({ address, family: isIP(address) }));
        const usable = found.filter(
          (a) => a.family !== 0 && (!options.family || a.family === options.family),
        );
        for (const { address } of usable) {
          const range = policy.internal(address);
          if (range) return callback(new InternalAddress(host, address, range), '', 0);
        }
        if (usable.length === 0) {
          const none = Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
          return callback(none, '', 0);
        }
        if (options.all) return callback(null, usable as never, 0);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
