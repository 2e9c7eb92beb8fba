/**
 * The benchmarks report a child's peak RSS. On Linux a spawned child's `maxRSS` includes the
 * copy of its parent it was before its exec, so a small child of a large parent (a bench holding
 * its service) read as large as the parent. peakRssKb reads the child's own high-water mark.
 * (Linux: /proc.)
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const PARENT_MB = 300;
const helper = join(import.meta.dirname, '../../bench/lib/peak-rss.ts');

describe('a child process peak RSS', () => {
  it("is the child's own, not the size of the parent that spawned it", async () => {
    // This process is made at least PARENT_MB resident (every page written) before the spawn.
    const ballast = Buffer.alloc(PARENT_MB * 1024 * 1024, 1);
    const code =
      `import { peakRssKb } from ${JSON.stringify(helper)};` +
      'console.log(JSON.stringify({ own: peakRssKb(), maxRss: process.resourceUsage().maxRSS }));';
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      code,
    ]);
    expect(ballast.at(-1)).toBe(1);
    const child = JSON.parse(stdout) as { own: number; maxRss: number };
    // maxRSS carries the parent (which is what made the old figures wrong)...
    expect(child.maxRss / 1024).toBeGreaterThan(PARENT_MB);
    // ...the child's own high-water mark is a bare Node process: far less than the parent.
    expect(child.own / 1024).toBeGreaterThan(10);
    expect(child.own / 1024).toBeLessThan(PARENT_MB / 2);
  });
});
