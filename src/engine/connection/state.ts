import type { AppStatus } from '../../shared/ipc.ts';
import type { ServiceClock } from '../api/clock.ts';
import { NetworkError } from '../api/errors.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { Fetcher } from '../api/http.ts';
import type { EventHub } from '../events.ts';

export interface ConnectionTarget {
  mode: AppStatus['mode'];
  baseUrl: string;
}

/**
 * What the connection learns from the API client, without this module knowing the client:
 * whether it holds a token, and its view of the service's clock (the checks' answers feed it).
 */
export interface ConnectionClient {
  tokenHeld(): boolean;
  readonly clock: Pick<ServiceClock, 'offsetMs' | 'observe' | 'localNow'>;
}

/**
 * Knows which service the app talks to and whether it answers. Reachability is checked by an
 * unauthenticated GET of /v1/session: any HTTP answer (normally 401) means the service is up.
 * Until a first check (the CLI makes none), whether it answers is not known.
 */
export class Connection {
  #target: ConnectionTarget;
  #hub: EventHub;
  #version: string;
  /** null until a first check: the CLI's calls go out without one and learn from their answers. */
  #online: boolean | null = null;
  #checkedAt: string | null = null;
  #offlineReason: string | null = null;
  readonly #client: ConnectionClient;
  #timer: NodeJS.Timeout | undefined;

  readonly #fetch: Fetcher;

  constructor(
    target: ConnectionTarget,
    hub: EventHub,
    version: string,
    fetcher: Fetcher,
    client: ConnectionClient,
  ) {
    this.#target = target;
    this.#hub = hub;
    this.#version = version;
    this.#fetch = fetcher;
    this.#client = client;
  }

  status(): AppStatus {
    return {
      mode: this.#target.mode,
      serviceLabel: this.#target.mode === 'demo' ? 'Demo service' : this.#target.baseUrl,
      serviceUrl: this.#target.baseUrl,
      tokenHeld: this.#client.tokenHeld(),
      online: this.#online === true,
      offlineReason: this.#online === false ? this.#offlineReason : null,
      checkedAt: this.#checkedAt,
      clockOffsetMs: Math.round(this.#client.clock.offsetMs),
      version: this.#version,
    };
  }

  /**
   * False only once a check failed; true before any check, so that a caller that falls back to
   * its offline copy does not do so merely because nobody looked yet.
   */
  reachable(): boolean {
    return this.#online !== false;
  }

  async check(): Promise<AppStatus> {
    const wasOnline = this.#online;
    try {
      const sentAt = this.#client.clock.localNow();
      const response = await this.#fetch(`${this.#target.baseUrl}/v1/session`, {
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
      this.#client.clock.observe(response.headers.get('date'), sentAt);
      this.#online = true;
      this.#offlineReason = null;
    } catch (error) {
      this.#online = false;
      // The same words a failed call would have: the address, the cause, what to do.
      this.#offlineReason = new NetworkError(
        said('api.op.connectionCheck'),
        this.#target.baseUrl,
        error,
      ).message;
    }
    const firstCheck = this.#checkedAt === null;
    this.#checkedAt = new Date().toISOString();
    if (firstCheck || wasOnline !== this.#online) this.announce();
    return this.status();
  }

  /** Re-emits the status, e.g. after the token state changed. */
  announce(): void {
    this.#hub.emit('app.statusChanged', this.status());
  }

  startChecking(intervalMs: number): void {
    this.stopChecking();
    this.#timer = setInterval(() => void this.check(), intervalMs);
    this.#timer.unref();
  }

  stopChecking(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
