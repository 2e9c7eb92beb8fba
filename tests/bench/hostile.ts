/**
 * bench:hostile: the `roadcam` command against a hostile service (tests/helpers/hostile-peer.ts),
 * one misbehaviour at a time: how long until it ends with an error in words, and the peak
 * memory of its process. Targets: under 60 s for an answer past its cap, under twice the
 * answer deadline for a trickle or silence, under 400 MB always.
 *
 *   npm run bench:hostile                    # every case
 *   npm run bench:hostile -- --deadline 20   # a shorter answer deadline (seconds)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  EMPTY_SEARCH,
  endless,
  errorPage,
  gzipBomb,
  polite,
  silent,
  startHostilePeer,
  TOKEN,
  trickle,
  type Behaviour,
  type HostilePeer,
} from '../helpers/hostile-peer.ts';

const { values } = parseArgs({
  options: { deadline: { type: 'string' }, 'give-up': { type: 'string', default: '600' } },
});
const giveUpMs = Number(values['give-up']) * 1000;

interface Case {
  name: string;
  token: Behaviour;
  answers: Behaviour;
  /** What the error must say. */
  says: RegExp;
}

const fine = polite(TOKEN);
const byteEvery5s = (body: string) => trickle({ everyMs: 5_000, total: body.length });

const CASES: Case[] = [
  {
    name: 'search: 2 MB of gzip that decodes to 2 GB',
    token: fine,
    answers: gzipBomb(2048),
    says: /more than 64 MB/,
  },
  { name: 'search: JSON that never ends', token: fine, answers: endless(), says: /more than/ },
  {
    name: 'search: one byte every 5 s',
    token: fine,
    answers: byteEvery5s(EMPTY_SEARCH),
    says: /within|deadline/,
  },
  { name: 'search: no answer at all', token: fine, answers: silent, says: /within|deadline/ },
  {
    name: 'token: one byte every 5 s',
    token: byteEvery5s(TOKEN),
    answers: polite(EMPTY_SEARCH),
    says: /within|deadline/,
  },
  {
    name: 'search: 502 with 5 MB of HTML comments',
    token: fine,
    answers: errorPage(5),
    says: /Bad gateway/,
  },
];

/** Prints the process's peak memory as it exits (loaded into the command with --import). */
const probe = join(mkdtempSync(join(tmpdir(), 'roadcam-hostile-')), 'peak.mjs');
writeFileSync(
  probe,
  `import { peakRssKb } from ${JSON.stringify(join(import.meta.dirname, 'lib', 'peak-rss.ts'))};\n` +
    "process.on('exit', () => process.stderr.write(`\\nPEAK_RSS ${peakRssKb()}\\n`));\n",
);

interface Outcome {
  ms: number;
  code: number | null;
  peakMB: number | null;
  said: string;
}

function runCli(peer: HostilePeer, dataDir: string): Promise<Outcome> {
  const args = [resolve('bin/roadcam.mjs'), '--base-url', peer.url, '--client-id', 'bench'];
  if (values.deadline) args.push('--answer-deadline', values.deadline);
  args.push('cameras', 'search', '--limit', '2');
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        ROADCAM_DATA_DIR: dataDir,
        ROADCAM_CLIENT_SECRET: 'bench-secret',
        NODE_OPTIONS: `--import ${probe}`,
      },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const giveUp = setTimeout(() => child.kill('SIGKILL'), giveUpMs);
    child.on('close', (code) => {
      clearTimeout(giveUp);
      const peak = /PEAK_RSS (\d+)/.exec(stderr);
      done({
        ms: performance.now() - started,
        code,
        peakMB: peak ? Math.round(Number(peak[1]) / 1024) : null,
        said:
          stderr
            .replace(/\n?PEAK_RSS \d+\n?/, '')
            .trim()
            .split('\n')[0] ?? '',
      });
    });
  });
}

console.log(
  `bench:hostile: the CLI against a hostile service; answer deadline ${values.deadline ?? 'default'}; ` +
    `a command still running after ${giveUpMs / 1000} s is killed`,
);
const rows: string[] = [];
for (const c of CASES) {
  const peer = await startHostilePeer();
  peer.token = c.token;
  peer.others = c.answers;
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-hostile-data-'));
  try {
    const o = await runCli(peer, dataDir);
    const killed = o.code === null;
    const ok = !killed && o.code !== 0 && c.says.test(o.said);
    const row =
      `| ${c.name} | ${killed ? `killed after ${giveUpMs / 1000} s` : `${(o.ms / 1000).toFixed(1)} s`} ` +
      `| ${o.peakMB ?? '?'} MB | ${o.code ?? 'killed'} | ${ok ? '' : 'NOT AS EXPECTED: '}${o.said.slice(0, 160)} |`;
    rows.push(row);
    console.log(row);
  } finally {
    await peer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log('\n| Case | Time to the error | Peak memory | Exit | What it said |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
rmSync(join(probe, '..'), { recursive: true, force: true });
