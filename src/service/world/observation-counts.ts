/**
 * Keeps `observation_counts` (migration 0030) in step with `observations`: rows written by
 * insertObservations are tallied as they are generated (the whole history at first start
 * costs no second pass), rows about to be deleted or replaced are subtracted with one
 * grouped query over their time range.
 */
import type { StoreDb } from '../store/db.ts';

/** Sensor values lie in -10..10: five bits each, offset by 16; a missing previous value is 0. */
export const COUNT_CODE_SQL =
  '((rw + 16) + (vis + 16) * 32 + (pr + 16) * 1024 + (ifnull(prev_rw, -16) + 16) * 32768 + (ifnull(prev_vis, -16) + 16) * 1048576 + (ifnull(prev_pr, -16) + 16) * 33554432)';

export function countCode(
  rw: number,
  vis: number,
  pr: number,
  prevRw: number | null,
  prevVis: number | null,
  prevPr: number | null,
): number {
  return (
    rw +
    16 +
    (vis + 16) * 32 +
    (pr + 16) * 1024 +
    ((prevRw ?? -16) + 16) * 32768 +
    ((prevVis ?? -16) + 16) * 1048576 +
    ((prevPr ?? -16) + 16) * 33554432
  );
}

interface Combination {
  values: [number, number, number, number | null, number | null, number | null];
  n: number;
}

const UPSERT = `INSERT INTO observation_counts (camera, code, rw, vis, pr, prev_rw, prev_vis, prev_pr, n)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (camera, code) DO UPDATE SET n = n + excluded.n`;

/** Counts the observations of one camera as they are written; flushed per camera. */
export class CountTally {
  readonly #combos = new Map<number, Combination>();

  add(
    rw: number,
    vis: number,
    pr: number,
    prevRw: number | null,
    prevVis: number | null,
    prevPr: number | null,
  ): void {
    const code = countCode(rw, vis, pr, prevRw, prevVis, prevPr);
    const c = this.#combos.get(code);
    if (c) c.n++;
    else this.#combos.set(code, { values: [rw, vis, pr, prevRw, prevVis, prevPr], n: 1 });
  }

  /** Adds the tallied counts of `camera` to the table and starts over. */
  flush(db: StoreDb, camera: number): void {
    const upsert = db.prepare(UPSERT);
    for (const [code, c] of this.#combos) upsert.run(camera, code, ...c.values, c.n);
    this.#combos.clear();
  }
}

/** Subtracts the observations with fromT <= time <= toT (call before deleting them). */
export function subtractCounts(db: StoreDb, fromT: number, toT: number): void {
  const { changes } = db
    .prepare(
      `INSERT INTO observation_counts (camera, code, rw, vis, pr, prev_rw, prev_vis, prev_pr, n)
     SELECT camera, ${COUNT_CODE_SQL}, rw, vis, pr, prev_rw, prev_vis, prev_pr, -COUNT(*)
     FROM observations WHERE time BETWEEN ? AND ? GROUP BY camera, 2
     ON CONFLICT (camera, code) DO UPDATE SET n = n + excluded.n`,
    )
    .run(fromT, toT);
  // A combination no longer seen must disappear: aggregations would list it with 0.
  if (changes > 0) db.prepare('DELETE FROM observation_counts WHERE n <= 0').run();
}
