/**
 * The one network of a core: every request that leaves the machine goes through it, with the
 * same proxy and certificate settings, and it is closed with its owner (the core, a CLI
 * command, a test). Two HTTP clients sit under it:
 *
 * - undici (the library under Node's fetch): the API client's calls through `exchange`
 *   (undici's `request`, not its `fetch`: exchange.ts says why), the status check and raster
 *   tiles through `fetch`, and every request through a proxy;
 * - the lean HTTP/1.1 client (`http1/`), through `files` (files.ts): the download engine's
 *   signed file GETs on direct connections. It reads each connection into one lent buffer;
 *   undici costs 2.2 times its wall time and CPU for the same bytes (`npm run bench:http-stacks`,
 *   docs/benchmarks.md), which on a fast link would make the engine CPU-bound. Through a proxy
 *   the same GETs go over undici.
 */
import type { SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';
import { Agent, ProxyAgent, undiciFetch } from './undici-parts.ts';
import {
  envProxy,
  fromPacAnswer,
  parseProxyUrl,
  type ProxyChoice,
  type ProxySetting,
  type SystemProxy,
} from './proxy.ts';
import { FileFetcher } from './files.ts';
import { exchangeOn, type ExchangeInit } from './exchange.ts';
import { NetProblem, explain, proxyWantsPassword } from './problem.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { Trust } from './trust.ts';
import { TlsContext } from './tls-context.ts';
import { SYSTEM_POLICY, publicOnlyLookup, type AddressPolicy } from './address-policy.ts';

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
  /** Which addresses are internal, and how names resolve: the system's unless a test models an internet. */
  addressPolicy?: AddressPolicy;
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
  #tls!: TlsContext;
  #options!: NetworkOptions;
  #direct!: Agent;
  #proxies = new Map<string, ProxyAgent>();
  /** The direct pool whose connections reach public addresses only (made when first used). */
  #publicOnly: Agent | null = null;
  #closed = false;
  /** The download engine's file GETs, over the same proxy and certificates; closed with this. */
  readonly files: FileFetcher = new FileFetcher(this);

  /** Throws a message a user can act on when the proxy or the CA file is wrong. */
  constructor(options: NetworkOptions = {}) {
    this.configure(options);
  }

  get trust(): Trust {
    return this.#tls.trust;
  }

  /** The certificates and TLS context of every connection (tls-context.ts: made on first use). */
  get tls(): TlsContext {
    return this.#tls;
  }

  /** The one TLS context of every connection, made from `trust` (remade with it). */
  get secureContext(): SecureContext {
    return this.#tls.context;
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
    if (proxy.mode === 'manual') parseProxyUrl(proxy.url, said('net.proxy.theSetting'));
    const tls = new TlsContext(options.caFile);
    const old = this.#options ? this.#agents() : [];
    this.#options = { ...options, proxy };
    // One TLS context for every connection, direct or through a proxy: made per connection
    // from the CA list it cost ~20 ms of the core's thread each (a map's raster tiles open
    // dozens at once).
    this.#tls = tls;
    this.#direct = new Agent({
      connect: tls.connector(),
      keepAliveTimeout: 4_000,
      connections: 16,
    });
    this.#proxies = new Map();
    this.#publicOnly = null;
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
      return { proxy: null, source: said('net.source.embedded') };
    }
    if (setting.mode === 'none') return { proxy: null, source: said('net.source.settingsNone') };
    if (setting.mode === 'manual') {
      const proxy = parseProxyUrl(setting.url, said('net.proxy.theSetting'));
      if (proxy.username && !proxy.password && options.proxyPassword) {
        proxy.password = encodeURIComponent(options.proxyPassword);
      }
      return { proxy: proxy.href, source: said('net.source.settings') };
    }
    if (options.systemProxy) {
      const answer = await options.systemProxy(target.href);
      const proxy = fromPacAnswer(answer);
      if (proxy !== undefined) return { proxy, source: said('net.source.system', { answer }) };
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
        requestTls: { secureContext: this.secureContext },
        proxyTls: { secureContext: this.secureContext },
        // Plain http goes to the proxy as an absolute URL, as curl does: many proxies allow
        // CONNECT only to port 443.
        proxyTunnel: false,
        keepAliveTimeout: 4_000,
      });
      this.#proxies.set(choice.proxy, agent);
    }
    return { dispatcher: agent, choice };
  }

  /** Which addresses are internal, and how names resolve (address-policy.ts). */
  get addressPolicy(): AddressPolicy {
    return this.#options.addressPolicy ?? SYSTEM_POLICY;
  }

  /**
   * fetch, through this network's pools, proxy and certificates. With `publicOnly`, a direct
   * connection reaches only the addresses `addressPolicy` calls public: the name is judged by
   * the very look-up the connection uses (address-policy.ts).
   */
  async fetch(url: string, init: FetchInit = {}, publicOnly = false): Promise<Response> {
    return this.#answer(url, publicOnly, async (dispatcher) => {
      const response = await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher,
      });
      // undici's Response is the one Node's fetch returns: the same class, other typings.
      return response as unknown as Response;
    });
  }

  /**
   * One exchange whose redirects are not followed, on the same pools, proxy and certificates
   * as `fetch` but without it (exchange.ts says why): the API client's calls, a few hundred a
   * second while a batch downloads.
   */
  exchange(url: string, init: ExchangeInit = {}): Promise<Response> {
    return this.#answer(url, false, (dispatcher) => exchangeOn(dispatcher, url, init));
  }

  /** `send` on the dispatcher for `url`, its failures put in words (a proxy's 407 among them). */
  async #answer(
    url: string,
    publicOnly: boolean,
    send: (dispatcher: Dispatcher) => Promise<Response>,
  ): Promise<Response> {
    const found = await this.dispatcherFor(url);
    const { choice } = found;
    const dispatcher =
      publicOnly && choice.proxy === null ? this.#publicOnlyAgent() : found.dispatcher;
    try {
      const response = await send(dispatcher);
      if (response.status === 407 && choice.proxy) {
        await response.body?.cancel();
        throw new NetProblem(proxyWantsPassword(choice), { cause: new Error('HTTP 407') });
      }
      return response;
    } catch (error) {
      throw explain(error, new URL(url), choice);
    }
  }

  #publicOnlyAgent(): Agent {
    this.#publicOnly ??= new Agent({
      connect: this.#tls.connector({ lookup: publicOnlyLookup(this.addressPolicy) }),
      keepAliveTimeout: 4_000,
      connections: 16,
    });
    return this.#publicOnly;
  }

  #agents(): Dispatcher[] {
    return [
      this.#direct,
      ...this.#proxies.values(),
      ...(this.#publicOnly ? [this.#publicOnly] : []),
    ];
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.files.close();
    const agents = this.#agents();
    this.#proxies.clear();
    this.#publicOnly = null;
    await Promise.all(agents.map((a) => a.close().catch(() => a.destroy())));
  }
}
