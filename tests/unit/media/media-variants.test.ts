/**
 * Media against every service variant (src/service/variants): live images answered as 200
 * JPEG, 200 PNG or a 302, signed files on the service's own host or on a CDN of another
 * origin, HLS as one media playlist or a master playlist naming a chunk playlist whose
 * segments carry a session query. The client goes through the same paths as the app: the
 * media resolver (directly, and through browser mode's /media/ as hls.js does), the download
 * engine and the collections API. Whatever the variant, the signed files' host must see no
 * request carrying the service's credentials.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import type { MediaAnswer } from '../../../src/engine/media/resolver.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { VARIANT_NAMES } from '../../../src/service/index.ts';
import { liveImageMode } from '../../../src/service/media/services.ts';
import { VARIANTS } from '../../../src/service/variants/index.ts';
import { DEFAULT_TEMPLATE } from '../../../src/shared/ipc/downloads.ts';
import { tokenPath } from '../../../src/shared/web-paths.ts';
import { filesUnder, makeRecordings, startManager } from '../../helpers/downloads.ts';
import { perDescribe, useAccountCore, useService, useTempDir } from '../../helpers/per-describe.ts';

const JPEG = 'ffd8ff';
const PNG = '89504e47';
const WEB_TOKEN = 'variants-media-token';

async function bytesOf(answer: MediaAnswer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A GET through browser mode's host, as the page (and hls.js in it) makes it. */
function viaHost(host: WebHost, path: string) {
  return new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The URIs of a playlist (its lines that are not tags), in order. */
function uris(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** Every 188-byte MPEG-TS packet starts with the sync byte 0x47. */
function expectTransportStream(bytes: Buffer): void {
  expect(bytes.length).toBeGreaterThan(188 * 10);
  expect(bytes.length % 188).toBe(0);
  for (let i = 0; i < bytes.length; i += 188) expect(bytes[i], `packet at ${i}`).toBe(0x47);
}

describe.each(VARIANT_NAMES)('media against the %s service', (variant) => {
  const choices = VARIANTS[variant];
  const service = useService({ cameras: 60, hours: 2, variant });
  const core = useAccountCore(service);
  const staticDir = useTempDir('roadcam-media-variants-');
  const host = perDescribe(async (onCleanup) => {
    const host = await startWebHost({ core, staticDir: staticDir.path, token: WEB_TOKEN });
    onCleanup(() => host.close());
    return host;
  });
  let cameras: { id: string; video: boolean }[];
  beforeAll(async () => {
    const page = await core.client.cameras.search({ limit: 60 });
    cameras = page.features.map((f) => ({ id: f.id, video: f.properties.video === true }));
  });

  it('shows a live image of a JPEG, a PNG and a redirect camera, however the service answers', async () => {
    const token = await core.client.requester.tokens.token();
    for (const mode of ['jpeg', 'png', 'redirect'] as const) {
      const camera = cameras.find((c) => liveImageMode(c.id) === mode)!;
      expect(camera, `a ${mode} camera in the world`).toBeDefined();
      // How the service answers this camera: the variant decides, the client must not care.
      const raw = await fetch(`${service.url}/v1/cameras/${camera.id}/live`, {
        headers: { authorization: `Bearer ${token}` },
        redirect: 'manual',
      });
      await raw.body?.cancel();
      const redirected = choices.liveImage === 'redirect' || mode === 'redirect';
      expect(raw.status, `${mode} camera answered`).toBe(redirected ? 302 : 200);
      if (redirected) {
        const target = new URL(raw.headers.get('location')!, service.url);
        expect(target.origin === new URL(service.url).origin).toBe(choices.signedHost === 'same');
      }

      const answer = await core.media.resolve(
        `cameras/${encodeURIComponent(camera.id)}/live`,
        AbortSignal.timeout(20_000),
      );
      const bytes = await bytesOf(answer);
      expect(answer.status, bytes.toString().slice(0, 300)).toBe(200);
      // A PNG camera stays PNG when redirected (to a signed .png); the others are JPEG.
      const png = mode === 'png';
      expect(answer.headers['Content-Type']).toBe(png ? 'image/png' : 'image/jpeg');
      expect(bytes.subarray(0, png ? 4 : 3).toString('hex')).toBe(png ? PNG : JPEG);
      // When the image was taken, however it came: the service's images are on the minute,
      // the newest of its media cache (a file's own time would be when it was rendered).
      const taken = Date.parse(answer.headers['Last-Modified'] ?? '');
      expect(taken, `${mode} camera's capture time`).toBeGreaterThan(0);
      const since = new Date(taken - 5 * 60_000).toISOString();
      const { times } = await core.client.cameras.images(camera.id, { time: since, limit: 500 });
      expect(Math.max(...times.map((t) => Date.parse(t))), `${mode} camera`).toBe(taken);
    }
  }, 60_000);

  it('downloads a recording as zip and mp4 through the download engine', async () => {
    const [id] = await makeRecordings(service, core.client, 1, 20);
    const t = startManager(core.client);
    try {
      const batch = t.manager.createBatch({
        label: `${variant} test`,
        folder: t.folder,
        template: DEFAULT_TEMPLATE,
        existing: 'rename',
        formats: ['zip', 'mp4'],
        chosen: await chooseByIds(core.client, [id!]),
      });
      const done = await t.whenFinished(batch.id);
      expect(done.state, JSON.stringify(t.manager.snapshot().items)).toBe('completed');
      const files = filesUnder(t.folder);
      expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
      const zip = files.find((f) => f.endsWith('.zip'));
      const mp4 = files.find((f) => f.endsWith('.mp4'));
      expect(readFileSync(join(t.folder, zip!)).subarray(0, 2).toString()).toBe('PK');
      expect(readFileSync(join(t.folder, mp4!)).subarray(4, 8).toString()).toBe('ftyp');
    } finally {
      await t.stop();
    }
  }, 120_000);

  it("shows a collection's image", async () => {
    const camera = cameras[1]!;
    const { collection_id: id } = await core.client.collections.create({ name: `${variant} cdn` });
    await core.client.collections.addImage(id, { camera_id: camera.id });
    const shown = await core.client.collections.show(id);
    expect(shown.images).toHaveLength(1);
    const name = shown.images[0]!;
    const answer = await core.media.resolve(
      `collections/${encodeURIComponent(id)}/images/${encodeURIComponent(name)}`,
      AbortSignal.timeout(20_000),
    );
    const bytes = await bytesOf(answer);
    expect(answer.status, bytes.toString().slice(0, 300)).toBe(200);
    expect(bytes.subarray(0, 3).toString('hex')).toBe(JPEG);
  }, 60_000);

  it('plays live video: playlist, then whatever playlists it names, then MPEG-TS segments', async () => {
    const camera = cameras.find((c) => c.video)!;
    // Relative URIs resolve against the media URL, as hls.js resolves them in the page.
    let url = new URL(
      `http://app${tokenPath('media', WEB_TOKEN, `cameras/${encodeURIComponent(camera.id)}/live/playlist.m3u8`)}`,
    );
    let playlist = '';
    const names: string[] = [];
    for (let hop = 0; hop < 3; hop++) {
      const answer = await viaHost(host, url.pathname + url.search);
      playlist = answer.body.toString();
      expect(answer.status, playlist.slice(0, 300)).toBe(200);
      expect(answer.type).toMatch(/mpegurl/i);
      expect(playlist).toMatch(/^#EXTM3U/);
      names.push(url.pathname.split('/').pop()! + url.search);
      if (!playlist.includes('#EXT-X-STREAM-INF')) break;
      url = new URL(uris(playlist)[0]!, url);
    }
    // A master playlist is followed once; its chunk playlist is the media playlist.
    expect(names).toHaveLength(choices.hls === 'master' ? 2 : 1);
    const segments = uris(playlist);
    expect(segments.length).toBeGreaterThan(0);
    const segmentUrl = new URL(segments[0]!, url);
    const segment = await viaHost(host, segmentUrl.pathname + segmentUrl.search);
    expect(segment.status, segment.body.toString().slice(0, 300)).toBe(200);
    expect(segment.type).toMatch(/mp2t/i);
    expectTransportStream(segment.body);
    // A playlist's own `token` parameter is the service's: browser mode's is in the path.
    const withToken = await viaHost(
      host,
      `${url.pathname}${url.search}${url.search ? '&' : '?'}token=not-ours`,
    );
    expect(withToken.status, withToken.body.toString().slice(0, 300)).toBe(200);
    // The same segment straight through the resolver (the desktop app's media scheme).
    const direct = await core.media.resolve(
      segmentUrl.pathname.slice(tokenPath('media', WEB_TOKEN).length) + segmentUrl.search,
      AbortSignal.timeout(20_000),
    );
    expect(direct.status).toBe(200);
    expectTransportStream(await bytesOf(direct));
  }, 90_000);

  it('never sent the service credentials to the signed files (and the count can see them)', async () => {
    // At least one signed file fetched by the client here (the tests above fetched many).
    const camera = cameras.find((c) => liveImageMode(c.id) === 'redirect')!;
    const answer = await core.media.resolve(
      `cameras/${camera.id}/live`,
      AbortSignal.timeout(20_000),
    );
    await bytesOf(answer);
    expect(answer.status).toBe(200);
    const before = service.control.signedRequests();
    expect(before.requests).toBeGreaterThan(0);
    expect(before.withCredentials).toBe(0);
    // The counter is not blind: a request that does carry the token is counted (and refused by a CDN).
    const token = await core.client.requester.tokens.token();
    const raw = await fetch(`${service.url}/v1/cameras/${camera.id}/live`, {
      headers: { authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    const target = new URL(raw.headers.get('location')!, service.url);
    const leaked = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
    await leaked.body?.cancel();
    expect(leaked.status).toBe(choices.signedHost === 'cdn' ? 403 : 200);
    expect(service.control.signedRequests().withCredentials).toBe(1);
  });
});
