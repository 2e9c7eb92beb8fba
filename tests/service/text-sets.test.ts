/**
 * A text filter's matches are read once per text and data version (text-sets.ts), not once per
 * box of a search split into boxes (the client's searchAll): the FTS index is read once for all
 * the boxes' first pages, a box's statements are driven from the box, and the answers are
 * those of the FTS subquery in every statement (TEXT_SETS off), on the writing connection, on
 * a read-only one and on a search worker's query_only one.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bbox } from '../../src/shared/geo.ts';
import { RequestError } from '../../src/service/http/errors.ts';
import type { ParamBag } from '../../src/service/http/params.ts';
import type { SearchStore } from '../../src/service/search/common.ts';
import { SEARCHES } from '../../src/service/search/registry.ts';
import { TEXT_SETS } from '../../src/service/search/text-sets.ts';
import { StatementCache, type Statement } from '../../src/service/store/db.ts';
import { insertRecording, setRecordingTags } from '../../src/service/store/recordings.ts';
import { World } from '../../src/service/world/world.ts';

const START_S = Date.parse('2026-11-21T12:00:00Z') / 1000;
const CAMERAS = 80;
/** Recordings of one tag: enough for many boxes of at most CEILING matches. */
const TAGGED = 480;
const CEILING = 40;

let dir: string;
let world: World;
let reader: Database.Database;
let worker: Database.Database;
let added = 0;

function addTagged(tag: string, n: number): void {
  world.db.transaction(() => {
    for (let i = 0; i < n; i++, added++)
      insertRecording(world.db, {
        id: `rec_text${String(added).padStart(6, '0')}`,
        cameraNum: 1 + (added % CAMERAS),
        status: added % 3 === 0 ? 'failed' : 'complete',
        duration: 10 + (added % 50),
        rate: 1,
        start: START_S - 3600 + added,
        stop: START_S - 3500 + added,
        tags: [tag],
        formats: ['jpg'],
        createdAt: START_S - (added % 7) * 86400,
      });
  })();
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'roadcam-text-sets-'));
  world = World.open({
    dataDir: dir,
    cameras: CAMERAS,
    hours: 1,
    defaults: { seed: 7, cameras: CAMERAS, hours: 1 },
    nowS: START_S,
    log: () => {},
  });
  addTagged('boxtag', TAGGED);
  reader = new Database(join(dir, 'service.sqlite'), { readonly: true });
  // As search-worker.ts opens its connection.
  worker = new Database(join(dir, 'service.sqlite'), { fileMustExist: true });
  worker.pragma('query_only = ON');
}, 60_000);

afterEach(() => {
  TEXT_SETS.enabled = true;
});

afterAll(() => {
  reader?.close();
  worker?.close();
  world?.db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A statement cache that counts the statements that read an FTS index, and keeps their SQL. */
class Counting extends StatementCache {
  matches = 0;
  readonly seen: string[] = [];

  override get(sql: string): Statement {
    if (/\bMATCH\b/.test(sql)) this.matches++;
    this.seen.push(sql);
    return super.get(sql);
  }
}

const store = (statements: StatementCache): SearchStore => ({
  statements,
  cameraPoints: () => world.cameraPoints(),
});

const bag = (o: Record<string, string | undefined>): ParamBag => {
  const b = Object.create(null) as ParamBag;
  for (const [k, v] of Object.entries(o)) if (v !== undefined) b[k] = v;
  return b;
};

/** The answer as JSON, or the 400's words. */
function answer(s: SearchStore, base: string, params: ParamBag): string {
  try {
    return JSON.stringify(SEARCHES[base]!(s, params, START_S));
  } catch (e) {
    if (e instanceof RequestError) return `${e.status} ${e.message}`;
    throw e;
  }
}

/** Two halves along the longer side, as the client's searchAll splits (engine/api/paging.ts). */
function halve([w, s, e, n]: Bbox): [Bbox, Bbox] {
  if (e - w >= n - s) {
    const m = (w + e) / 2;
    return [
      [w, s, m, n],
      [m, s, e, n],
    ];
  }
  const m = (s + n) / 2;
  return [
    [w, s, e, m],
    [w, m, e, n],
  ];
}

/**
 * The first page of every box a split of the world opens, as searchAll opens them: a box of
 * more than `ceiling` matches is halved. The answers in the order asked.
 */
function boxFirstPages(
  s: SearchStore,
  base: string,
  params: Record<string, string>,
  ceiling = CEILING,
  depthMax = 12,
): string[] {
  const out: string[] = [];
  const visit = (box: Bbox, depth: number): void => {
    const text = answer(s, base, bag({ ...params, bbox: box.join(','), limit: '10' }));
    out.push(text);
    const total = text.startsWith('{')
      ? (JSON.parse(text) as { properties: { total: number } }).properties.total
      : 0;
    if (total > ceiling && depth < depthMax) for (const half of halve(box)) visit(half, depth + 1);
  };
  visit([-180, -90, 180, 90], 0);
  return out;
}

describe('a search split into boxes', () => {
  it('reads the text filter once for all the boxes, and again after a write', () => {
    const counting = new Counting(world.db);
    const s = store(counting);
    const params = { q: 'boxtag', aggs: 'status' };
    const first = boxFirstPages(s, '/v1/recordings', params);
    expect(first.length).toBeGreaterThan(8);
    // The FTS subquery in each box's count, ids and aggregation read it 3 times a box.
    expect(counting.matches).toBe(1);
    expect(boxFirstPages(s, '/v1/recordings', params)).toEqual(first);
    expect(counting.matches).toBe(1);
    addTagged('boxtag', 1);
    boxFirstPages(s, '/v1/recordings', params);
    expect(counting.matches).toBe(2);
  });

  it("drives a box's statements from the box, not from the text's matches", () => {
    const counting = new Counting(world.db);
    boxFirstPages(store(counting), '/v1/recordings', { q: 'boxtag', aggs: 'tags' });
    const probing = [...new Set(counting.seen)].filter((sql) =>
      /\+r\.num IN \(SELECT num FROM temp\.roadcam_text_\d+\)/.test(sql),
    );
    expect(probing.length).toBeGreaterThan(0);
    for (const sql of probing) {
      const marks = sql.match(/\?/g)?.length ?? 0;
      const plan = world.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...Array<null>(marks).fill(null)) as { detail: string }[];
      const details = plan.map((p) => p.detail).join('\n');
      // The recordings are found by their camera, a camera in the box (the R*Tree), and each
      // is looked up in the set itself: the set is not copied for the statement.
      expect(details).toMatch(/SEARCH r USING (COVERING )?INDEX recordings_camera/);
      expect(details).toMatch(/USING ROWID SEARCH ON TABLE roadcam_text_\d+ FOR IN-OPERATOR/);
      expect(details).not.toMatch(/SCAN (temp\.)?roadcam_text/);
    }
  });

  it("works on a search worker's query_only connection, which stays query_only", () => {
    const s = store(new Counting(worker));
    const lines = boxFirstPages(s, '/v1/recordings', { q: 'boxtag' });
    TEXT_SETS.enabled = false;
    expect(
      boxFirstPages(store(new StatementCache(world.db)), '/v1/recordings', { q: 'boxtag' }),
    ).toEqual(lines);
    expect(() => worker.prepare('CREATE TEMP TABLE refused (x)').run()).toThrow(/readonly/);
  });
});

const WORDS = ['boxtag', 'storm', 'snow', 'fog', 'co', 'den', 'xyz', 'i 70'];

const SEARCH = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      base: fc.constant('/v1/recordings'),
      p: fc.record({
        q: fc.constantFrom('boxtag', 'storm', 'fog xyz', 'co'),
        status: fc.option(fc.constantFrom('complete', 'failed,submitted'), { nil: undefined }),
        sort: fc.option(fc.constantFrom('start', 'duration', 'city', 'status'), {
          nil: undefined,
        }),
        sort_dir: fc.option(fc.constant('desc'), { nil: undefined }),
        aggs: fc.option(fc.constantFrom('tags', 'status,camera_id'), { nil: undefined }),
      }),
    }),
  },
  fc.record({
    base: fc.constantFrom('/v1/cameras', '/v1/alerts', '/v1/observations'),
    p: fc.record({ q: fc.constantFrom(...WORDS) }),
  }),
);

describe('answers with the text sets', () => {
  it('are those of the FTS subquery, box by box, on every kind of connection', () => {
    fc.assert(
      fc.property(
        fc.array(SEARCH, { minLength: 1, maxLength: 2 }),
        fc.option(fc.constantFrom('add', 'retag'), { nil: undefined }),
        fc.integer({ min: 8, max: 200 }),
        (searches, write, ceiling) => {
          if (write === 'add') addTagged('boxtag', 3);
          if (write === 'retag') setRecordingTags(world.db, 1 + (added % TAGGED), ['fog', 'xyz']);
          for (const { base, p } of searches) {
            const params = Object.fromEntries(
              Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined),
            );
            TEXT_SETS.enabled = false;
            const old = boxFirstPages(
              store(new StatementCache(world.db)),
              base,
              params,
              ceiling,
              6,
            );
            TEXT_SETS.enabled = true;
            for (const db of [world.db, reader, worker])
              expect(
                boxFirstPages(store(new StatementCache(db)), base, params, ceiling, 6),
              ).toEqual(old);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
