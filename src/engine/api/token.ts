/**
 * The access token's lifecycle. The service blocks applications that request too many tokens,
 * so a token is read from its store (the keychain), reused until shortly before it expires,
 * and renewed by exactly one request however many callers are waiting (single flight). A token
 * refused before its expiry is renewed once; when the service refuses even a token it has just
 * issued, no new one is asked for during a pause (never a loop of token requests).
 */

export interface StoredToken {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Where a profile's token lives between runs: the keychain, or memory for throwaway sessions. */
export interface TokenStore {
  read(): Promise<StoredToken | null>;
  write(token: StoredToken): Promise<void>;
  clear(): Promise<void>;
}

export class MemoryTokenStore implements TokenStore {
  #token: StoredToken | null = null;

  read(): Promise<StoredToken | null> {
    return Promise.resolve(this.#token);
  }

  write(token: StoredToken): Promise<void> {
    this.#token = token;
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.#token = null;
    return Promise.resolve();
  }
}

/** Renewal happens this long before expiry, so that no request leaves with a dying token. */
export const TOKEN_RENEW_MARGIN_MS = 5 * 60 * 1000;
/** A token refused this soon after a renewal issued it did not wear out: the service refuses it. */
export const JUST_ISSUED_MS = 60_000;
/** How long no token is requested after the service refused one it had just issued. */
export const TOKEN_PAUSE_MS = 2 * 60_000;

/**
 * Thrown instead of asking for a token while renewal is paused: the service refused a token it
 * had just issued (revoked credentials, a clock it disagrees with), and asking again at once
 * would only add token requests towards a block. `reason` is the refusal that started it.
 */
export class TokensPausedError extends Error {
  readonly until: number;
  readonly reason: unknown;

  constructor(until: number, reason: unknown, now: number) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    super(
      `The service refused an access token it had just issued; no new token is requested for ${seconds} s.`,
    );
    this.name = 'TokensPausedError';
    this.until = until;
    this.reason = reason;
  }
}

export interface TokenManagerOptions {
  store: TokenStore;
  /** Asks the service for a new token (the one network call this module makes). */
  request: () => Promise<StoredToken>;
  now?: () => number;
  /** Told whenever a token is gained or lost, for the status bar. */
  onChange?: (held: boolean) => void;
}

export class TokenManager {
  #options: TokenManagerOptions;
  #now: () => number;
  #current: StoredToken | null = null;
  #storeRead = false;
  #inflight: Promise<StoredToken> | null = null;
  /** The last token this manager requested, when, and whether it replaced a refused one. */
  #issued: { accessToken: string; at: number; renewal: boolean } | null = null;
  #pause: { until: number; reason: unknown } | null = null;

  constructor(options: TokenManagerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** True while a token that is still good is held in memory. */
  get held(): boolean {
    return this.#current !== null && this.#fresh(this.#current);
  }

  /** When the held token ends (epoch ms, this machine's clock), or null without one. */
  get expiresAt(): number | null {
    return this.#current?.expiresAt ?? null;
  }

  /** While renewal is paused (see `refused`), when the pause ends (epoch ms); else null. */
  get pausedUntil(): number | null {
    return this.#paused() ? this.#pause!.until : null;
  }

  /** A usable access token: the held one, the stored one, or a new one. */
  async token(signal?: AbortSignal): Promise<string> {
    const current = this.#current;
    if (current && this.#fresh(current)) return current.accessToken;
    this.#throwIfPaused();
    return (
      await abortable(
        this.#single(() => this.#obtain()),
        signal,
      )
    ).accessToken;
  }

  /**
   * Called after a 401 with the token that was refused. If another caller already renewed it,
   * the newer token is returned; otherwise exactly one new token is requested.
   */
  async renew(refused: string, signal?: AbortSignal, reason?: unknown): Promise<string> {
    const current = this.#current;
    if (current && current.accessToken !== refused && this.#fresh(current)) {
      return current.accessToken;
    }
    this.refused(refused, reason);
    this.#throwIfPaused();
    if (current?.accessToken === refused) this.#set(null);
    return (
      await abortable(
        this.#single(() => this.#replaceRefused()),
        signal,
      )
    ).accessToken;
  }

  /**
   * Told that `token` was refused. A token that a renewal issued moments ago cannot have worn
   * out: renewing again would be a loop, so no token is requested for TOKEN_PAUSE_MS. Calls
   * still go out with the token held (a refusal may have been passing; API calls, unlike token
   * requests, do not get an application blocked). True when renewal is now paused.
   */
  refused(token: string, reason?: unknown): boolean {
    const issued = this.#issued;
    const now = this.#now();
    if (this.#paused()) return true;
    if (issued?.accessToken === token && issued.renewal && now - issued.at < JUST_ISSUED_MS) {
      this.#pause = { until: now + TOKEN_PAUSE_MS, reason };
      return true;
    }
    return false;
  }

  /** Drops the token from memory and from its store (logout, changed credentials). */
  async forget(): Promise<void> {
    this.#set(null);
    this.#pause = null;
    this.#issued = null;
    await this.#options.store.clear();
  }

  #paused(): boolean {
    if (this.#pause && this.#pause.until <= this.#now()) this.#pause = null;
    return this.#pause !== null;
  }

  #throwIfPaused(): void {
    if (this.#paused())
      throw new TokensPausedError(this.#pause!.until, this.#pause!.reason, this.#now());
  }

  #fresh(token: StoredToken): boolean {
    return token.expiresAt - TOKEN_RENEW_MARGIN_MS > this.#now();
  }

  #single(work: () => Promise<StoredToken>): Promise<StoredToken> {
    this.#inflight ??= work().finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  async #obtain(): Promise<StoredToken> {
    if (!this.#storeRead) {
      this.#storeRead = true;
      const stored = await this.#options.store.read();
      if (stored && this.#fresh(stored)) {
        this.#set(stored);
        return stored;
      }
    }
    return this.#requestAndStore(false);
  }

  /**
   * The refused token leaves the store before a new one is asked for: were the request to fail
   * (revoked credentials, no network), the next run would otherwise start with it again.
   */
  async #replaceRefused(): Promise<StoredToken> {
    await this.#options.store.clear();
    return this.#requestAndStore(true);
  }

  /** `renewal`: the token replaces one the service refused (see `refused`). */
  async #requestAndStore(renewal: boolean): Promise<StoredToken> {
    const token = await this.#options.request();
    this.#issued = { accessToken: token.accessToken, at: this.#now(), renewal };
    this.#set(token);
    await this.#options.store.write(token);
    return token;
  }

  #set(token: StoredToken | null): void {
    const before = this.#current !== null;
    this.#current = token;
    if (before !== (token !== null)) this.#options.onChange?.(token !== null);
  }
}

/** Lets one caller stop waiting on a shared promise without cancelling it for the others. */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
