import type { AppStatus } from '../shared/ipc.ts';
import type { EventHub } from './events.ts';

export interface ConnectionTarget {
  mode: AppStatus['mode'];
  baseUrl: string;
}

/**
 * Knows which service the app talks to and whether it answers. Reachability is checked by an
 * unauthenticated GET of /v1/session: any HTTP answer (normally 401) means the service is up.
 */
export class Connection {
  #target: ConnectionTarget;
  #hub: EventHub;
  #version: string;
  #online = false;
  #checkedAt: string | null = null;
  #tokenHeld: () => boolean = () => false;
  #timer: NodeJS.Timeout | undefined;

  constructor(target: ConnectionTarget, hub: EventHub, version: string) {
    this.#target = target;
    this.#hub = hub;
    this.#version = version;
  }

  /** Lets the API client report whether it holds a token, without this module knowing it. */
  setTokenState(tokenHeld: () => boolean): void {
    this.#tokenHeld = tokenHeld;
  }

  status(): AppStatus {
    return {
      mode: this.#target.mode,
      serviceLabel: this.#target.mode === 'demo' ? 'Demo service' : this.#target.baseUrl,
      serviceUrl: this.#target.baseUrl,
      tokenHeld: this.#tokenHeld(),
      online: this.#online,
      checkedAt: this.#checkedAt,
      version: this.#version,
    };
  }

  async check(): Promise<AppStatus> {
    const wasOnline = this.#online;
    try {
      const response = await fetch(`${this.#target.baseUrl}/v1/session`, {
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
      this.#online = true;
    } catch {
      this.#online = false;
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
