/**
 * Searches that remember what an earlier page of the same filters learned (match-memo.ts)
 * answer exactly what a cold search answers: same total, pages, order, bbox and aggregations,
 * for the camera, recording, alert and collection searches, while recordings are written,
 * retagged and pruned and the clock moves past expiry cutoffs in between. Both ways a memo
 * learns of a write are checked: the writing connection itself (the main thread) and a second,
 * read-only connection (a search worker's).
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestError } from '../../src/service/http/errors.ts';
import type { ParamBag } from '../../src/service/http/params.ts';
import type { SearchStore } from '../../src/service/search/common.ts';
import { SEARCHES } from '../../src/service/search/registry.ts';
import { StatementCache } from '../../src/service/store/db.ts';
import {
  insertRecording,
  pruneRecordings,
  setRecordingStatus,
  setRecordingTags,
} from '../../src/service/store/recordings.ts';
import { World } from '../../src/service/world/world.ts';

const START_S = Date.parse('2026-11-21T12:00:00Z') / 1000;
const DAY = 86400;
const WORDS = ['storm', 'snow', 'fog', 'demo', 'winter', 'co', 'den', 'xyz', 'rec', 'i 70'];

let dir: string;
let world: World;
let reader: Database.Database;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'roadcam-search-memo-'));
  world = World.open({
    dataDir: dir,
    cameras: 80,
    hours: 1,
    defaults: { seed: 7, cameras: 80, hours: 1 },
    nowS: START_S,
    log: () => {},
  });
  reader = new Database(join(dir, 'service.sqlite'), { readonly: true });
}, 60_000);

afterAll(() => {
  reader?.close();
  world?.db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The answer as JSON, or the 400's words: both must agree. */
function answer(store: SearchStore, base: string, params: ParamBag, nowS: number): string {
  try {
    return JSON.stringify(SEARCHES[base]!(store, params, nowS));
  } catch (e) {
    if (e instanceof RequestError) return `${e.status} ${e.message}`;
    throw e;
  }
}

const bag = (o: Record<string, string | undefined>): ParamBag => {
  const b = Object.create(null) as ParamBag;
  for (const [k, v] of Object.entries(o)) if (v !== undefined) b[k] = v;
  return b;
};

const opt = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(a, { nil: undefined });
const q = opt(fc.subarray(WORDS, { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')));
/** The page of a search, drawn afresh at each step: the filters stay, so the memo is used. */
const PAGE = fc.record({
  skip: opt(fc.constantFrom('0', '3', '10', '25', '60', '4000')),
  limit: opt(fc.constantFrom('0', '1', '7', '100')),
  sort_dir: opt(fc.constantFrom('asc', 'desc')),
});
const box = opt(fc.constantFrom('-110,30,-95,45', '-125,24,-66,50', '170,-10,-170,10'));

const SEARCH = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      base: fc.constant('/v1/recordings'),
      p: fc.record({
        q: opt(fc.constantFrom('storm', 'xyz', 'fog xyz', 'co')),
        bbox: box,
        status: opt(fc.constantFrom('complete', 'failed,submitted')),
        sort: opt(fc.constantFrom('start', 'duration', 'city', 'status')),
        aggs: opt(fc.constantFrom('tags', 'status,camera_id')),
      }),
    }),
  },
  fc.record({
    base: fc.constant('/v1/cameras'),
    p: fc.record({ q, bbox: box, sort: opt(fc.constantFrom('city', 'state')) }),
  }),
  fc.record({
    base: fc.constant('/v1/alerts'),
    p: fc.record({
      q,
      expired: opt(fc.constantFrom('true', 'any')),
      aggs: opt(fc.constant('event')),
    }),
  }),
  fc.record({
    base: fc.constant('/v1/collections'),
    p: fc.record({ q, sort: opt(fc.constantFrom('name', 'created_at')) }),
  }),
);

/** Writes and clock moves between searches: each must reach the memo before the next page. */
const STEP = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .tuple(fc.nat(3), PAGE)
      .map(([which, page]) => ({ kind: 'search' as const, which, page })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('storm', 'xyz').map((tag) => ({ kind: 'add' as const, tag })),
  },
  { weight: 1, arbitrary: fc.nat(40).map((k) => ({ kind: 'retag' as const, k })) },
  { weight: 1, arbitrary: fc.nat(40).map((k) => ({ kind: 'fail' as const, k })) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(1, 3600, 20 * DAY).map((s) => ({ kind: 'wait' as const, s })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'prune' as const }) },
);

type Step = typeof STEP extends fc.Arbitrary<infer T> ? T : never;

let added = 0;

function write(step: Exclude<Step, { kind: 'search' | 'wait' }>, nowS: number): void {
  const db = world.db;
  const nums = db.prepare('SELECT num FROM recordings ORDER BY num').pluck().all() as number[];
  const num = nums.length === 0 ? undefined : nums[('k' in step ? step.k : 0) % nums.length];
  if (step.kind === 'add') {
    insertRecording(db, {
      id: `rec_memo${String(added++).padStart(6, '0')}`,
      cameraNum: 1 + (added % 80),
      status: 'complete',
      duration: 60,
      rate: 1,
      start: nowS - 600,
      stop: nowS - 540,
      tags: [step.tag],
      formats: ['jpg'],
      createdAt: nowS,
    });
  } else if (step.kind === 'retag' && num !== undefined) setRecordingTags(db, num, ['fog', 'xyz']);
  else if (step.kind === 'fail' && num !== undefined) setRecordingStatus(db, num, 'failed', []);
  else if (step.kind === 'prune') pruneRecordings(db, nowS - 90 * DAY);
}

describe('remembered searches answer what cold searches answer', () => {
  it('over generated searches, writes and clock moves, on the writing and a reading connection', () => {
    const workerLike: SearchStore = {
      statements: new StatementCache(reader),
      cameraPoints: () => world.cameraPoints(),
    };
    fc.assert(
      fc.property(
        fc.array(SEARCH, { minLength: 4, maxLength: 4 }),
        fc.array(STEP, { minLength: 5, maxLength: 40 }),
        (searches, steps) => {
          let nowS = START_S;
          for (const step of steps) {
            if (step.kind === 'wait') nowS += step.s;
            else if (step.kind !== 'search') write(step, nowS);
            else {
              const search = searches[step.which]!;
              const params = bag({ ...search.p, ...step.page });
              const cold: SearchStore = {
                statements: new StatementCache(world.db),
                cameraPoints: () => world.cameraPoints(),
              };
              const expected = answer(cold, search.base, params, nowS);
              expect(answer(world, search.base, params, nowS)).toBe(expected);
              expect(answer(workerLike, search.base, params, nowS)).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});

describe('the clock moving past expiry cutoffs', () => {
  it('drops remembered matches that expired, with no write in between', () => {
    const later = START_S + 30 * DAY;
    for (const [base, params] of [
      ['/v1/recordings', { limit: '100' }],
      ['/v1/recordings', { q: 'storm', sort: 'start' }],
      ['/v1/alerts', { limit: '100' }],
      ['/v1/collections', {}],
    ] as const) {
      const fresh = (): SearchStore => ({
        statements: new StatementCache(world.db),
        cameraPoints: () => world.cameraPoints(),
      });
      const warm = fresh();
      for (const nowS of [START_S, START_S + 1, later, START_S])
        expect(answer(warm, base, bag(params), nowS)).toBe(
          answer(fresh(), base, bag(params), nowS),
        );
    }
  });
});

describe('malformed and huge text queries', () => {
  const QUERIES = [
    'x'.repeat(501),
    '***',
    '"',
    'NEAR(a b)',
    'a OR b AND NOT c',
    ')(',
    '\u0000',
    '-',
  ];
  it('get a 400 in words or an answer, never another error', () => {
    for (const base of Object.keys(SEARCHES))
      for (const q of QUERIES) {
        const got = answer(world, base, bag({ q }), START_S);
        if (!got.startsWith('{')) expect(got).toMatch(/^400 q (is longer|needs at least)/);
      }
  });
});
