/**
 * `BENCH_DOWNLOADS_PROFILE=1 npm run bench:downloads`: the engine's measured runs are profiled
 * (downloads-engine.ts writes a .cpuprofile each) and the functions with the most self time
 * over all of them are printed, so that the next cost to cut is read, not guessed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = resolve(import.meta.dirname, '../..');

/** "name (file:line)", with the file relative to the project (or node's own `node:` name). */
function place(frame: ProfileNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url.startsWith('file://')
    ? relative(root, new URL(frame.url).pathname)
    : frame.url;
  return `${name} (${file}:${frame.lineNumber + 1})`;
}

/** Self time in ms per function over every profile in `dir`, with the profiles' total. */
function selfTimes(dir: string): { byPlace: Map<string, number>; totalMs: number } {
  const byPlace = new Map<string, number>();
  let totalMs = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const placeOf = new Map(profile.nodes.map((n) => [n.id, place(n.callFrame)]));
    profile.samples.forEach((nodeId, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const at = placeOf.get(nodeId) ?? '(unknown)';
      byPlace.set(at, (byPlace.get(at) ?? 0) + ms);
      totalMs += ms;
    });
  }
  return { byPlace, totalMs };
}

/** The `count` functions with the most self time, one line each, busiest first. */
export function topSelfTime(dir: string, count = 20): string[] {
  const { byPlace, totalMs } = selfTimes(dir);
  // The profiler's own start and stop (node:inspector) are not the engine's work.
  const busy = [...byPlace].filter(([at]) => at !== '(idle)' && !at.includes('node:inspector'));
  const busyMs = busy.reduce((sum, [, ms]) => sum + ms, 0);
  const lines = [
    `engine CPU profile: ${busyMs.toFixed(0)} ms busy of ${totalMs.toFixed(0)} ms sampled`,
  ];
  for (const [at, ms] of busy.sort((a, b) => b[1] - a[1]).slice(0, count)) {
    lines.push(
      `${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / busyMs).toFixed(1).padStart(5)}%  ${at}`,
    );
  }
  return lines;
}
