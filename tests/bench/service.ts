/**
 * Benchmark of the embedded service (`npm run bench:service`; not part of `npm test`).
 * Builds a world of 10,000 cameras with 48 h of observations in a child process, then loads
 * representative searches with autocannon and prints requests/s and p50/p99 latency.
 * Each scenario runs twice: "repeated" sends one identical request (served by the response
 * cache after the first time in each second), "varied" changes the request every time
 * (area, text, page or time bounds drawn at random with enough digits that repeats are rare;
 * the share of repeated requests is printed), so that each one is a real search.
 *
 * BENCH_BASELINE=DIR runs the same load, scenario by scenario, against the service of another
 * checkout (e.g. `git archive` of an older commit with a node_modules link) for a before/after
 * table measured side by side; BENCH_ROUNDS=N repeats every measurement N times; BENCH_MODES
 * (repeated,varied) and BENCH_ONLY (part of a scenario name) choose what runs.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { encodePolyline, type LonLat } from '../../src/shared/geo.ts';
import { sleep } from '../helpers/wait.ts';

const CAMERAS = Number(process.env['BENCH_CAMERAS'] ?? 10_000);
const DURATION_S = Number(process.env['BENCH_SECONDS'] ?? 8);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const BASELINE = process.env['BENCH_BASELINE'];
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 1);
const MODES = (process.env['BENCH_MODES'] ?? 'repeated,varied').split(',');
/** Only the scenarios whose name contains this text. */
const ONLY = process.env['BENCH_ONLY'] ?? '';

interface Started {
  url: string;
  buildSeconds: number;
  readySeconds: number;
  stop(): void;
}

async function startChild(root: string, dataDir: string): Promise<Started> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      join(root, 'src/service/cli.ts'),
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
      cwd: root,
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

/** A random shift of up to ±1 (6 decimals: two requests rarely repeat one another). */
const jitter = (): number => Math.round((Math.random() - 0.5) * 2e6) / 1e6;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const two = (n: number): string => String(n).padStart(2, '0');
/** A random time within the two hours before the clock's start (12:00 UTC). */
const recent = (): string =>
  `2026-11-21T${two(10 + Math.floor(Math.random() * 2))}:${two(Math.floor(Math.random() * 60))}:${two(Math.floor(Math.random() * 60))}Z`;
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
      // Both shifts: the polyline keeps 5 decimals, one shift alone repeats too often.
      const [dx, dy] = v ? [jitter() / 10, jitter() / 10] : [0, 0];
      return `/v1/observations?polyline=${encodeURIComponent(encodePolyline(route.map(([x, y]) => [x + dx, y + dy])))}&limit=100`;
    },
  },
  {
    name: 'q (text search on cameras)',
    path: (v) =>
      v
        ? `/v1/cameras?q=${pick(['denver', 'interstate', 'exit', 'main', 'north', 'i-80', 'looking', 'seattle'])}&limit=${50 + Math.floor(Math.random() * 51)}&skip=${Math.floor(Math.random() * 200)}`
        : '/v1/cameras?q=denver&limit=100&skip=0',
  },
  {
    name: 'aggs (state, road_weather) over the last hour',
    path: (v) => {
      if (!v)
        return '/v1/observations?time_min=2026-11-21T11:00:00Z&aggs=state,sensors.road_weather&limit=10';
      const [a, b] = [recent(), recent()].sort();
      return `/v1/observations?time_min=${a}&time_max=${b}&aggs=state,sensors.road_weather&limit=10`;
    },
  },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** share of requests that repeated an earlier one of the same run */
  repeats: number;
}

async function load(
  url: string,
  auth: string,
  path: (vary: boolean) => string,
  vary: boolean,
): Promise<Figures> {
  const seen = new Set<string>();
  let sent = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${auth}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const p = path(vary);
          seen.add(p);
          sent++;
          return { ...req, path: p };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    repeats: sent === 0 ? 0 : 1 - seen.size / sent,
  };
}

const cell = (f: Figures): string =>
  `${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.repeats * 100).toFixed(1)}%`;

interface Target {
  label: string;
  service: Started;
  auth: string;
  dataDir: string;
}

const targets: Target[] = [];
try {
  const roots: [string, string][] = BASELINE
    ? [
        ['before', resolve(BASELINE)],
        ['after', process.cwd()],
      ]
    : [['service', process.cwd()]];
  for (const [label, root] of roots) {
    const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-bench-'));
    const service = await startChild(root, dataDir);
    targets.push({ label, service, dataDir, auth: await token(service.url) });
    console.log(
      `${label} (${root}): ${CAMERAS} cameras x 48 h = ${CAMERAS * 288} observations, generated in ${service.buildSeconds.toFixed(1)} s (ready to serve in ${service.readySeconds.toFixed(1)} s)`,
    );
  }
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, each service in its own process; load average ${loadAverage()}\n`,
  );
  const head = targets.map((t) => `${t.label} req/s | p50 ms | p99 ms | non-2xx | repeats`);
  console.log(`| Search | Requests | Round | ${head.join(' | ')} |`);
  console.log(`|---|---|---:|${targets.map(() => '---:|---:|---:|---:|---:').join('|')}|`);
  for (const s of SCENARIOS.filter((x) => x.name.includes(ONLY))) {
    for (const mode of MODES) {
      for (let round = 1; round <= ROUNDS; round++) {
        const cells: string[] = [];
        for (const t of targets)
          cells.push(cell(await load(t.service.url, t.auth, s.path, mode === 'varied')));
        console.log(`| ${s.name} | ${mode} | ${round} | ${cells.join(' | ')} |`);
      }
    }
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
} finally {
  for (const t of targets) t.service.stop();
  await sleep(500); // time for the stopped services to let go of their files
  for (const t of targets) rmSync(t.dataDir, { recursive: true, force: true });
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
