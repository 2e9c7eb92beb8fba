/**
 * The collections' images load through decodeImage (fetch, then a bitmap): a refusal, a body too
 * large to be an image and a load given up each end in a sentence, never a hang or a crash. A
 * real local HTTP server answers as the app's media route does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  decodeImage,
  devicePixels,
  MAX_IMAGE_BYTES,
} from '../../../../src/renderer/collections/decoded-image.ts';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/missing') {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('No image img-9.jpg in collection c1: it was removed; reload the collection.\n');
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': MAX_IMAGE_BYTES + 1 });
      res.write(Buffer.alloc(1024));
    } else if (req.url === '/silent') {
      res.flushHeaders(); // headers never sent: the answer never comes
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('decodeImage', () => {
  test("a refusal ends in the media route's own words", async () => {
    await expect(decodeImage(`${base}/missing`, new AbortController().signal)).rejects.toThrow(
      'No image img-9.jpg in collection c1: it was removed; reload the collection.',
    );
  });

  test('a body larger than any image is refused before it is read', async () => {
    await expect(decodeImage(`${base}/huge`, new AbortController().signal)).rejects.toThrow(
      'The image is too large to show (34 MB).',
    );
  });

  test('a load given up (the cell scrolled away, the next frame shown) ends at once', async () => {
    const controller = new AbortController();
    const loading = decodeImage(`${base}/silent`, controller.signal);
    controller.abort();
    await expect(loading).rejects.toThrow(/^The app's media server did not answer/);
  });
});

describe('devicePixels', () => {
  test('a cell is decoded at its width on this screen, whole pixels, at least one', () => {
    expect(devicePixels(201.6, 1)).toBe(202);
    expect(devicePixels(201.6, 2)).toBe(404);
    expect(devicePixels(0, 2)).toBe(1);
  });
});
