/**
 * Thumbnails at the width a grid cell shows (`thumbs/NAME?w=N`): made by the main process at
 * the smallest of a few widths that covers N, so each image has a bounded number of them in the
 * media cache; a width that is not one is refused in words. Against the embedded service over
 * real HTTP, through the media resolver that both the desktop scheme and browser mode use.
 */
import { afterAll, describe, expect } from 'vitest';
import sharp from 'sharp';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { startAccountCore } from '../../helpers/core.ts';
import { archiveTimes, demoClient, serviceNow, tempDir } from '../../helpers/collections.ts';
import type { Core } from '../../../src/engine/core.ts';
import {
  THUMBNAIL_WIDTH,
  THUMBNAIL_WIDTHS,
  thumbnailWidth,
} from '../../../src/engine/media/routes.ts';

let core: Core;
let id: string;
let name: string;
const dir = tempDir('roadcam-thumbnail-widths-');

test.override({ world: { cameras: 10, hours: 1 } });
test.beforeAll(async ({ service }) => {
  const client = demoClient(service.url);
  const now = await serviceNow(service.url);
  core = await startAccountCore(dir.path, service.url);
  ({ id } = await core.api.invoke('collections.create', { name: 'Widths', tags: [] }));
  const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
  await client.collections.addImage(id, {
    camera_id: camera.id,
    time: archiveTimes(1, now, 600)[0]!,
  });
  const page = await core.api.invoke('collections.images', { id, limit: 10 });
  name = page.images[0]!.name;
}, 120_000);

afterAll(async () => {
  await core.close();
  dir.remove();
});

async function bodyOf(path: string) {
  const answer = await core.media.resolve(path, new AbortController().signal);
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return { status: answer.status, body: Buffer.concat(chunks) };
}

describe('thumbnailWidth', () => {
  test('a width asked is met by the smallest made width that covers it', () => {
    expect(thumbnailWidth(undefined)).toBe(THUMBNAIL_WIDTH);
    expect(thumbnailWidth('w=1')).toBe(128);
    expect(thumbnailWidth('w=202')).toBe(256);
    expect(thumbnailWidth('w=404')).toBe(512);
    expect(thumbnailWidth('w=4096')).toBe(THUMBNAIL_WIDTHS.at(-1));
  });

  test('a width that is not one is refused, saying how to ask', () => {
    for (const query of ['w=0', 'w=4097', 'w=12.5', 'w=-3', 'width=200', 'w=200&x=1']) {
      expect(thumbnailWidth(query)).toMatch(/^A thumbnail's width is asked as \?w=N, N a whole/);
    }
  });
});

describe('thumbnails at the width asked', () => {
  test('are made at the covering width, each kept once in the media cache', async () => {
    const thumb = (w: number) => `collections/${id}/thumbs/${encodeURIComponent(name)}?w=${w}`;
    for (const [asked, made] of [
      [202, 256],
      [150, 192],
      [404, 512],
    ] as const) {
      const answer = await bodyOf(thumb(asked));
      expect(answer.status).toBe(200);
      expect((await sharp(answer.body).metadata()).width).toBe(made);
      expect(core.cache.media.get(`thumb:${made}:collection-image:${id}:${name}`)).not.toBeNull();
    }
    // Whatever widths pages ask, one image has at most one thumbnail per made width.
    const before = core.cache.media.count();
    for (const asked of [1, 100, 129, 201, 300, 385, 600, 800, 1500, 4096]) {
      expect((await bodyOf(thumb(asked))).status).toBe(200);
    }
    expect(core.cache.media.count() - before).toBe(THUMBNAIL_WIDTHS.length - 3);
  });

  test('a bad width is answered 400 with the sentence, nothing fetched', async () => {
    const answer = await bodyOf(`collections/${id}/thumbs/${encodeURIComponent(name)}?w=99999`);
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toMatch(
      /whole number of pixels from 1 to 4096 \(got "\?w=99999"\)/,
    );
  });
});
