/**
 * `npm run bench:client`: the client's two figures, printed and written to the
 * "Client" section of docs/benchmarks.md (the rest of that file is left alone).
 *
 * 1. Reading a cached search page while the cache holds 100,000 features (target p95 < 10 ms).
 * 2. searchAll over 20,000 cameras: page requests made against the minimum, total / 100
 *    (target within 1.3x).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient } from '../../src/engine/api/index.ts';
import { SearchCache } from '../../src/engine/cache/index.ts';
import { openDatabase } from '../../src/engine/db/database.ts';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';
import { tempDir } from '../helpers/core.ts';
import { testNetwork } from '../helpers/api.ts';

const SEARCHES = 1000;
const PER_SEARCH = 100;
const READS = 2000;
const CAMERAS = 20_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function camera(i: number) {
  return {
    type: 'Feature',
    id: `US-WA-${String(i).padStart(6, '0')}`,
    geometry: { type: 'Point', coordinates: [-120 + (i % 1000) / 100, 45 + i / 100_000] },
    properties: {
      country: 'US',
      state: 'WA',
      city: `City ${i % 500}`,
      provider: 'WSDOT',
      description: `I-${i % 99} at Mile ${i % 400} - Looking North`,
      video: i % 3 === 0,
    },
  };
}

function benchCachedReads(): { p50: number; p95: number; p99: number; bigMs: number } {
  const dir = tempDir('roadcam-bench-');
  const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
  const cache = new SearchCache(db, 'bench');
  for (let s = 0; s < SEARCHES; s++) {
    const features = Array.from({ length: PER_SEARCH }, (_, i) => camera(s * PER_SEARCH + i));
    cache.put(
      'cameras',
      { skip: s, limit: PER_SEARCH },
      { features, properties: { total: 100_000 } },
    );
  }
  const times: number[] = [];
  for (let r = 0; r < READS; r++) {
    const s = Math.floor(Math.random() * SEARCHES);
    const started = performance.now();
    const hit = cache.get('cameras', { limit: PER_SEARCH, skip: s });
    times.push(performance.now() - started);
    if (hit?.features.length !== PER_SEARCH) throw new Error('cache miss in the benchmark');
  }
  // A complete (searchAll) result of 20,000 features, read whole: for the record.
  cache.putAll(
    'cameras',
    { state: 'WA' },
    Array.from({ length: CAMERAS }, (_, i) => camera(i)),
  );
  const started = performance.now();
  cache.getAll('cameras', { state: 'WA' });
  const bigMs = performance.now() - started;
  db.close();
  dir.remove();
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    bigMs,
  };
}

async function benchSearchAll(): Promise<{ requests: number; found: number; seconds: number }> {
  const dir = tempDir('roadcam-bench-service-');
  const service = await startService({
    dataDir: dir.path,
    cameras: CAMERAS,
    hours: 1,
    now: '2026-11-21T12:00:00Z',
  });
  try {
    const client = new ApiClient({
      network: testNetwork(),
      baseUrl: service.url,
      credentials: () =>
        Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
    });
    await client.session();
    const started = performance.now();
    const result = await client.cameras.searchAll({});
    const seconds = (performance.now() - started) / 1000;
    if (new Set(result.features.map((f) => f.id)).size !== result.features.length)
      throw new Error('duplicates');
    return { requests: result.requests, found: result.features.length, seconds };
  } finally {
    await service.close();
    dir.remove();
  }
}

const reads = benchCachedReads();
const all = await benchSearchAll();
const minimum = Math.ceil(all.found / 100);
const ratio = all.requests / minimum;
const ms = (n: number) => `${n.toFixed(2)} ms`;

const section = `## Client

Measured 2026-11-21 on a 2-core Debian 12 VM (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.versions.node}, with \`npm run bench:client\` (tests/bench/client.ts).

| Measure | Result | Target |
|---|---|---|
| Cached search page read (100 features) with ${(SEARCHES * PER_SEARCH).toLocaleString('en')} features cached, ${READS} random reads | p50 ${ms(reads.p50)}, p95 ${ms(reads.p95)}, p99 ${ms(reads.p99)} | p95 < 10 ms |
| Cached complete result of ${CAMERAS.toLocaleString('en')} features (searchAll), read whole | ${ms(reads.bigMs)} | (for the record) |
| searchAll over ${all.found.toLocaleString('en')} cameras: page requests | ${all.requests} vs minimum ${minimum}: ${ratio.toFixed(2)}x, ${all.seconds.toFixed(1)} s | within 1.3x |

searchAll halves the bounding box along its longer side until each part holds at most 4,100
results (limit 100, skip max 4000); every box costs one first page, so the overhead is one
request per split plus the partly filled last page of each part.
`;

process.stdout.write(`${section}\n`);
writeSection(resolve(import.meta.dirname, '../../docs/benchmarks.md'), section);
if (reads.p95 >= 10 || ratio > 1.3) {
  process.stderr.write('A client benchmark missed its target.\n');
  process.exitCode = 1;
}

/** Replaces the "## Client" section, or appends it; the other sections stay as they are. */
function writeSection(file: string, text: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf('## Client\n');
  if (start === -1) {
    writeFileSync(file, `${current.trimEnd()}\n\n${text}`);
    return;
  }
  const next = current.indexOf('\n## ', start + 1);
  const rest = next === -1 ? '' : current.slice(next + 1);
  writeFileSync(file, `${current.slice(0, start)}${text}${rest ? `\n${rest}` : ''}`);
}
