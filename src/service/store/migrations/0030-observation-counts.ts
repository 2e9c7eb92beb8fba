/**
 * How many observations each camera has for each combination of sensor values (current and
 * previous): a search without time bounds counts its `total` and its sensor and place
 * aggregations here (about 25 rows a camera) instead of walking every observation of the
 * 48 h history (288 a camera). `code` packs the six values into one key, a missing previous
 * value included, so that the combination can be the primary key while the value columns keep
 * the same names and NULLs as in `observations` (the same WHERE works on both tables). Kept
 * in step with `observations` by the world (world/observation-counts.ts).
 *
 * The code expression is written out rather than imported from world/observation-counts.ts:
 * a migration is frozen text, and tests/service/service-migrations.test.ts checks that the live
 * COUNT_CODE_SQL still computes the same codes.
 */

export const sql = `
CREATE TABLE observation_counts (
  camera INTEGER NOT NULL,
  code INTEGER NOT NULL,
  rw INTEGER NOT NULL,
  vis INTEGER NOT NULL,
  pr INTEGER NOT NULL,
  prev_rw INTEGER,
  prev_vis INTEGER,
  prev_pr INTEGER,
  n INTEGER NOT NULL,
  PRIMARY KEY (camera, code)
) STRICT, WITHOUT ROWID;
INSERT INTO observation_counts (camera, code, rw, vis, pr, prev_rw, prev_vis, prev_pr, n)
  SELECT camera,
    ((rw + 16) + (vis + 16) * 32 + (pr + 16) * 1024 + (ifnull(prev_rw, -16) + 16) * 32768 + (ifnull(prev_vis, -16) + 16) * 1048576 + (ifnull(prev_pr, -16) + 16) * 33554432),
    rw, vis, pr, prev_rw, prev_vis, prev_pr, COUNT(*)
  FROM observations GROUP BY camera, 2;
`;
