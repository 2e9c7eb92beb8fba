/**
 * The trusted certificates and the one TLS context made from them, both made on the first TLS
 * connection. Reading the operating system's store and parsing its certificates with Node's
 * (about 270) costs some 95 ms of CPU; a core that talks plain HTTP (demo mode, a service on
 * this computer) never needs them, and made at start they would delay every launch of the app
 * and every `roadcam` command. A CA file named in Settings is still read and checked at once,
 * so that a wrong one is refused when it is chosen, not at the first connection.
 */
import { X509Certificate } from 'node:crypto';
import { createSecureContext, type ConnectionOptions, type SecureContext } from 'node:tls';
import { said } from '../../shared/i18n/translator.ts';
import { NetSettingError } from './setting-error.ts';
import { loadTrust, readCaFile, type Trust } from './trust.ts';
import type { LookupFunction } from 'node:net';
import { buildConnector, type Connector } from './undici-parts.ts';

export class TlsContext {
  readonly #caFile: { path: string; certificates: string[] } | null;
  #trust: Trust | undefined;
  #context: SecureContext | undefined;

  /** Throws a message a user can act on when the CA file cannot be read or holds no certificate. */
  constructor(caFile: string | null | undefined) {
    this.#caFile = caFile ? { path: caFile, certificates: checked(caFile) } : null;
  }

  /** Whether the context has been made (tests: plain HTTP never makes it). */
  get made(): boolean {
    return this.#context !== undefined;
  }

  get trust(): Trust {
    this.#trust ??= loadTrust(this.#caFile);
    return this.#trust;
  }

  get context(): SecureContext {
    this.#context ??= createSecureContext({ ca: this.trust.ca });
    return this.#context;
  }

  /**
   * undici's connector for a pool of this network: plain connections as undici makes them,
   * TLS ones with this context, made when the first one opens. Extra options (a look-up)
   * apply to both.
   */
  connector(extra: { lookup?: LookupFunction } = {}): Connector {
    let plain: Connector | undefined;
    let secure: Connector | undefined;
    return (options, callback) => {
      const connect =
        options.protocol === 'https:'
          ? (secure ??= buildConnector({ ...extra, secureContext: this.context }))
          : (plain ??= buildConnector({ ...extra } satisfies ConnectionOptions));
      connect(options, callback);
    };
  }
}

/** The CA file's certificates, each one parsed: a damaged block is named before it is used. */
function checked(path: string): string[] {
  const certificates = readCaFile(path);
  certificates.forEach((pem, index) => {
    try {
      new X509Certificate(pem);
    } catch (error) {
      const number = String(index + 1);
      throw new NetSettingError(said('net.caFile.damaged', { path, number }), { cause: error });
    }
  });
  return certificates;
}
