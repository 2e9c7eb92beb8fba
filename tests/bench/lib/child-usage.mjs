// Preloaded into a timed child (`node --import <this file>`): at its exit it writes its CPU time
// and peak RSS to BENCH_USAGE_FILE, which a parent cannot read from Node's child_process. CPU
// time moves far less with the machine's load than wall time does.
import { writeFileSync } from 'node:fs';
import { peakRssKb } from './peak-rss.ts';

process.on('exit', () => {
  const usage = process.resourceUsage();
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify({ cpuMs, maxRssKb: peakRssKb() }));
});
