/**
 * Benchmark of the embedded service (`npm run bench:service`; not part of `npm test`).
 * Builds a world of 10,000 cameras with 48 h of observations in a child process, then loads
 * representative searches with autocannon and prints requests/s and p50/p99 latency.
 * Each scenario runs twice: "repeated" sends one identical request (served by the response
 * cache after the first time in each second), "varied" moves the area on every request so
 * that every one is a real search.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePolyline, type LonLat } from '../../src/shared/geo.ts';

const CAMERAS = Number(process.env['BENCH_CAMERAS'] ?? 10_000);
const DURATION_S = Number(process.env['BENCH_SECONDS'] ?? 8);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);

interface Started {
  url: string;
  buildSeconds: number;
  readySeconds: number;
  stop(): void;
}

async function startChild(dataDir: string): Promise<Started> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      'src/service/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--cameras',
      String(CAMERAS),
      '--hours',
      '48',
      '--now',
      '2026-11-21T12:00:00Z',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let buildSeconds = NaN;
  child.stderr.on('data', (d: Buffer) => {
    const m = /in ([\d.]+) s/.exec(d.toString());
    if (m) buildSeconds = Number(m[1]);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      const m = /listening on (\S+)/.exec(d.toString());
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
  });
  return {
    url,
    buildSeconds,
    readySeconds: (Date.now() - started) / 1000,
    stop: () => child.kill('SIGINT'),
  };
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/v1/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'demo',
      client_secret: 'demo-secret',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const jitter = (): number => Math.round((Math.random() - 0.5) * 2000) / 1000;
const route: LonLat[] = [
  [-104.99, 39.74],
  [-105.27, 40.01],
  [-106.82, 39.55],
  [-108.55, 39.06],
  [-111.89, 40.76],
];

const SCENARIOS: { name: string; path: (vary: boolean) => string }[] = [
  {
    name: 'bbox + sensor filter, limit 100',
    path: (v) => {
      const d = v ? jitter() : 0;
      return `/v1/observations?bbox=${-109 + d},${37 + d},${-102 + d},${41 + d}&sensors[road_weather][min]=1&limit=100`;
    },
  },
  {
    name: 'radius + sort=distance',
    path: (v) =>
      `/v1/observations?lat=${39.74 + (v ? jitter() : 0)}&lon=-104.99&radius=50km&sort=distance&limit=100`,
  },
  {
    name: 'polyline (1 km buffer)',
    path: (v) => {
      const d = v ? jitter() / 10 : 0;
      return `/v1/observations?polyline=${encodeURIComponent(encodePolyline(route.map(([x, y]) => [x + d, y])))}&limit=100`;
    },
  },
  {
    name: 'q (text search on cameras)',
    path: (v) =>
      `/v1/cameras?q=${v ? ['denver', 'interstate', 'exit', 'main', 'north', 'i-80', 'looking', 'seattle'][Math.floor(Math.random() * 8)] : 'denver'}&limit=100&skip=${v ? Math.floor(Math.random() * 5) : 0}`,
  },
  {
    name: 'aggs (state, road_weather) over the last hour',
    path: (v) =>
      `/v1/observations?time_min=2026-11-21T${v ? String(10 + Math.floor(Math.random() * 2)) : '11'}:${v ? String(Math.floor(Math.random() * 6)) : '0'}0:00Z&aggs=state,sensors.road_weather&limit=10`,
  },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  url: string,
  auth: string,
  path: (vary: boolean) => string,
  vary: boolean,
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${auth}` },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path(vary) }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-bench-'));
const service = await startChild(dataDir);
try {
  console.log(
    `World: ${CAMERAS} cameras x 48 h = ${CAMERAS * 288} observations, generated in ${service.buildSeconds.toFixed(1)} s (ready to serve in ${service.readySeconds.toFixed(1)} s)`,
  );
  const auth = await token(service.url);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, service in its own process\n`,
  );
  console.log('| Search | Requests | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const s of SCENARIOS) {
    for (const vary of [false, true]) {
      const f = await load(service.url, auth, s.path, vary);
      console.log(
        `| ${s.name} | ${vary ? 'varied' : 'repeated'} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} |`,
      );
    }
  }
} finally {
  service.stop();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
