import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { type Core, safeMediaHeaders } from '../engine/index.ts';
import { WebGate } from './security.ts';
import { attachSocket } from './socket.ts';
import { serveDiagnostics } from './diagnostics.ts';
import { readTokenPath } from '../shared/web-paths.ts';
import { english } from '../shared/i18n/english.ts';
import { loadTranslator } from '../shared/i18n/catalogues.ts';
import { pickLanguage } from '../shared/i18n/languages.ts';
import { said, type Said } from '../shared/i18n/translator.ts';

export interface WebHostOptions {
  core: Core;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** 0 picks any free port. */
  port?: number;
  /** Fixed only by tests; a random 32-byte token otherwise. */
  token?: string;
}

export interface WebHost {
  /** Opens the app: carries the per-launch token. */
  url: string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** The Content-Type of each kind of file the built renderer holds. */
export const RENDERER_FILE_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

/** Browser mode: the renderer over HTTP and the IPC contract over a WebSocket, on loopback only. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const gate = new WebGate(options.token ?? randomBytes(32).toString('base64url'));
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  const server = createServer((request, response) => {
    // A token in a URL (the page's, a media path's) never leaves in a Referer header.
    response.setHeader('Referrer-Policy', 'no-referrer');
    try {
      handleHttp(request, response, gate, options.staticDir, options.core);
    } catch (error) {
      // A listener that throws ends the process: one odd request must not end browser mode.
      if (!response.headersSent) {
        refuse(response, 500, `Roadcam could not serve this request: ${String(error)}`);
      } else response.destroy();
    }
  });
  server.on('upgrade', (request, socket, head) => {
    const url = requestUrl(request.url);
    const refused = !url
      ? '400 Bad Request'
      : url.pathname !== '/ipc'
        ? '404 Not Found'
        : !gate.hostAllowed(request) || !gate.originAllowed(request, true)
          ? '403 Forbidden'
          : !gate.tokenMatches(gate.socketToken(url))
            ? '401 Unauthorized'
            : null;
    if (refused) {
      socket.end(`HTTP/1.1 ${refused}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      attachSocket(ws, options.core);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  gate.setPort(port);
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${gate.token}`,
    origin,
    port,
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function handleHttp(
  request: IncomingMessage,
  response: ServerResponse,
  gate: WebGate,
  staticDir: string,
  core: Core,
): void {
  const url = requestUrl(request.url);
  if (!url) return refuse(response, 400, `Not a path this host serves: ${printable(request.url)}`);
  if (!gate.hostAllowed(request))
    return refuseInWords(request, response, 421, said('web.wrongAddress'));
  if (!gate.originAllowed(request, false) || !gate.fetchSiteAllowed(request)) {
    return refuseInWords(request, response, 403, said('web.otherSite'));
  }
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return refuse(response, 405, 'Only GET is served.');

  const secret = readTokenPath(url.pathname);
  if (secret) {
    if (!gate.tokenMatches(secret.token)) {
      return refuseInWords(request, response, 401, said('web.needsToken'));
    }
    if (secret.route === 'diagnostics' && secret.rest === '') {
      return serveDiagnostics(core.diagnostics, request, response);
    }
    if (secret.route === 'media') {
      // The query too: HLS playlists may name files with one (media/routes.ts).
      return serveMedia(core, secret.rest + url.search, request, response);
    }
    return refuse(response, 404, `Not found: ${url.pathname}`);
  }
  // The built renderer's files: not secret, so no token (a reload's page has none in its URL).
  const relative = url.pathname === '/' ? 'index.html' : safeDecode(url.pathname.slice(1));
  if (relative === null) return refuse(response, 400, `Not a valid path: ${url.pathname}`);
  const file = normalize(join(staticDir, relative));
  if (!file.startsWith(staticDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
    return refuse(response, 404, `Not found: ${url.pathname}`);
  }
  response.writeHead(200, {
    'Content-Type': RENDERER_FILE_TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
  });
  if (request.method === 'HEAD') return void response.end();
  createReadStream(file).pipe(response);
}

/**
 * The request's target as a URL of this host, or null when it is not a path ("//", "*", an
 * absolute URL, or one the URL parser refuses). `new URL(target, base)` would read "//x" as
 * another host, and throw on "//".
 */
export function requestUrl(target: string | undefined): URL | null {
  if (!target?.startsWith('/')) return null;
  try {
    return new URL(`http://127.0.0.1${target}`);
  } catch {
    return null;
  }
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** A request target for a message: printable ASCII only, cut short. */
function printable(target: string | undefined): string {
  return JSON.stringify((target ?? '').replace(/[^\x20-\x7e]/g, '?').slice(0, 200));
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(`${message}\n`);
}

/**
 * A refusal a person reads in the browser, in the first of its languages (Accept-Language, which
 * browsers send most wanted first) with a catalogue; English when none has.
 */
function refuseInWords(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  refusal: Said,
): void {
  const accepted = (request.headers['accept-language'] ?? '').split(',');
  const language = pickLanguage(accepted.map((part) => part.split(';')[0]!.trim()));
  void loadTranslator(language).then(
    (words) => refuse(response, status, words.say(refusal)),
    () => refuse(response, status, english.say(refusal)),
  );
}

/** Browser mode's side of the media scheme: the same resolver as Electron's protocol handler. */
function serveMedia(
  core: Core,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const abort = new AbortController();
  response.on('close', () => abort.abort());
  // The resolver answers every request in words; a failure past it (the page left) ends it.
  void core.media.resolve(path, abort.signal).then(
    (answer) => {
      // The service's Content-Type is not trusted on this origin (media/safe-headers.ts).
      response.writeHead(answer.status, safeMediaHeaders(answer.status, answer.headers));
      if (request.method === 'HEAD') {
        answer.body.destroy();
        response.end();
        return;
      }
      answer.body.on('error', () => response.destroy());
      answer.body.pipe(response);
    },
    () => response.destroy(),
  );
}
