import { request } from 'node:http';
import { describe, expect } from 'vitest';
import { demoHostTest as test } from '../../helpers/fixtures.ts';
import type { Core } from '../../../src/engine/core.ts';
import type { WebHost } from '../../../src/web/host.ts';
import { tokenPath } from '../../../src/shared/web-paths.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { saidFromHeader } from '../../../src/shared/i18n/said-header.ts';

// The media path of browser mode, end to end: renderer URL -> host -> resolver -> ApiClient ->
// the embedded service (real HTTP, real JPEG and HLS) -> disk cache.
const token = 'media-test-token';
let core: Core;
let host: WebHost;
let stillCamera: string;
let videoCamera: string;

test.override({ hostToken: token });
test.beforeAll(({ demo }) => {
  ({ core, host, stillCamera, videoCamera } = demo);
}, 120_000);

function get(path: string) {
  return new Promise<{
    status: number;
    type: string;
    body: Buffer;
    headers: Record<string, unknown>;
  }>((resolve, reject) => {
    const req = request(
      // The page's media URLs carry the token as their first segment (shared/web-paths.ts).
      {
        host: '127.0.0.1',
        port: host.port,
        path: path.replace(/^\/media\//, tokenPath('media', token)),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('media through browser mode', () => {
  test('serves a camera live image (the token stays in the main process)', async () => {
    const answer = await get(`/media/cameras/${encodeURIComponent(stillCamera)}/live`);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^image\/(jpeg|png)/);
    const magic = answer.body.subarray(0, 4).toString('hex');
    expect(
      ['ffd8ffe0', 'ffd8ffdb', 'ffd8ffe1', '89504e47'].some((m) => magic.startsWith(m.slice(0, 6))),
    ).toBe(true);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('serves an archived frame once from the service, then from the disk cache', async () => {
    const { times } = await core.client.cameras.images(stillCamera, { limit: 5 });
    expect(times.length).toBeGreaterThan(0);
    const path = `/media/cameras/${encodeURIComponent(stillCamera)}/images/${times[0]}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.body.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(first.headers['cache-control']).toMatch(/immutable/);
    expect(core.cache.media.get(`camera-image:${stillCamera}:${times[0]}`)).not.toBeNull();
    const second = await get(path);
    expect(second.body.equals(first.body)).toBe(true);
  });

  test("serves a video camera's HLS playlist", async () => {
    const answer = await get(
      `/media/cameras/${encodeURIComponent(videoCamera)}/live/playlist.m3u8`,
    );
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/mpegurl/i);
    expect(answer.body.toString()).toMatch(/^#EXTM3U/);
  }, 60_000);

  test('answers an unknown camera with the service status and a readable reason', async () => {
    const answer = await get('/media/cameras/NO-SUCH-CAMERA/live');
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toMatch(/camera NO-SUCH-CAMERA live image/);
  });

  test('says what a refusal means, for the page to word it in the user’s language', async () => {
    const german = await loadTranslator('de');
    const refused = await get('/media/cameras/NO-SUCH-CAMERA/live');
    expect(refused.headers['access-control-expose-headers']).toMatch(/X-Roadcam-Said/);
    const said = saidFromHeader(String(refused.headers['x-roadcam-said']));
    expect(german.say(said!)).toMatch(
      /^Livebild der Kamera NO-SUCH-CAMERA ist fehlgeschlagen: .* \(HTTP 404 not_found\)\.$/,
    );
    const unknown = await get('/media/cameras/C1/nothing');
    const noSuch = saidFromHeader(String(unknown.headers['x-roadcam-said']));
    expect(german.say(noSuch!)).toBe(
      'Kein solches Medium: cameras/C1/nothing. Medienpfade sehen aus wie cameras/ID/live.',
    );
  });

  test('refuses paths that are not media routes', async () => {
    for (const path of [
      '/media/../../etc/passwd',
      '/media/cameras/x/live/../../secret',
      '/media/files/etc/passwd',
      '/media/cameras/a%2Fb/live',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
    }
  });
});
