/**
 * The one HTTP stack of the core (undici, the library under Node's fetch): keep-alive pools per
 * origin, the same proxy and certificate settings for API calls, media and downloads, owned by
 * the core and closed with it. Everything that leaves the machine goes through `fetch` here.
 */
import { createSecureContext, type SecureContext } from 'node:tls';
import { Agent, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import {
  envProxy,
  fromPacAnswer,
  parseProxyUrl,
  type ProxyChoice,
  type ProxySetting,
  type SystemProxy,
} from './proxy.ts';
import { NetProblem } from './problem.ts';
import { loadTrust, tlsProblem, type Trust } from './trust.ts';

export type { ProxySetting, SystemProxy } from './proxy.ts';

export interface NetworkOptions {
  proxy?: ProxySetting;
  /** A PEM file of CA certificates trusted besides the system's (Settings, --ca-file). */
  caFile?: string | null;
  /** The desktop app's proxy resolver (the OS settings, PAC included); else the environment. */
  systemProxy?: SystemProxy;
  /** Defaults to process.env (tests give their own). */
  env?: NodeJS.ProcessEnv;
  /** Origins reached directly whatever the proxy setting: the embedded service of demo mode. */
  direct?: string[];
  /** The manual proxy user's password (from the keychain: Settings keeps none). */
  proxyPassword?: string | null;
}

/** What `fetch` accepts: the standard init, without undici's own dispatcher. */
export type FetchInit = Omit<RequestInit, 'dispatcher'>;

/** The settings in force, in words: for the connection report. */
export interface NetworkSettings {
  proxy: ProxySetting;
  caFile: string | null;
  system: boolean;
}

export class Network {
  #trust!: Trust;
  #options!: NetworkOptions;
  #direct!: Agent;
  #secureContext!: SecureContext;
  #proxies = new Map<string, ProxyAgent>();
  #closed = false;

  /** Throws a message a user can act on when the proxy or the CA file is wrong. */
  constructor(options: NetworkOptions = {}) {
    this.configure(options);
  }

  get trust(): Trust {
    return this.#trust;
  }

  /** The one TLS context of every connection, made from `trust` (remade with it). */
  get secureContext(): SecureContext {
    return this.#secureContext;
  }

  get settings(): NetworkSettings {
    return {
      proxy: this.#options.proxy ?? { mode: 'auto' },
      caFile: this.#options.caFile ?? null,
      system: this.#options.systemProxy !== undefined,
    };
  }

  /**
   * Takes new settings (Settings > Network): later requests use them; requests under way end
   * on the old connections, which close once idle. Throws, changing nothing, when they are wrong.
   */
  configure(options: NetworkOptions): void {
    const proxy = options.proxy ?? { mode: 'auto' };
    if (proxy.mode === 'manual') parseProxyUrl(proxy.url, 'The proxy setting');
    const trust = loadTrust(options.caFile);
    const old = this.#options ? [this.#direct, ...this.#proxies.values()] : [];
    this.#options = { ...options, proxy };
    this.#trust = trust;
    // One TLS context for every connection, direct or through a proxy: made per connection
    // from the CA list it cost ~20 ms of the core's thread each (a map's raster tiles open
    // dozens at once).
    this.#secureContext = createSecureContext({ ca: trust.ca });
    this.#direct = new Agent({
      connect: { secureContext: this.#secureContext },
      keepAliveTimeout: 4_000,
      connections: 16,
    });
    this.#proxies = new Map();
    for (const agent of old) void agent.close().catch(() => agent.destroy());
  }

  /** Changes the proxy and CA file only (Settings > Network); throws, changing nothing, if wrong. */
  choose(choice: Pick<NetworkOptions, 'proxy' | 'caFile' | 'proxyPassword'>): void {
    this.configure({ ...this.#options, ...choice });
  }

  /** The proxy this client uses for `url`, and where that choice came from. */
  async proxyFor(url: string | URL): Promise<ProxyChoice> {
    const target = new URL(url);
    const options = this.#options;
    const setting = options.proxy ?? { mode: 'auto' };
    if (options.direct?.includes(target.origin)) {
      return { proxy: null, source: 'the embedded service is reached directly' };
    }
    if (setting.mode === 'none') return { proxy: null, source: 'Settings: no proxy' };
    if (setting.mode === 'manual') {
      const proxy = parseProxyUrl(setting.url, 'The proxy setting');
      if (proxy.username && !proxy.password && options.proxyPassword) {
        proxy.password = encodeURIComponent(options.proxyPassword);
      }
      return { proxy: proxy.href, source: 'Settings' };
    }
    if (options.systemProxy) {
      const answer = await options.systemProxy(target.href);
      const proxy = fromPacAnswer(answer);
      if (proxy !== undefined) return { proxy, source: `the system settings (${answer})` };
    }
    return envProxy(target, options.env ?? process.env);
  }

  /** The dispatcher for `url`: direct, or through its proxy. */
  async dispatcherFor(url: string | URL): Promise<{ dispatcher: Dispatcher; choice: ProxyChoice }> {
    if (this.#closed) throw new Error('The network of this Roadcam core is closed');
    const choice = await this.proxyFor(url);
    if (choice.proxy === null) return { dispatcher: this.#direct, choice };
    let agent = this.#proxies.get(choice.proxy);
    if (!agent) {
      agent = new ProxyAgent({
        uri: choice.proxy,
        requestTls: { secureContext: this.#secureContext },
        proxyTls: { secureContext: this.#secureContext },
        // Plain http goes to the proxy as an absolute URL, as curl does: many proxies allow
        // CONNECT only to port 443.
        proxyTunnel: false,
        keepAliveTimeout: 4_000,
      });
      this.#proxies.set(choice.proxy, agent);
    }
    return { dispatcher: agent, choice };
  }

  /** fetch, through this network's pools, proxy and certificates. */
  async fetch(url: string, init: FetchInit = {}): Promise<Response> {
    const { dispatcher, choice } = await this.dispatcherFor(url);
    try {
      const response = await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher,
      });
      if (response.status === 407 && choice.proxy) {
        await response.body?.cancel();
        throw new NetProblem(proxyWantsPassword(choice), { cause: new Error('HTTP 407') });
      }
      // undici's Response is the one Node's fetch returns: the same class, other typings.
      return response as unknown as Response;
    } catch (error) {
      throw explain(error, new URL(url), choice);
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const agents = [this.#direct, ...this.#proxies.values()];
    this.#proxies.clear();
    await Promise.all(agents.map((a) => a.close().catch(() => a.destroy())));
  }
}

/** Puts a failure of a request to `url` in words when they can say more than "fetch failed". */
export function explain(error: unknown, url: URL, choice: ProxyChoice): unknown {
  if ((error as Error | null)?.name === 'AbortError' || error instanceof NetProblem) return error;
  const tls = tlsProblem(error, url.host);
  if (tls) return new NetProblem(tls, { cause: error });
  if (choice.proxy) {
    const words = proxyProblem(error, choice);
    if (words) return new NetProblem(words, { cause: error });
  }
  return error;
}

/** The words for a proxy's 407, whether it came as an answer or as a refused tunnel. */
export function proxyWantsPassword(choice: ProxyChoice): string {
  const proxy = new URL(choice.proxy!);
  const had = proxy.username ? ' The user name and password given were refused.' : '';
  return `The proxy ${proxy.protocol}//${proxy.host} (from ${choice.source}) asks for a user name and password (HTTP 407).${had} Give them in Settings > Network (the password is kept in the system keychain), or in the proxy address, http://user:password@host:port, with --proxy or in HTTPS_PROXY and HTTP_PROXY.`;
}

function proxyProblem(error: unknown, choice: ProxyChoice): string | null {
  const proxy = new URL(choice.proxy!);
  const where = `${proxy.protocol}//${proxy.host} (from ${choice.source})`;
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const message = (e as Error).message ?? '';
    const status = /Proxy[^(]*\((\d{3})\)/.exec(message)?.[1];
    if (status === '407') return proxyWantsPassword(choice);
    if (status) {
      return `The proxy ${where} refused the connection (HTTP ${status}). Check the proxy setting, or ask whoever runs the proxy to allow this service.`;
    }
    const code = (e as { code?: unknown }).code;
    const address = (e as { address?: unknown; port?: unknown }).port;
    if (
      (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') &&
      (address === undefined || String(address) === (proxy.port || '80'))
    ) {
      return `The proxy ${where} cannot be reached (${code}). Check the proxy setting, or choose "No proxy" in Settings > Network.`;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

let shared: Network | undefined;

/**
 * The network of clients made without one (tests, one-off checks): the environment's proxy and
 * the system's certificates. A core makes its own from Settings and closes it.
 */
export function defaultNetwork(): Network {
  return (shared ??= new Network());
}
