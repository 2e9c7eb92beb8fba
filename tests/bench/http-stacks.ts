/**
 * `npm run bench:http-stacks`: the download engine's two ways to GET a signed file, side by
 * side in one process on the same files over loopback: net/http1/client.ts (reads into one buffer per
 * connection, lent to the reader) and undici (the stack of the rest of the app, a Buffer per
 * read). Bodies are received and dropped (the disk is left out: it is the same for both), 4 at
 * a time, alternated over several rounds; prints wall and CPU time per stack. This is the
 * measurement behind keeping lean-http for direct downloads (docs/benchmarks.md).
 */
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent } from 'undici';
import { ApiClient } from '../../src/engine/api/index.ts';
import { LeanHttp } from '../../src/engine/net/http1/client.ts';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';
import { testNetwork } from '../helpers/api.ts';

const ROUNDS = Number(process.env.BENCH_STACKS_ROUNDS ?? 5);
const REPEAT = Number(process.env.BENCH_STACKS_REPEAT ?? 5);
const root = resolve(import.meta.dirname, '../..');
// The recordings of bench:network (run it once first to build them).
const service = await startService({
  dataDir: join(root, '.cache', 'bench-network'),
  cameras: 100,
  hours: 2,
  now: '2026-11-21T12:00:00Z',
});
const client = new ApiClient({
  network: testNetwork(),
  baseUrl: service.url,
  credentials: () =>
    Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
});
const ids: string[] = [];
for await (const r of client.recordings.iterate({ q: 'netbench', status: 'complete' }))
  ids.push(r.id);
if (ids.length === 0) throw new Error('No recordings: run `npm run bench:network` once first.');
const urls: string[] = [];
for (const id of ids) {
  for (const format of ['zip', 'mp4'] as const)
    urls.push(await client.recordings.downloadUrl(id, format));
}
const work = Array.from({ length: REPEAT }, () => urls).flat();

async function fourAtATime(get: (url: string) => Promise<number>): Promise<number> {
  let next = 0;
  let bytes = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next < work.length) bytes += await get(work[next++]!);
    }),
  );
  return bytes;
}

const lean = new LeanHttp();
const leanGet = async (url: string) => {
  const answer = await lean.get(url, {});
  if (answer.status !== 200)
    throw new Error(`lean: HTTP ${answer.status} ${await answer.body.text()}`);
  let n = 0;
  await answer.body.pipe((chunk) => ((n += chunk.length), true));
  if (String(n) !== answer.headers['content-length'])
    throw new Error(`lean: ${n} of ${answer.headers['content-length']} bytes (${url})`);
  return n;
};
const agent = new Agent({ connections: 4, keepAliveTimeout: 4_000 });
const undiciGet = async (url: string) => {
  const answer = await agent.request({
    origin: new URL(url).origin,
    path: url.slice(new URL(url).origin.length),
    method: 'GET',
  });
  if (answer.statusCode !== 200)
    throw new Error(`undici: HTTP ${answer.statusCode} ${await answer.body.text()}`);
  let n = 0;
  // 'data' events, as the engine's undici path reads them (src/engine/net/stream-body.ts).
  await new Promise<void>((done, fail) => {
    answer.body.on('data', (chunk: Buffer) => (n += chunk.length));
    answer.body.on('end', done);
    answer.body.on('error', fail);
  });
  if (String(n) !== answer.headers['content-length'])
    throw new Error(`undici: ${n} of ${String(answer.headers['content-length'])} bytes`);
  return n;
};

async function measure(get: (url: string) => Promise<number>) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const bytes = await fourAtATime(get);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, bytes };
}

const results: Record<string, { wallMs: number; cpuMs: number; bytes: number }[]> = {
  lean: [],
  undici: [],
};
await measure(leanGet);
await measure(undiciGet);
for (let round = 0; round < ROUNDS; round++) {
  results.lean!.push(await measure(leanGet));
  results.undici!.push(await measure(undiciGet));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// The service may build a recording's files anew (their sizes can differ a little between
// GETs): rates are per run, each body checked whole against its Content-Length.
const mb = (await measure(leanGet)).bytes / 1e6;
console.log(
  `bench:http-stacks ${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model}, Node ${process.versions.node}`,
);
console.log(
  `${work.length} GETs, about ${mb.toFixed(0)} MB, 4 at a time, loopback; ${ROUNDS} rounds (median)`,
);
for (const [name, rs] of Object.entries(results)) {
  const wall = median(rs.map((r) => r.wallMs));
  const cpu = median(rs.map((r) => r.cpuMs));
  console.log(
    `${name.padEnd(7)} wall ${wall.toFixed(0)} ms  CPU ${cpu.toFixed(0)} ms  ${(mb / (wall / 1000)).toFixed(0)} MB/s`,
  );
}
lean.close();
await agent.close();
await service.close();
