/**
 * GETs of signed file URLs for the download engine, with the network's proxy and certificates
 * (`Network.files`, which closes it). Direct connections use the lean HTTP/1.1 client
 * (http1/), whose reads cost no allocation; through a proxy the same GET goes over undici, its
 * body handed over in the same way, so that the engine does not know which. Why two clients:
 * network.ts.
 */
import type { TlsContext } from './tls-context.ts';
import { LeanHttp, type LeanResponse } from './http1/client.ts';
import type { Dispatcher } from 'undici';
import { NetProblem, explain, proxyWantsPassword } from './problem.ts';
import type { ProxyChoice } from './proxy.ts';
import { bodyOfStream } from './stream-body.ts';

/** What the fetcher takes of its network (network.ts): the route to a URL, and the TLS context. */
export interface FetcherNetwork {
  dispatcherFor(url: string): Promise<{ dispatcher: Dispatcher; choice: ProxyChoice }>;
  readonly tls: TlsContext;
}

export class FileFetcher {
  readonly #network: FetcherNetwork;
  #lean: LeanHttp | undefined;
  #leanTls: TlsContext | undefined;

  constructor(network: FetcherNetwork) {
    this.#network = network;
  }

  async get(
    url: string,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<LeanResponse> {
    const { dispatcher, choice } = await this.#network.dispatcherFor(url);
    const target = new URL(url);
    try {
      if (choice.proxy === null) return await this.#direct().get(url, headers, signal);
      const answer = await dispatcher.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: { 'accept-encoding': 'identity', ...headers },
        signal,
        headersTimeout: 30_000,
      });
      if (answer.statusCode === 407) {
        answer.body.destroy();
        throw new NetProblem(proxyWantsPassword(choice), { cause: new Error('HTTP 407') });
      }
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return { status: answer.statusCode, headers: flat, body: bodyOfStream(answer.body) };
    } catch (error) {
      throw explain(error, target, choice);
    }
  }

  close(): void {
    this.#lean?.close();
  }

  /** The lean pool, remade when Settings changed the trusted certificates. */
  #direct(): LeanHttp {
    const tls = this.#network.tls;
    if (!this.#lean || this.#leanTls !== tls) {
      this.#lean?.close();
      this.#lean = new LeanHttp({ tls: () => ({ secureContext: tls.context }) });
      this.#leanTls = tls;
    }
    return this.#lean;
  }
}
