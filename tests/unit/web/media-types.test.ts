/**
 * Media on the app's own origin: browser mode signed in to a real HTTP peer whose "images" are
 * labelled text/html or image/svg+xml and carry a script. Through the host they come with a
 * type from the list only, nosniff and a sandboxing CSP, so that the browser never runs them
 * as a page of the app's origin; a real image keeps its type.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { MEDIA_CSP, safeMediaHeaders, servedType } from '../../../src/engine/media/safe-headers.ts';
import { tokenPath } from '../../../src/shared/web-paths.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';

const SCRIPT = '<html><script>window.ran = true</script></html>';
const TOKEN = JSON.stringify({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600 });

/** Live images per camera: [Content-Type or null for none, body]. */
const LIVE: Record<string, [string | null, string]> = {
  html: ['text/html; charset=utf-8', SCRIPT],
  svg: ['image/svg+xml', `<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>`],
  js: ['application/javascript', 'window.ran = true'],
  none: [null, SCRIPT],
  jpeg: ['image/jpeg', '\xff\xd8\xff\xe0 a jpeg'],
};

function startPeer(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    const path = (req.url ?? '/').split('?')[0]!;
    const live = /^\/v1\/cameras\/(\w+)\/live$/.exec(path)?.[1];
    if (path === '/v1/oauth/token') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(TOKEN);
    } else if (live === 'redirected') {
      res.writeHead(302, { location: '/signed/frame.jpg?signature=1' }).end();
    } else if (path === '/signed/frame.jpg') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(SCRIPT);
    } else if (live && LIVE[live]) {
      const [type, body] = LIVE[live];
      // Without a type, node:http sends none: the peer's answer is exactly what the test says.
      res.writeHead(200, type ? { 'content-type': type } : {}).end(Buffer.from(body, 'latin1'));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const token = 'media-types-token-0123456789';
const dir = tempDir('roadcam-media-types-');
let peer: Server;
let core: Core;
let host: WebHost;

beforeAll(async () => {
  peer = await startPeer();
  const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  core = await startAccountCore(dir.path, url);
  host = await startWebHost({ core, staticDir: dir.path, token });
});
afterAll(async () => {
  await host.close();
  await core.close();
  await new Promise((resolve) => peer.close(resolve));
  dir.remove();
});

/** A GET of a media path of the host, with the token in the path as the page has it. */
function get(path: string, method = 'GET') {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const url = tokenPath('media', token, path.replace(/^\/media\//, ''));
      const req = request({ host: '127.0.0.1', port: host.port, path: url, method }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('browser mode: media labelled as a page', () => {
  it.each(['html', 'svg', 'js', 'none', 'redirected'])(
    'a live image labelled %s comes as bytes, nosniff and sandboxed',
    async (camera) => {
      const answer = await get(`/media/cameras/${camera}/live`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/octet-stream');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe(MEDIA_CSP);
      expect(answer.body).toMatch(/script|ran/);
    },
  );

  it('a JPEG keeps its type, with nosniff and the CSP; so does a HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await get('/media/cameras/jpeg/live', method);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe(MEDIA_CSP);
    }
  });

  it("an error in Roadcam's words stays plain text, with nosniff and the CSP", async () => {
    const answer = await get('/media/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe(MEDIA_CSP);
  });
});

describe('the list of types served on the app origin', () => {
  it.each([
    ['image/jpeg', 'image/jpeg'],
    ['IMAGE/PNG; charset=binary', 'image/png'],
    ['image/jpg', 'image/jpeg'],
    ['image/webp', 'image/webp'],
    ['image/gif', 'image/gif'],
    ['image/avif', 'image/avif'],
    ['video/mp4', 'video/mp4'],
    ['video/MP2T', 'video/mp2t'],
    ['application/vnd.apple.mpegurl', 'application/vnd.apple.mpegurl'],
    ['application/x-mpegURL', 'application/x-mpegurl'],
    ['application/x-protobuf', 'application/x-protobuf'],
    ['application/vnd.mapbox-vector-tile', 'application/vnd.mapbox-vector-tile'],
  ])('passes %s on as %s', (label, type) => {
    expect(servedType(label, 200)).toBe(type);
  });

  it.each([
    'text/html',
    'text/html; charset=utf-8',
    'image/svg+xml',
    'application/javascript',
    'text/javascript',
    'application/xhtml+xml',
    'text/xml',
    'application/pdf',
    'application/zip',
    'multipart/x-mixed-replace; boundary=x',
    'text/plain; charset=utf-8',
    '',
    null,
    undefined,
  ])('turns %j into application/octet-stream', (label) => {
    expect(servedType(label, 200)).toBe('application/octet-stream');
  });

  it("keeps Roadcam's own plain-text words on an error answer only", () => {
    expect(servedType('text/plain; charset=utf-8', 502)).toBe('text/plain; charset=utf-8');
    expect(servedType('text/html', 502)).toBe('application/octet-stream');
  });

  it('replaces any type, nosniff or CSP the answer had, keeps the rest, and lets the page read its words', () => {
    const headers = safeMediaHeaders(200, {
      'content-type': 'text/html',
      'Content-Security-Policy': "default-src *; script-src 'unsafe-inline'",
      'x-content-type-options': 'sniff',
      'Cache-Control': 'no-store',
      'Content-Length': '12',
    });
    expect(headers).toEqual({
      'Cache-Control': 'no-store',
      'Content-Length': '12',
      'Content-Type': 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': MEDIA_CSP,
      // The page reads an offline camera and a failure's meaning from these two headers.
      'Access-Control-Expose-Headers': 'X-Roadcam-Offline, X-Roadcam-Said',
    });
  });
});
