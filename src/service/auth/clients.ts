/**
 * API clients (key pairs), the tokens they request, and the block that falls on a client
 * requesting too many: more than TOKEN_BURST_LIMIT token requests within a minute blocks the
 * client for BLOCK_S seconds (token requests answer 429, API calls with its tokens 403).
 */
import { timingSafeEqual } from 'node:crypto';

export const TOKEN_BURST_LIMIT = 120;
const WINDOW_S = 60;
export const BLOCK_S = 600;

export interface ClientState {
  id: string;
  tokenRequests: number;
  recent: number[];
  blockedUntil: number;
}

export class ClientRegistry {
  readonly #secrets = new Map<string, string>();
  readonly #state = new Map<string, ClientState>();

  constructor(clients: readonly { id: string; secret: string }[]) {
    for (const c of clients) this.#secrets.set(c.id, c.secret);
  }

  /** True when the pair is a known client. Constant time in the secret. */
  authenticate(id: string, secret: string): boolean {
    const known = this.#secrets.get(id);
    if (known === undefined) return false;
    const a = Buffer.from(known);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  isKnown(id: string): boolean {
    return this.#secrets.has(id);
  }

  #stateOf(id: string): ClientState {
    let s = this.#state.get(id);
    if (!s) {
      s = { id, tokenRequests: 0, recent: [], blockedUntil: 0 };
      this.#state.set(id, s);
    }
    return s;
  }

  /**
   * Counts a token request by an authenticated client; returns the seconds the client stays
   * blocked (0 when it may have a token).
   */
  countTokenRequest(id: string, nowS: number): number {
    const s = this.#stateOf(id);
    s.tokenRequests++;
    s.recent = s.recent.filter((t) => t > nowS - WINDOW_S);
    s.recent.push(nowS);
    if (s.blockedUntil <= nowS && s.recent.length > TOKEN_BURST_LIMIT)
      s.blockedUntil = nowS + BLOCK_S;
    return Math.max(0, s.blockedUntil - nowS);
  }

  blockedFor(id: string, nowS: number): number {
    return Math.max(0, (this.#state.get(id)?.blockedUntil ?? 0) - nowS);
  }

  /** Token requests per client since start (or the last reset). */
  tokenRequestCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const id of this.#secrets.keys()) out[id] = this.#state.get(id)?.tokenRequests ?? 0;
    return out;
  }

  reset(): void {
    this.#state.clear();
  }
}
