/**
 * The benchmarks' quiet rule counts CPU used outside a benchmark's own processes. Chromium's
 * renderers outlive the zygote that started them when the browser closes, and nobody in the
 * benchmark's tree reaps them: their time never reaches a parent's "children" fields. Here a
 * process is left the same way (its parent exits without waiting for it) and then works: the
 * tree must still count its time as the benchmark's own. And a benchmark runs short children
 * (curl, sync, a command timed cold) that start, work and are reaped between two of the tree's
 * looks: their time must count too. (Linux: /proc.)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProcessTree } from '../../bench/lib/machine-load.ts';
import { waitFor } from '../../helpers/wait.ts';

/** CPU the orphan burns after its parent has gone, in ms of its own user and system time. */
const BURN_MS = 3000;

/** Whether a process has ended (gone, or a zombie nobody has reaped yet). */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

describe('the benchmark process tree', () => {
  it(
    "keeps counting a child's time after its parent exits without reaping it",
    { timeout: 120_000 },
    async () => {
      // The grandchild waits for its parent to end, then burns BURN_MS of CPU (not of wall
      // time: on a busy machine it takes longer, never less work).
      const burn =
        'const ppid = process.ppid; console.log("ready");' +
        'const wait = setInterval(() => { if (process.ppid === ppid) return; clearInterval(wait);' +
        ` while (process.cpuUsage().user + process.cpuUsage().system < ${BURN_MS * 1000}) {} }, 20);`;
      const parent = spawn(
        'sh',
        ['-c', `"$0" -e '${burn}' & echo $!; read line`, process.execPath],
        {
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => (out += chunk));
      // The child's pid (from the shell), then the child's word that it knows its parent.
      const pid = await waitFor(() => /^\d+\nready\n/.test(out) && parseInt(out, 10), {
        what: 'the parent shell to say its child pid and the child to start',
      });
      // The parent's tree (not this process's, which other test files may share), seen while
      // the parent lives; then the parent exits without waiting for its child.
      const tree = new ProcessTree(parent.pid);
      const before = tree.ticks();
      parent.stdin.end();
      await waitFor(() => ended(pid), {
        what: `the orphan ${pid} to burn its CPU and end`,
        timeoutMs: 100_000,
      });
      const counted = tree.ticks() - before;
      // Ticks are hundredths of a second; only the orphan's last second can escape (it is
      // looked at every second), so at least BURN_MS less a second of it is counted.
      expect(counted).toBeGreaterThanOrEqual((BURN_MS - 1000) / 10);
    },
  );

  it(
    'counts children that start, work and are reaped between two looks',
    { timeout: 120_000 },
    async () => {
      // Six children one after the other, each burning 250 ms of CPU, waited for by their
      // shell: each lives a fraction of the tree's second between looks.
      const burn = 'while (process.cpuUsage().user + process.cpuUsage().system < 250000) {}';
      const parent = spawn(
        'sh',
        [
          '-c',
          `read go; for i in 1 2 3 4 5 6; do "$0" -e '${burn}'; done; echo done; read end`,
          process.execPath,
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => (out += chunk));
      const tree = new ProcessTree(parent.pid);
      const before = tree.ticks();
      parent.stdin.write('go\n');
      await waitFor(() => out.includes('done'), {
        what: 'the shell to run its six short children',
        timeoutMs: 100_000,
      });
      const counted = tree.ticks() - before;
      parent.stdin.end();
      // 6 x 250 ms is 150 ticks; sampled once a second, children this short mostly escaped.
      expect(counted).toBeGreaterThanOrEqual(150);
    },
  );
});
