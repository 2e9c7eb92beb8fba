/**
 * Live video as our service serves it, a master playlist with two renditions (looped streams):
 * 640x360 and 320x180, each named with BANDWIDTH, RESOLUTION and CODECS, each a chunk
 * playlist of its own whose segments decode at that size.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are JSON checked by the assertions, not by types */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../../helpers/fixtures.ts';
import { call, ffprobe } from '../../helpers/media.ts';

test.override({ serviceOptions: { cameras: 40 } });

/** The URIs a playlist names, in order. */
const urisOf = (playlist: string): string[] =>
  playlist.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

describe('4.3 Live Video, two renditions', () => {
  test('a master playlist names 640x360 and 320x180, each playing at its size', async ({ t }) => {
    const all: any[] = (await t.get<any>('/v1/cameras', { limit: 40 })).body.features;
    const cam = encodeURIComponent(all.find((c) => c.properties.video).id);
    const master = (await call(t, 'GET', `/v1/cameras/${cam}/live/playlist.m3u8`)).bytes.toString();
    const inf = [...master.matchAll(/^#EXT-X-STREAM-INF:(.+)$/gm)].map((m) => m[1]!);
    expect(inf).toHaveLength(2);
    expect(inf[0]).toMatch(/BANDWIDTH=800000,RESOLUTION=640x360,.*CODECS="avc1\.42c016"/);
    expect(inf[1]).toMatch(/BANDWIDTH=300000,RESOLUTION=320x180,.*CODECS="avc1\.42c00c"/);
    const sizes: string[] = [];
    const profiles: string[] = [];
    for (const chunklist of urisOf(master)) {
      const media = await call(t, 'GET', `/v1/cameras/${cam}/live/${chunklist}`);
      expect(media.status, media.bytes.toString()).toBe(200);
      const segment = urisOf(media.bytes.toString()).at(-1)!;
      const ts = await call(t, 'GET', `/v1/cameras/${cam}/live/${segment}`);
      expect(ts.status, ts.bytes.toString().slice(0, 300)).toBe(200);
      const file = join(t.dataDir, `rendition-${sizes.length}.ts`);
      writeFileSync(file, ts.bytes);
      const video = (await ffprobe(file)).streams[0] as any;
      sizes.push(`${video.width}x${video.height}`);
      profiles.push(`${video.profile} ${video.level}`);
    }
    expect(sizes).toEqual(['640x360', '320x180']);
    // The CODECS above: Constrained Baseline, levels 2.2 and 1.2.
    expect(profiles).toEqual(['Constrained Baseline 22', 'Constrained Baseline 12']);
  });
});
