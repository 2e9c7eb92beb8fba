/**
 * Media benchmark (`npm run bench:media`, not part of `npm test`): frames rendered per second,
 * CPU share of one live encoder (640x360, 15 fps), how many cameras can be watched at once
 * without falling behind real time, and the time to build an 1800 s recording (mp4 + zip).
 *
 * BENCH_BASELINE=DIR (a checkout of another commit with a node_modules link) first measures
 * frames/s and the 1800 s build for that checkout's service and this one, in turns
 * (BENCH_ROUNDS times, default 2), for a before/after table measured side by side.
 * BENCH_SIDE_BY_SIDE_ONLY=1 stops after that table.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService } from '../../src/service/index.ts';
import { FrameRenderer } from '../../src/service/media/frames.ts';
import type * as FramesModule from '../../src/service/media/frames.ts';
import type * as ServiceModule from '../../src/service/index.ts';
import { requestToken } from '../helpers/service.ts';
import { sleep } from '../helpers/wait.ts';

const NOW = '2026-11-21T12:00:00Z';
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

type Renderer = Pick<FrameRenderer, 'render'>;

async function framesPerSecond(
  dir: string,
  make: (dir: string) => Renderer = (d) => new FrameRenderer(d),
): Promise<number> {
  const renderer = make(join(dir, 'fps'));
  const camera = { id: 'US-CO-000001', description: 'I-70 at Exit 1 - Looking East' };
  const conditions = { roadWeather: 6, visibility: 0.5, precip: 1, night: false };
  const n = 600;
  const start = performance.now();
  for (let i = 0; i < n; i += 8) {
    await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        renderer.render({ camera, conditions, tMs: Date.parse(NOW) + (i + k) * 1000 }),
      ),
    );
  }
  return n / ((performance.now() - start) / 1000);
}

interface Watch {
  first: Map<string, number>;
  segments: Map<string, number>;
}

/** Watches cameras like players do (a playlist request every 2 s) and counts segments made. */
async function watch(url: string, token: string, cams: string[], seconds: number): Promise<Watch> {
  const w: Watch = { first: new Map(), segments: new Map() };
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await Promise.all(
      cams.map(async (id) => {
        const res = await fetch(`${url}/v1/cameras/${id}/live/playlist.m3u8`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${id}: ${res.status} ${text}`);
        const seq = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
        const count = text.split('\n').filter((l) => l.endsWith('.ts')).length;
        if (!w.first.has(id)) w.first.set(id, Date.now());
        w.segments.set(id, seq + count);
      }),
    );
    await sleep(2000); // a player's pace: the next playlist request 2 s later
  }
  return w;
}

interface Implementation {
  label: string;
  startService: typeof startService;
  FrameRenderer: new (dir: string) => Renderer;
}

/** Builds one 1800 s recording on a fresh service of `impl`; seconds from request to complete. */
async function recordingBuild(impl: Implementation, dir: string): Promise<number> {
  const svc = await impl.startService({ dataDir: dir, cameras: 300, hours: 6, now: NOW });
  try {
    const token = await requestToken(svc.url);
    await svc.control.recordingsIdle();
    const cams = (await (
      await fetch(`${svc.url}/v1/cameras?limit=1`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { features: { id: string }[] };
    const t0 = Date.now();
    const created = await fetch(`${svc.url}/v1/recordings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        camera_id: cams.features[0]!.id,
        duration: 1800,
        start: '2026-11-21T09:00:00Z',
      }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status}`);
    await svc.control.recordingsIdle();
    return (Date.now() - t0) / 1000;
  } finally {
    await svc.close();
  }
}

async function sideBySide(
  baseline: string,
  dir: string,
  report: (s: string) => void,
): Promise<void> {
  const root = resolve(baseline);
  const before = (await import(join(root, 'src/service/index.ts'))) as typeof ServiceModule;
  const frames = (await import(join(root, 'src/service/media/frames.ts'))) as typeof FramesModule;
  const impls: Implementation[] = [
    {
      label: `before (${root})`,
      startService: before.startService,
      FrameRenderer: frames.FrameRenderer,
    },
    { label: 'after (this checkout)', startService, FrameRenderer },
  ];
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 2);
  report('| Round | Implementation | frames/s | 1800 s recording (s) | load average |');
  report('|---:|---|---:|---:|---|');
  for (let round = 1; round <= rounds; round++) {
    for (const impl of impls) {
      const sub = join(dir, `${round}-${impl.label.split(' ')[0]}`);
      const fps = await framesPerSecond(sub, (d) => new impl.FrameRenderer(d));
      const build = await recordingBuild(impl, join(sub, 'svc'));
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      report(`| ${round} | ${impl.label} | ${fps.toFixed(0)} | ${build.toFixed(1)} | ${load} |`);
    }
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-bench-media-'));
  const lines: string[] = [];
  const report = (s: string): void => {
    console.log(s);
    lines.push(s);
  };
  try {
    const baseline = process.env['BENCH_BASELINE'];
    if (baseline) {
      await sideBySide(baseline, dir, report);
      if (process.env['BENCH_SIDE_BY_SIDE_ONLY']) return;
    }
    report(
      `frames rendered per second (640x360 JPEG, 8 at a time): ${(await framesPerSecond(dir)).toFixed(0)}`,
    );
    const svc = await startService({
      dataDir: join(dir, 'svc'),
      cameras: 300,
      hours: 6,
      now: NOW,
      // The media playlist form: the watcher reads segments from the first playlist.
      variant: { hls: 'media' },
      media: { maxEncoders: 40 },
    });
    const token = await requestToken(svc.url);
    await svc.control.recordingsIdle();
    const cams = (await (
      await fetch(`${svc.url}/v1/cameras?limit=100`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as {
      features: { id: string; properties: { video: boolean } }[];
    };
    const video = cams.features.filter((c) => c.properties.video).map((c) => c.id);

    // One encoder: ffmpeg's CPU and the service's (frame rendering) over 20 s.
    await watch(svc.url, token, video.slice(0, 1), 4);
    report(await oneEncoder(svc.url, token, video[0]!));

    for (const n of [16, 24]) report(await manyEncoders(svc.url, token, video.slice(1, 1 + n), n));

    // The recording is measured on an otherwise idle service: stop the encoders first.
    for (const id of video) {
      await svc.control.setCameraOffline(id, true);
      await svc.control.setCameraOffline(id, false);
    }
    const t0 = Date.now();
    const created = await fetch(`${svc.url}/v1/recordings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ camera_id: video[0], duration: 1800, start: '2026-11-21T09:00:00Z' }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status}`);
    await svc.control.recordingsIdle();
    report(
      `1800 s recording (1800 frames) built as jpg + zip + mp4 in ${((Date.now() - t0) / 1000).toFixed(1)} s (target < 30 s)`,
    );
    await svc.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${lines.join('\n')}`);
}

async function encoderPids(): Promise<number[]> {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map(Number);
}

async function oneEncoder(url: string, token: string, cam: string): Promise<string> {
  const pids = await encoderPids();
  const ff0 = pids.reduce((s, p) => s + cpuSeconds(p), 0);
  const node0 = process.cpuUsage();
  const t0 = Date.now();
  await watch(url, token, [cam], 20);
  const wall = (Date.now() - t0) / 1000;
  const ff = (pids.reduce((s, p) => s + cpuSeconds(p), 0) - ff0) / wall;
  const u = process.cpuUsage(node0);
  const node = (u.user + u.system) / 1e6 / wall;
  return `one live encoder (640x360, 15 fps): ffmpeg ${(ff * 100).toFixed(1)}% of one core, frame rendering in the service ${(node * 100).toFixed(1)}% of one core`;
}

async function manyEncoders(
  url: string,
  token: string,
  cams: string[],
  n: number,
): Promise<string> {
  const w = await watch(url, token, cams, 40);
  // Segments made against the segments real time allows since each stream's first playlist
  // (the first playlist already holds the 5 s pre-roll: 2 segments).
  const ratios = cams.map((id) => {
    const elapsed = (Date.now() - w.first.get(id)!) / 1000;
    return (w.segments.get(id)! - 2) / (elapsed / 2);
  });
  const worst = Math.min(...ratios);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  return `${n} cameras watched at once: slowest stream made ${(worst * 100).toFixed(0)}% of real-time segments (${worst >= 0.9 ? 'keeps up' : 'falls behind'}), load average ${load}`;
}

await main();
