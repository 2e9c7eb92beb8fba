/**
 * Benchmark of the embedded service's recording search at 50,000 matches (`node
 * tests/bench/service-search.ts`; not part of `npm test`): milliseconds per page of `q` and
 * status, at skip 0 and skip 4000, and of the same search in a box, as a client paging through
 * asks them. The first page of a search is measured apart (a search that remembers its matches
 * pays for them there), then the pages after it.
 *
 * BENCH_BASELINE=DIR runs the search code of another checkout on the same database, alternated
 * round by round with this one, for a before/after measured side by side; BENCH_ROUNDS=N
 * (default 7) rounds, BENCH_ITEMS (default 50,000) recordings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MachineLoad } from './lib/machine-load.ts';

const ITEMS = Number(process.env['BENCH_ITEMS'] ?? 50_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const BASELINE = process.env['BENCH_BASELINE'];
const NOW_S = Date.parse('2026-11-21T12:00:00Z') / 1000;
const TAG = 'benchtag';
const load = new MachineLoad();

type Search = (store: unknown, bag: object, nowS: number) => { properties: { total: number } };
interface Side {
  name: string;
  fresh: () => unknown;
  search: Search;
}

async function side(name: string, root: string, file: string): Promise<Side> {
  const { default: Database } = (await import(
    join(root, 'node_modules/better-sqlite3/lib/index.js')
  )) as {
    default: new (f: string, o: object) => { function: (...a: unknown[]) => void };
  };
  const { StatementCache } = (await import(join(root, 'src/service/store/db.ts'))) as {
    StatementCache: new (db: unknown) => unknown;
  };
  const { searchRecordings } = (await import(join(root, 'src/service/search/recordings.ts'))) as {
    searchRecordings: Search;
  };
  const db = new Database(file, { readonly: true });
  db.function('distance_m', { deterministic: true }, () => 0);
  return {
    name,
    fresh: () => ({ statements: new StatementCache(db), cameraPoints: () => [] }),
    search: searchRecordings,
  };
}

/** The world of bench:queue's service: 300 cameras, ITEMS recordings tagged TAG. */
async function build(dir: string): Promise<string> {
  const { World } = await import('../../src/service/world/world.ts');
  const { insertRecording } = await import('../../src/service/store/recordings.ts');
  const world = World.open({
    dataDir: dir,
    cameras: 300,
    hours: 2,
    defaults: { seed: 1, cameras: 300, hours: 2 },
    nowS: NOW_S,
    log: () => {},
  });
  const cameras = world.db
    .prepare('SELECT num FROM cameras ORDER BY idx')
    .pluck()
    .all() as number[];
  world.db.transaction(() => {
    for (let k = 0; k < ITEMS; k++) {
      const start = NOW_S - 3600 + (k % 3000);
      insertRecording(world.db, {
        id: `rec_b${String(k).padStart(10, '0')}`,
        cameraNum: cameras[k % cameras.length]!,
        status: 'complete',
        duration: 2,
        rate: 1,
        start,
        stop: start + 2,
        tags: [TAG],
        formats: ['jpg'],
        createdAt: NOW_S,
      });
    }
  })();
  world.db.close();
  return join(dir, 'service.sqlite');
}

const bag = (o: Record<string, string>): object => Object.assign(Object.create(null), o);
const QUERY = { q: TAG, status: 'complete', limit: '100' };
const BOX = { ...QUERY, bbox: '-109,37,-102,41' };
const STEPS: [string, Record<string, string>][] = [
  ['first page, skip 0', QUERY],
  ['next page, skip 100', { ...QUERY, skip: '100' }],
  ['page at skip 4000', { ...QUERY, skip: '4000' }],
  ['box: first page', BOX],
  ['box: next page', { ...BOX, skip: '100' }],
];

function time(s: Side, store: unknown, params: Record<string, string>): number {
  const t = performance.now();
  s.search(store, bag(params), NOW_S);
  return performance.now() - t;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'roadcam-bench-search-'));
try {
  const file = await build(dir);
  const sides = [await side('new', resolve('.'), file)];
  if (BASELINE) sides.unshift(await side('old', resolve(BASELINE), file));
  const total = sides[0]!.search(sides[0]!.fresh(), bag(QUERY), NOW_S).properties.total;
  console.log(`${total} matches of q=${TAG}&status=complete; ${ROUNDS} rounds, medians in ms`);
  const ms = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 === 0 ? sides : [...sides].reverse()) {
      const store = s.fresh();
      for (const [step, params] of STEPS) {
        const key = `${s.name}\t${step}`;
        ms.set(key, [...(ms.get(key) ?? []), time(s, store, params)]);
      }
    }
  }
  for (const [step] of STEPS) {
    const cells = sides.map((s) => `${s.name} ${median(ms.get(`${s.name}\t${step}`)!).toFixed(1)}`);
    console.log(`${step.padEnd(22)} ${cells.join('   ')}`);
  }
  console.log(load.line());
} finally {
  rmSync(dir, { recursive: true, force: true });
}
