/**
 * What a wall's live video costs the embedded service (`node tests/bench/wall-service.ts`):
 * WALL_TILES cameras (default 25) watched as players watch them (each playlist every 2 s, each
 * new segment fetched once), CPU of the service's process and its ffmpeg children over
 * WALL_SERVICE_SECONDS (default 30) after every stream has started. Implementations in turns
 * (BENCH_ROUNDS, default 2): live video from loops encoded ahead (the default) and from an
 * encoder per stream (`live: 'encoder'`), and BENCH_BASELINE=DIR's service (another checkout
 * with a node_modules link) when given. The client's own requests count in every row alike.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService } from '../../src/service/index.ts';
import type * as ServiceModule from '../../src/service/index.ts';
import { requestToken } from '../helpers/service.ts';
import { sleep } from '../helpers/wait.ts';
import { MachineLoad } from './lib/machine-load.ts';

const TILES = Number(process.env['WALL_TILES'] ?? 25);
const SECONDS = Number(process.env['WALL_SERVICE_SECONDS'] ?? 30);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const START_LIMIT_MS = 120_000;
const CLOCK_TICKS = 100;

interface Implementation {
  label: string;
  start: typeof startService;
  live?: 'loop' | 'encoder';
}

/** CPU seconds of a process from /proc (user + system; with `children`, its reaped children too). */
function cpuSeconds(pid: number | 'self', children = false): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = Number(f[11]) + Number(f[12]);
  return (children ? own + Number(f[13]) + Number(f[14]) : own) / CLOCK_TICKS;
}

/** This process, its reaped children and the ones still running: the service's whole cost. */
function totalCpu(): number {
  let pids: string[] = [];
  try {
    pids = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' }).split('\n');
  } catch {
    // pgrep exits 1 when there are no children.
  }
  const running = pids.filter(Boolean).reduce((s, p) => {
    try {
      return s + cpuSeconds(Number(p));
    } catch {
      return s; // ended meanwhile: counted with the reaped children
    }
  }, 0);
  return cpuSeconds('self', true) + running;
}

/**
 * One player's loop per camera: the playlist, then the segments it names that are new.
 * Returns the requests that failed or took over 10 s (a service that cannot keep up).
 */
async function watch(url: string, token: string, cams: string[], untilMs: number): Promise<number> {
  let failures = 0;
  const got = new Map<string, Set<string>>(cams.map((c) => [c, new Set()]));
  const get = (path: string) =>
    fetch(`${url}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
  while (Date.now() < untilMs) {
    await Promise.all(cams.map((id) => follow(id).catch(() => (failures += 1))));
    await sleep(2000); // a player's pace: the next playlist 2 s later
  }
  return failures;

  async function follow(id: string): Promise<void> {
    const res = await get(`/v1/cameras/${id}/live/playlist.m3u8`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${id}: ${res.status}`);
    for (const seg of text.split('\n').filter((l) => l.endsWith('.ts'))) {
      if (got.get(id)!.has(seg)) continue;
      got.get(id)!.add(seg);
      await (await get(`/v1/cameras/${id}/live/${seg}`)).arrayBuffer();
    }
  }
}

async function measure(impl: Implementation, dir: string): Promise<string> {
  const svc = await impl.start({
    dataDir: dir,
    cameras: 300,
    hours: 2,
    // The media playlist form: the watcher reads segments from the first playlist.
    variant: { hls: 'media' },
    media: { maxEncoders: 40, ...(impl.live ? { live: impl.live } : {}) },
  });
  try {
    const token = await requestToken(svc.url);
    await svc.control.recordingsIdle();
    const list = (await (
      await fetch(`${svc.url}/v1/cameras?limit=100`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { features: { id: string; properties: { video: boolean } }[] };
    const cams = list.features.filter((c) => c.properties.video).map((c) => c.id);
    if (cams.length < TILES) throw new Error(`only ${cams.length} video cameras`);
    const chosen = cams.slice(0, TILES);
    const t0 = Date.now();
    await startAll(svc.url, token, chosen);
    const startS = (Date.now() - t0) / 1000;
    await watch(svc.url, token, chosen, Date.now() + 6000);
    const cpu0 = totalCpu();
    const w0 = Date.now();
    const failed = await watch(svc.url, token, chosen, Date.now() + SECONDS * 1000);
    const share = (totalCpu() - cpu0) / ((Date.now() - w0) / 1000);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    return `| ${impl.label} | ${TILES} | ${startS.toFixed(1)} | ${(share * 100).toFixed(0)}% | ${failed} | ${load} |`;
  } finally {
    await svc.close();
  }
}

/** Requests every playlist until each answers 200 (streams start; loops are encoded). */
async function startAll(url: string, token: string, cams: string[]): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  const pending = new Set(cams);
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`${pending.size} streams did not start in 120 s`);
    await Promise.all(
      [...pending].map(async (id) => {
        const res = await fetch(`${url}/v1/cameras/${id}/live/playlist.m3u8`, {
          headers: { Authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(15_000),
        }).catch(() => undefined); // too slow: asked again
        await res?.arrayBuffer();
        if (res?.status === 200) pending.delete(id);
      }),
    );
    if (pending.size > 0) await sleep(1000);
  }
}

const load = new MachineLoad();
const impls: Implementation[] = [
  { label: 'loops encoded ahead (this checkout)', start: startService },
  { label: 'an encoder per stream (this checkout)', start: startService, live: 'encoder' },
];
const baseline = process.env['BENCH_BASELINE'];
if (baseline) {
  const root = resolve(baseline);
  const before = (await import(join(root, 'src/service/index.ts'))) as typeof ServiceModule;
  impls.push({ label: `before (${root})`, start: before.startService });
}
const dir = mkdtempSync(join(tmpdir(), 'roadcam-bench-wall-service-'));
try {
  console.log(`Wall service cost: ${TILES} streams, ${SECONDS} s each, ${ROUNDS} rounds`);
  console.log(
    '| Live video | Streams | Start (s) | Service CPU (of a core) | Failed or late | Load |',
  );
  console.log('|---|---:|---:|---:|---:|---|');
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [i, impl] of impls.entries()) {
      console.log(await measure(impl, join(dir, `${round}-${i}`)));
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(load.line());
