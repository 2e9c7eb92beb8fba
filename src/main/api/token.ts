/**
 * The access token's lifecycle. The service blocks applications that request too many tokens,
 * so a token is read from its store (the keychain), reused until shortly before it expires,
 * and renewed by exactly one request however many callers are waiting (single flight).
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

  constructor(options: TokenManagerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** True while a token that is still good is held in memory. */
  get held(): boolean {
    return this.#current !== null && this.#fresh(this.#current);
  }

  /** A usable access token: the held one, the stored one, or a new one. */
  async token(signal?: AbortSignal): Promise<string> {
    const current = this.#current;
    if (current && this.#fresh(current)) return current.accessToken;
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
  async renew(refused: string, signal?: AbortSignal): Promise<string> {
    const current = this.#current;
    if (current && current.accessToken !== refused && this.#fresh(current)) {
      return current.accessToken;
    }
    if (current?.accessToken === refused) this.#set(null);
    return (
      await abortable(
        this.#single(() => this.#requestAndStore()),
        signal,
      )
    ).accessToken;
  }

  /** Drops the token from memory and from its store (logout, changed credentials). */
  async forget(): Promise<void> {
    this.#set(null);
    await this.#options.store.clear();
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
    return this.#requestAndStore();
  }

  async #requestAndStore(): Promise<StoredToken> {
    const token = await this.#options.request();
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
