/** The media modules on their own: signing, ranges, faults, ffmpeg lookup, frames, MVT, names. */
import { VectorTile } from '@mapbox/vector-tile';
import { mkdtempSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PbfReader } from 'pbf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FaultInjector } from '../../../src/service/media/faults.ts';
import {
  BACKGROUND_NICE,
  ffmpegDone,
  locateFfmpeg,
  spawnFfmpeg,
} from '../../../src/service/media/ffmpeg.ts';
import { FrameRenderer } from '../../../src/service/media/frames.ts';
import { frameName, parseFrameName } from '../../../src/service/media/image-names.ts';
import { encodeTile } from '../../../src/service/media/mvt.ts';
import type { FrameConditions } from '../../../src/service/media/scene.ts';
import { parseRange } from '../../../src/service/media/send-file.ts';
import { UrlSigner } from '../../../src/service/media/signing.ts';

const dir = mkdtempSync(join(tmpdir(), 'roadcam-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('UrlSigner', () => {
  const signer = new UrlSigner(Buffer.from('secret'));
  const check = (url: string, now: number) => {
    const u = new URL(url, 'http://x');
    return signer.verify(u.pathname, u.searchParams, now);
  };
  it('accepts its own URLs until they expire, 15 minutes later', () => {
    const url = signer.sign('/signed/a.jpg', 1000);
    expect(check(url, 1000).ok).toBe(true);
    expect(check(url, 1899).ok).toBe(true);
    expect(check(url, 1900)).toMatchObject({ ok: false, reason: 'expired' });
  });
  it('refuses another path, another expiry, another key', () => {
    const url = signer.sign('/signed/a.jpg', 1000);
    expect(check(url.replace('a.jpg', 'b.jpg'), 1000)).toMatchObject({
      ok: false,
      reason: 'tampered',
    });
    expect(check(url.replace('expires=1900', 'expires=9900'), 1000)).toMatchObject({
      ok: false,
      reason: 'tampered',
    });
    expect(check(new UrlSigner(Buffer.from('other')).sign('/signed/a.jpg', 1000), 1000).ok).toBe(
      false,
    );
    expect(check('/signed/a.jpg', 1000)).toMatchObject({ ok: false, reason: 'missing' });
  });
});

describe('parseRange', () => {
  it('reads single byte ranges and refuses unsatisfiable ones', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange(undefined, 100)).toBeUndefined();
  });
});

describe('FaultInjector', () => {
  it('applies a fault to as many matching requests as asked', () => {
    const f = new FaultInjector();
    f.add({ kind: 'reset', times: 2, match: '.zip' });
    expect(f.take('/signed/a.mp4')).toBeUndefined();
    expect(f.take('/signed/a.zip')?.kind).toBe('reset');
    expect(f.take('/signed/a.zip')?.kind).toBe('reset');
    expect(f.take('/signed/a.zip')).toBeUndefined();
    expect(() => f.add({ kind: 'boom' as never })).toThrow(/reset, stall or 503/);
  });
});

describe('locateFfmpeg', () => {
  it('prefers FFMPEG_PATH, then the PATH, then @ffmpeg-installer/ffmpeg', () => {
    const onPath = locateFfmpeg({ PATH: process.env.PATH });
    expect(onPath.source).toBe('PATH');
    expect(locateFfmpeg({ FFMPEG_PATH: onPath.path, PATH: '' })).toEqual({
      path: onPath.path,
      source: 'FFMPEG_PATH',
    });
    const fallback = locateFfmpeg({ PATH: '' });
    expect(fallback.source).toBe('@ffmpeg-installer/ffmpeg');
    expect(fallback.path).toMatch(/@ffmpeg-installer/);
    expect(() => locateFfmpeg({ FFMPEG_PATH: '/nonexistent/ffmpeg' })).toThrow(/FFMPEG_PATH/);
  });
});

describe('spawnFfmpeg', () => {
  it('runs background work (a recording build) below the normal priority, other work at it', async () => {
    const own = getPriority();
    // Five seconds of frames written nowhere: long enough to be looked at while it runs.
    const args = ['-f', 'lavfi', '-i', 'testsrc=size=64x36:rate=5', '-t', '5', '-f', 'null', '-'];
    const background = spawnFfmpeg(args, { background: true });
    const normal = spawnFfmpeg(args);
    try {
      // A process at a nice above ours may not be raised back by one without the right.
      expect(getPriority(background.pid)).toBe(Math.max(BACKGROUND_NICE, own));
      expect(getPriority(normal.pid)).toBe(own);
    } finally {
      background.kill('SIGKILL');
      normal.kill('SIGKILL');
      await Promise.allSettled([ffmpegDone(background), ffmpegDone(normal)]);
    }
  });
});

describe('FrameRenderer', () => {
  const renderer = new FrameRenderer(join(dir, 'frames'));
  const camera = { id: 'US-CO-000001', description: 'I-70 at Exit 1 - Looking East' };
  const dry: FrameConditions = { roadWeather: 0, visibility: 1, precip: 0, night: false };
  const snow: FrameConditions = { roadWeather: 10, visibility: 1, precip: 0, night: false };
  const tMs = Date.UTC(2026, 10, 21, 12);
  const brightness = async (jpeg: Buffer) => (await sharp(jpeg).stats()).channels[0]!.mean;

  it('renders 640x360 JPEG deterministically for (camera, time), and PNG on request', async () => {
    const a = await renderer.render({ camera, conditions: dry, tMs });
    const b = await renderer.render({ camera, conditions: dry, tMs });
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const png = await renderer.render({ camera, conditions: dry, tMs }, 'png');
    expect((await sharp(png).metadata()).format).toBe('png');
  });

  it('shows the conditions: snow is brighter than a dry road, night darker', async () => {
    const d = await brightness(await renderer.render({ camera, conditions: dry, tMs }));
    const s = await brightness(await renderer.render({ camera, conditions: snow, tMs }));
    const n = await brightness(
      await renderer.render({ camera, conditions: { ...dry, night: true }, tMs }),
    );
    const fog = await brightness(
      await renderer.render({ camera, conditions: { ...dry, visibility: 0 }, tMs }),
    );
    expect(s).toBeGreaterThan(d + 20);
    expect(n).toBeLessThan(d - 20);
    expect(fog).toBeGreaterThan(d + 20);
  });

  it('caches files on disk', async () => {
    const p1 = await renderer.file({ camera, conditions: dry, tMs });
    const before = renderer.rendered;
    const p2 = await renderer.file({ camera, conditions: dry, tMs });
    expect(p2).toBe(p1);
    expect(renderer.rendered).toBe(before);
  });
});

describe('encodeTile', () => {
  it('writes point features @mapbox/vector-tile reads back', () => {
    const bytes = encodeTile({ z: 0, x: 0, y: 0 }, [
      {
        name: 'pts',
        features: [
          { id: 7, lon: 0, lat: 0, properties: { a: 'x', n: -3, f: 0.5, b: true, skip: null } },
        ],
      },
    ]);
    const layer = new VectorTile(new PbfReader(bytes)).layers['pts']!;
    expect(layer.extent).toBe(512);
    const f = layer.feature(0);
    expect(f.id).toBe(7);
    expect(f.properties).toEqual({ a: 'x', n: -3, f: 0.5, b: true });
    expect(f.loadGeometry()).toEqual([[expect.objectContaining({ x: 256, y: 256 })]]);
  });
});

describe('frame names', () => {
  it('round-trip, with milliseconds only when needed', () => {
    const t = Date.UTC(2026, 10, 21, 12, 0, 5);
    expect(frameName('US-CO-1', t)).toBe('US-CO-1_20261121T120005Z.jpg');
    expect(frameName('US-CO-1', t + 500)).toBe('US-CO-1_20261121T120005.500Z.jpg');
    expect(parseFrameName('US-CO-1_20261121T120005.500Z.jpg')).toEqual({
      cameraId: 'US-CO-1',
      tMs: t + 500,
    });
    expect(parseFrameName('US-CO-1_20261321T120005Z.jpg')).toBeUndefined();
    expect(parseFrameName('nonsense.jpg')).toBeUndefined();
  });
});
