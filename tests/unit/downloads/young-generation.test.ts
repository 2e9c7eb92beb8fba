/**
 * holdYoungGeneration: in a process of its own (V8's flags are process-wide), a workload that
 * keeps a little of what it allocates alive across collections, as a batch's transfers do,
 * calling it after each step as the engine does after each file. Left alone, V8 doubles the
 * young generation again and again; held, it grows to about YOUNG_MB and stops there.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { YOUNG_MB } from '../../../src/engine/downloads/young-generation.ts';

const MODULE = resolve(import.meta.dirname, '../../../src/engine/downloads/young-generation.ts');

/** The young generation's largest size during the workload, in MB. */
async function largestYoungGeneration(hold: boolean): Promise<number> {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { holdYoungGeneration } from ${JSON.stringify(MODULE)};
    const young = () =>
      getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
    const kept = [];
    let most = young();
    // Small steps, each far less than the young generation: a file's worth between two calls.
    for (let step = 0; step < 2500; step++) {
      kept.push(Array.from({ length: 2000 }, (_, i) => ({ i, text: 'item ' + i })));
      if (kept.length > 80) kept.shift();
      await new Promise((next) => setImmediate(next));
      if (${hold}) holdYoungGeneration();
      most = Math.max(most, young());
    }
    console.log(most);
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', script],
    { timeout: 60_000 },
  );
  return Number(stdout);
}

describe('holdYoungGeneration', () => {
  // Two processes of a few seconds each; bounded by execFile's own minute.
  it('lets the young generation grow to its size and no further', { timeout: 90_000 }, async () => {
    const [free, held] = await Promise.all([
      largestYoungGeneration(false),
      largestYoungGeneration(true),
    ]);
    // The workload does make V8 grow it far past the size (else this test could not fail)...
    expect(free).toBeGreaterThan(YOUNG_MB * 2);
    // ...and held, it grows to half the size at least (not stuck small) and never doubles past
    // it. V8 still adds pages of its own beyond the size, more on a busy machine (17.75 and
    // 20.75 MB seen against 16 on a quiet one), so the bound is the next doubling, which the
    // hold is there to prevent; left alone the same workload reaches 128 MB.
    expect(held).toBeGreaterThanOrEqual(YOUNG_MB / 2);
    expect(held).toBeLessThan(YOUNG_MB * 2);
  });
});
