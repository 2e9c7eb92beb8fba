/**
 * How many observations each camera has for each combination of sensor values (current and
 * previous): a search without time bounds counts its `total` and its sensor and place
 * aggregations here (about 25 rows a camera) instead of walking every observation of the
 * 48 h history (288 a camera). `code` packs the six values into one key, a missing previous
 * value included, so that the combination can be the primary key while the value columns keep
 * the same names and NULLs as in `observations` (the same WHERE works on both tables). Kept
 * in step with `observations` by the world (world/observation-counts.ts).
 */
import { COUNT_CODE_SQL } from '../../world/observation-counts.ts';

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
  SELECT camera, ${COUNT_CODE_SQL}, rw, vis, pr, prev_rw, prev_vis, prev_pr, COUNT(*)
  FROM observations GROUP BY camera, 2;
`;
