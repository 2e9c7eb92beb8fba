/**
 * bench:service-boxes: the embedded service's first page of every box of a search split into
 * boxes, as the client's searchAll opens them (src/engine/api/paging.ts: halves until a box
 * holds at most 4,100 matches) for "Download all N results" and `roadcam download --query`:
 * `q=TAG&status=complete`, 100 a page, on the world of bench:queue (300 cameras, 2 h) with
 * 10,000 and then 50,000 recordings of the tag (BENCH_BOX_ITEMS).
 *
 * Old and new in one run, alternating (BENCH_ROUNDS rounds, medians): old is the text filter as
 * the FTS subquery in every statement (TEXT_SETS off), new reads the text's matches once
 * (text-sets.ts). Each round of each way opens its own connection, as a search worker does
 * (query_only), so that nothing one way or one round learned serves the next. In process: no
 * HTTP, the search functions alone (registry.ts).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { halve } from '../../src/engine/api/paging.ts';
import type { Bbox } from '../../src/shared/geo.ts';
import type { ParamBag } from '../../src/service/http/params.ts';
import { SEARCHES } from '../../src/service/search/registry.ts';
import { TEXT_SETS } from '../../src/service/search/text-sets.ts';
import { StatementCache } from '../../src/service/store/db.ts';
import { insertRecording } from '../../src/service/store/recordings.ts';
import { World } from '../../src/service/world/world.ts';
import { MachineLoad } from './lib/machine-load.ts';

const SIZES = (process.env['BENCH_BOX_ITEMS'] ?? '10000,50000').split(',').map(Number);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 1);
const NOW_S = Date.parse('2026-11-21T12:00:00Z') / 1000;
const TAG = 'benchboxes';
/** What a box may hold and still be paged through: skip max plus limit max. */
const CEILING = 4100;
const WORLD: Bbox = [-180, -90, 180, 90];

interface BoxTime {
  box: Bbox;
  total: number;
  ms: number;
}

/** Every box's first page, as searchAll opens them (depth first, halves in order). */
function firstPages(world: World, file: string): BoxTime[] {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('query_only = ON');
  db.pragma('cache_size = -32768');
  db.pragma('temp_store = MEMORY');
  db.pragma('mmap_size = 268435456');
  const store = { statements: new StatementCache(db), cameraPoints: () => world.cameraPoints() };
  const out: BoxTime[] = [];
  const open = (box: Bbox): number => {
    const bag = Object.assign(Object.create(null) as ParamBag, {
      q: TAG,
      status: 'complete',
      limit: '100',
      bbox: box.join(','),
    });
    const started = performance.now();
    const page = SEARCHES['/v1/recordings']!(store, bag, NOW_S) as {
      properties: { total: number };
    };
    out.push({ box, total: page.properties.total, ms: performance.now() - started });
    return page.properties.total;
  };
  const visit = (box: Bbox, total: number): void => {
    if (total <= CEILING) return;
    const halves = halve(box);
    const totals = halves.map(open);
    if (totals.every((t) => t >= total)) return;
    for (const [i, half] of halves.entries()) visit(half, totals[i]!);
  };
  visit(WORLD, open(WORLD));
  db.close();
  return out;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'roadcam-bench-boxes-'));
try {
  const load = new MachineLoad();
  const world = World.open({
    dataDir: dir,
    cameras: 300,
    hours: 2,
    defaults: { seed: 1, cameras: 300, hours: 2 },
    nowS: NOW_S,
    log: () => {},
  });
  const file = join(dir, 'service.sqlite');
  let added = 0;
  console.log(
    `bench:service-boxes: first page of every box of q=${TAG}&status=complete (ceiling ${CEILING}), ` +
      `old (FTS subquery in every statement) and new (text set), ${ROUNDS} round(s) alternating`,
  );
  for (const size of SIZES) {
    world.db.transaction(() => {
      for (; added < size; added++)
        insertRecording(world.db, {
          id: `rec_bench${String(added).padStart(7, '0')}`,
          cameraNum: 1 + (added % 300),
          status: 'complete',
          duration: 2,
          rate: 1,
          start: NOW_S - 7200 + (added % 3600),
          stop: NOW_S - 7198 + (added % 3600),
          tags: [TAG],
          formats: ['jpg'],
          createdAt: NOW_S - 60,
        });
    })();
    const runs: Record<'old' | 'new', BoxTime[][]> = { old: [], new: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
      for (const way of order) {
        TEXT_SETS.enabled = way === 'new';
        runs[way].push(firstPages(world, file));
      }
    }
    TEXT_SETS.enabled = true;
    const boxes = runs.new[0]!;
    console.log(`\n${size} recordings: ${boxes.length} first pages (medians of ${ROUNDS}, ms)`);
    console.log('box                                       total     old      new');
    let oldSum = 0;
    let newSum = 0;
    for (const [i, b] of boxes.entries()) {
      const oldMs = median(runs.old.map((r) => r[i]!.ms));
      const newMs = median(runs.new.map((r) => r[i]!.ms));
      if (runs.old.some((r) => r[i]?.total !== b.total)) throw new Error('old and new disagree');
      oldSum += oldMs;
      newSum += newMs;
      const name = b.box.map((x) => x.toFixed(2)).join(',');
      console.log(
        `${name.padEnd(40)} ${String(b.total).padStart(6)} ${oldMs.toFixed(1).padStart(8)} ${newMs.toFixed(1).padStart(8)}`,
      );
    }
    console.log(
      `all first pages: old ${(oldSum / 1000).toFixed(2)} s, new ${(newSum / 1000).toFixed(2)} s ` +
        `(${(oldSum / newSum).toFixed(1)} x)`,
    );
  }
  world.db.close();
  console.log(`\n${load.line()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
