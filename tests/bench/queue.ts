/**
 * bench:queue: one batch of many recordings through the download engine, the way "Download all
 * N results" and `roadcam download --query` queue it, at two sizes (10,000 and 50,000 by
 * default), each in a process of its own. The service runs in a child process (its memory is not
 * the engine's), on a world of short recordings added for the run
 * (ServiceControl.seedRecordings). The measured process (queue-run.ts) holds the engine only (not
 * the service, not the test helpers), built as the app ships it (lib/bundle-for-bench.ts), from
 * this checkout or, with BENCH_BASELINE=DIR, from another one beside it: the same bench, two
 * engines, alternated. Prints, for each run:
 * - the time to queue them all (search every page, plan the names, insert the items), and the
 *   longest the main process's event loop waited meanwhile (what a window would feel);
 * - the engine's memory: the process's peak RSS (the kernel's high-water mark), the heap per
 *   queued item beyond the base;
 * - files per second near the start (items 100-300) and near the end (the last 10%);
 * - a restart half-way: the time from opening the queue again to the next finished file;
 * then the peak RSS of every size, the largest size's over the smallest's, and the load.
 * Targets: queue < 10 s, peak RSS < 150 MB and flat in the items (50,000 within 10% of 10,000),
 * < 5 KB per item, throughput at the end no worse than at the start, restart < 5 s.
 *
 *   npm run bench:queue                                 # 10,000 then 50,000 jpg files
 *   BENCH_QUEUE_ITEMS=2000 npm run bench:queue -- --concurrency 8
 *   BENCH_BASELINE=/work/wt/base npm run bench:queue    # the engine of another checkout too
 *   BENCH_ROUNDS=3                                      # each run 3 times, medians
 *   BENCH_TRACE=1 npm run bench:queue                   # memory every second as it runs
 *   BENCH_SNAPSHOT=/tmp/snaps                           # heap snapshots, queued and done
 */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleForBench } from './lib/bundle-for-bench.ts';
import { MachineLoad, ratioLine } from './lib/machine-load.ts';
import { forkRecordingsService, serveRecordings } from './recordings-service.ts';

const TAG = 'queuebench';
const NOW = '2026-11-21T12:00:00Z';
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
    serve: { type: 'boolean', default: false },
  },
});

if (values.serve) {
  // The child: the service, with the run's recordings, until the parent ends.
  await serveRecordings(Number(values.items), TAG, NOW);
} else {
  await compare();
}

/** One measured process per size and engine, alternated; the summary with the load. */
async function compare(): Promise<void> {
  const load = new MachineLoad();
  const sizes = (process.env['BENCH_QUEUE_ITEMS'] ?? '10000,50000').split(',').map(Number);
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 1);
  const here = resolve(dirname(import.meta.filename), '../..');
  const baseline = process.env['BENCH_BASELINE'];
  const engines = baseline ? { new: here, old: resolve(baseline) } : { new: here };
  const scripts = new Map<string, string>();
  for (const [name, root] of Object.entries(engines)) {
    scripts.set(name, await bundleForBench(join(here, 'tests/bench/queue-run.ts'), root));
  }
  const peaks = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = Object.entries(engines);
    if (round % 2 === 1) order.reverse();
    for (const size of sizes) {
      for (const [name, root] of order) {
        console.log(`-- ${name} engine (${root}), ${size} items, round ${round + 1} of ${rounds}`);
        const peak = await measuredRun(scripts.get(name)!, size);
        peaks.set(`${name} ${size}`, [...(peaks.get(`${name} ${size}`) ?? []), peak]);
      }
    }
  }
  console.log('\nsummary (peak RSS of the measured process, median of the rounds):');
  for (const name of Object.keys(engines)) {
    const of = (size: number) => median(peaks.get(`${name} ${size}`)!);
    console.log(`  ${name} engine: ${sizes.map((n) => `${n} items ${of(n)} MB`).join(', ')}`);
    const [small, large] = [sizes[0]!, sizes.at(-1)!];
    if (large !== small) {
      console.log(
        `  ${ratioLine(`${name} engine, ${large} over ${small}`, of(large), of(small), 1.1)}`,
      );
    }
  }
  console.log(load.line());
}

/**
 * Runs `script` (queue-run.ts built with an engine) for `size` items, against a service of its
 * own; resolves with its peak RSS in MB.
 */
async function measuredRun(script: string, size: number): Promise<number> {
  const service = await forkRecordingsService(import.meta.filename, size);
  const args = ['--expose-gc', script, '--items', String(size), '--tag', TAG];
  args.push('--concurrency', values.concurrency, '--url', service.url);
  const { id: clientId, secret: clientSecret } = service.client;
  const child = spawn(process.execPath, args, {
    env: { ...process.env, BENCH_QUEUE_CLIENT: JSON.stringify({ clientId, clientSecret }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A bound far above any run seen (50,000 files at 50 a second is 17 minutes).
  const timer = setTimeout(() => child.kill(), 60 * 60_000);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    out += chunk.toString();
  });
  return new Promise((done, fail) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      service.stop();
      const peak = /peak RSS (\d+) MB/.exec(out)?.[1];
      if (code === 0 && peak) done(Number(peak));
      else fail(new Error(`the run of ${size} items (${script}) ended with ${code}, no peak RSS`));
    });
  });
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
