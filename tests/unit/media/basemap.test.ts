import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOfflineCore } from '../../helpers/per-describe.ts';

// A tile server of our own on loopback, so the test sees exactly what the app asks of it.
let server: Server;
let template: string;
const asked: string[] = [];
const core = useOfflineCore();

beforeAll(async () => {
  const png = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#88aa66' },
  })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    asked.push(`${request.url} ${request.headers['user-agent']}`);
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  template = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiles/{z}/{x}/{y}.png`;
  await core.api.invoke('settings.update', { tileUrl: template });
});
afterAll(() => void server.close());

async function get(path: string) {
  const answer = await core.media.resolve(path, new AbortController().signal);
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return { ...answer, bytes: Buffer.concat(chunks) };
}

describe('map tiles through the media scheme', () => {
  it('are fetched by the main process from the configured server, naming the app', async () => {
    const tile = await get('basemap/3/2/1.png');
    expect(tile.status).toBe(200);
    expect(tile.headers['Content-Type']).toBe('image/png');
    expect(tile.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(asked).toEqual([expect.stringMatching(/^\/tiles\/3\/2\/1\.png Roadcam\//)]);
  });

  it('are then served from the disk cache, also when the server is gone', async () => {
    server.close();
    const tile = await get('basemap/3/2/1.png');
    expect(tile.status).toBe(200);
    expect(asked).toHaveLength(1);
  });

  it('answer 503 when neither the server nor the cache has them', async () => {
    const tile = await get('basemap/3/2/2.png');
    expect(tile.status).toBe(503);
    expect(tile.bytes.toString()).toMatch(/map tile .*could not reach/);
  });

  it('refuse coordinates outside the world and paths that are not tiles', async () => {
    for (const path of [
      'basemap/3/8/1.png',
      'basemap/25/0/0.png',
      'basemap/3/2/1.jpg',
      'basemap/a/b/c.png',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('are off when the setting is empty, and the setting refuses other schemes', async () => {
    await core.api.invoke('settings.update', { tileUrl: '' });
    expect((await get('basemap/3/2/1.png')).status).toBe(404);
    for (const bad of [
      'http://tiles.example.com/{z}/{x}/{y}.png',
      'file:///tmp/{z}/{x}/{y}.png',
      'https://a.example/{z}/{x}.png',
    ]) {
      await expect(core.api.invoke('settings.update', { tileUrl: bad }), bad).rejects.toThrow(
        /tileUrl/,
      );
    }
  });
});
