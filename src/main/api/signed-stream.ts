/**
 * GETs of signed URLs over node:http(s) with keep-alive connections, for the download engine:
 * the body is a Node stream of the socket's own Buffers, which costs about a fifth less CPU per
 * byte than fetch's web streams (docs/benchmarks.md, downloads). Nothing here adds
 * authorization: a signed URL carries its own.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

const agents: Record<string, http.Agent> = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Resolves with the answer once its headers arrived; the body is still to read. */
export function getSigned(
  url: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<IncomingMessage> {
  const target = new URL(url);
  const agent = agents[target.protocol];
  if (!agent) return Promise.reject(new TypeError(`unsupported protocol ${target.protocol}`));
  const get = target.protocol === 'https:' ? https.get : http.get;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const request = get(target, { headers, agent }, (response) => {
      // A reset before the body is read must not go unhandled: the reader meets the error
      // when it reads (a destroyed stream keeps it).
      response.on('error', () => undefined);
      resolve(response);
    });
    request.on('error', reject);
    // Not http.get's own `signal` option: with a keep-alive agent, an abort while a socket is
    // being handed over emits an error on that socket that nothing listens to (seen in Node
    // 24). Destroying without an error ends the request and cuts a body being read.
    const onAbort = () => {
      request.destroy();
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('close', () => signal?.removeEventListener('abort', onAbort));
  });
}

export function headerOf(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/** Reads a (small) error answer's text; gives up past 64 KB. */
export async function readText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > 65_536) {
      response.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}
