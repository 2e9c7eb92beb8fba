/**
 * Spec 4.3 Live Video (HLS): playlists, H.264 MPEG-TS segments, encoder lifecycle and cap, on a
 * service whose first playlist is the media playlist (`hls: 'media'`): the streams behind ours'
 * master playlist are the same (live-renditions.test.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are JSON checked by the assertions, not by types */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../../helpers/fixtures.ts';
import type { Camera } from '../../../src/shared/api/index.ts';
import { type ServiceUnderTest } from '../../helpers/service.ts';
import { call, ffprobe, isMpegTs } from '../../helpers/media.ts';
import { sleep } from '../../helpers/wait.ts';

let video: Camera[];
let still: Camera;

test.override({
  serviceOptions: {
    cameras: 40,
    variant: { hls: 'media' },
    media: { maxEncoders: 2, liveIdleMs: 2500 },
  },
});
test.beforeAll(async ({ t }) => {
  const all: Camera[] = (await t.get<any>('/v1/cameras', { limit: 40 })).body.features;
  video = all.filter((c) => c.properties.video);
  still = all.find((c) => !c.properties.video)!;
});

/** ffmpeg processes this process started that are still running. */
function ffmpegChildren(): string[] {
  const found = spawnSync('pgrep', ['-P', String(process.pid), '-x', 'ffmpeg'], {
    encoding: 'utf8',
  });
  return found.stdout.split('\n').filter(Boolean);
}

const segmentsOf = (playlist: string): string[] =>
  playlist.split('\n').filter((l) => l.endsWith('.ts'));

/** Keeps a stream watched (a request a second, as a player would) for `ms`. */
async function watch(t: ServiceUnderTest, cam: string, ms: number): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    // A player's pace: the next request a second later, whatever the stream does meanwhile.
    await sleep(Math.min(1000, Math.max(0, end - Date.now())));
    const text = (await call(t, 'GET', `/v1/cameras/${cam}/live/playlist.m3u8`)).bytes.toString();
    if (Date.now() >= end) return text;
  }
}

describe('4.3 Live Video', () => {
  test('serves a live sliding-window media playlist and H.264 MPEG-TS segments ffprobe decodes', async ({
    t,
  }) => {
    const cam = video[0]!.id;
    const first = await call(t, 'GET', `/v1/cameras/${cam}/live/playlist.m3u8`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = first.bytes.toString();
    expect(text).toMatch(/^#EXTM3U/);
    expect(text).toMatch(/#EXT-X-TARGETDURATION:2/);
    expect(text).not.toMatch(/#EXT-X-ENDLIST/);
    const seg = segmentsOf(text)[0]!;
    const ts = await call(t, 'GET', `/v1/cameras/${cam}/live/${seg}`);
    expect(ts.status).toBe(200);
    expect(ts.headers.get('content-type')).toBe('video/MP2T');
    expect(isMpegTs(ts.bytes)).toBe(true);
    const file = join(t.dataDir, 'probe.ts');
    writeFileSync(file, ts.bytes);
    const probe = await ffprobe(file);
    expect(probe.format.format_name).toBe('mpegts');
    expect(probe.streams[0]).toMatchObject({
      codec_type: 'video',
      codec_name: 'h264',
      width: 640,
      height: 360,
    });
    // Live: new segments appear as time passes.
    const later = segmentsOf(await watch(t, cam, 4500));
    expect(later.at(-1)! > segmentsOf(text).at(-1)!).toBe(true);
  });

  test('runs one encoder per camera however many viewers, up to a cap with a 503 JSON error', async ({
    t,
  }) => {
    await Promise.all(
      [1, 2, 3].map(() => call(t, 'GET', `/v1/cameras/${video[1]!.id}/live/playlist.m3u8`)),
    );
    expect(t.service.control.liveEncoders()).toBeLessThanOrEqual(2);
    const third = await call(t, 'GET', `/v1/cameras/${video[2]!.id}/live/playlist.m3u8`);
    expect(third.status).toBe(503);
    expect(third.json().error.message).toMatch(/encoders are busy/);
  });

  test('stops an encoder after its idle time without requests', async ({ t }) => {
    // The idle time (2.5 s) must pass with no request: what is tested is time going by.
    await sleep(5000);
    expect(t.service.control.liveEncoders()).toBe(0);
    expect((await call(t, 'GET', `/v1/cameras/${video[2]!.id}/live/playlist.m3u8`)).status).toBe(
      200,
    );
  });

  test('a looped stream: no encoder runs while it is watched, dates follow the service clock', async ({
    t,
  }) => {
    const cam = video[3]!.id;
    const first = await call(t, 'GET', `/v1/cameras/${cam}/live/playlist.m3u8`);
    expect(first.status).toBe(200);
    const text = await watch(t, cam, 2500);
    expect(ffmpegChildren()).toEqual([]);
    const dates = [...text.matchAll(/^#EXT-X-PROGRAM-DATE-TIME:(.+)$/gm)].map((m) =>
      Date.parse(m[1]!),
    );
    expect(dates).toHaveLength(segmentsOf(text).length);
    const now = t.service.control.now().getTime();
    // The newest segment is complete: it began between one and two segments ago.
    expect(now - dates.at(-1)!).toBeGreaterThanOrEqual(2000);
    expect(now - dates.at(-1)!).toBeLessThan(4000 + 1000);
    const newest = Number(/seg_(\d+)/.exec(segmentsOf(text).at(-1)!)![1]);
    const ahead = `seg_${String(newest + 3).padStart(6, '0')}.ts`;
    const refused = await call(t, 'GET', `/v1/cameras/${cam}/live/${ahead}`);
    expect(refused.status).toBe(404);
    expect(refused.json().error.message).toMatch(/not yet\) in the live window/);
  });

  test('answers 404 with a clear message for a camera without video', async ({ t }) => {
    const r = await call(t, 'GET', `/v1/cameras/${still.id}/live/playlist.m3u8`);
    expect(r.status).toBe(404);
    expect(r.json().error.message).toMatch(/no live video/);
  });

  test('refuses segment names outside the stream', async ({ t }) => {
    expect(
      (await call(t, 'GET', `/v1/cameras/${video[2]!.id}/live/..%2F..%2Fservice.sqlite`)).status,
    ).toBe(404);
  });

  test('test controls: an offline camera fails (503); a stopped stream stalls and resumes', async ({
    t,
  }) => {
    const cam = video[2]!.id;
    await watch(t, cam, 2500);
    t.service.control.setStreamStopped(cam, true);
    // Time for the segment under way to end, so that the playlist read next is the stalled one.
    await sleep(1200);
    const before = segmentsOf(
      (await call(t, 'GET', `/v1/cameras/${cam}/live/playlist.m3u8`)).bytes.toString(),
    ).at(-1);
    const stalled = segmentsOf(await watch(t, cam, 3000)).at(-1);
    expect(stalled).toBe(before);
    t.service.control.setStreamStopped(cam, false);
    const resumed = segmentsOf(await watch(t, cam, 3500)).at(-1);
    expect(resumed! > stalled!).toBe(true);
    await t.service.control.setCameraOffline(cam, true);
    const off = await call(t, 'GET', `/v1/cameras/${cam}/live/playlist.m3u8`);
    expect(off.status).toBe(503);
    expect((await call(t, 'GET', `/v1/cameras/${cam}/live`)).status).toBe(503);
    await t.service.control.setCameraOffline(cam, false);
    expect((await call(t, 'GET', `/v1/cameras/${cam}/live`)).status).not.toBe(503);
  });
});
