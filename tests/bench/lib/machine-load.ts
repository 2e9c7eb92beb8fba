/**
 * The machine's load, said the same way by every benchmark. Figures for docs/benchmarks.md come
 * from quiet runs only. A benchmark that downloads at full speed or plays 25 videos keeps both
 * cores busy itself, so the load average at its end says more about the benchmark than about
 * the machine. Quiet therefore means: a one-minute load average of at most 2 when the run
 * starts (nothing else was running), and, over the run, at most a fifth of a core used by
 * processes outside the benchmark's own tree (its children: the engine, the service, Chromium,
 * ffmpeg, and their children even when orphaned), counted from the kernel's CPU times (/proc/stat
 * against /proc/PID/stat). The kernel's interrupts and threads are not "other processes": they
 * serve the benchmark's own traffic and writes. Where /proc is not there, the old rule holds: the load at the start and at the end, each at most 2.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** Above this one-minute load average at the start a run is noisy. */
const QUIET_LOAD = 2;
/** Above this much CPU (in cores, on average over the run) used by other processes, noisy. */
const QUIET_OTHERS = 0.2;
/** The kernel's clock ticks a second (USER_HZ), the unit of /proc's CPU times on Linux. */
const TICKS = 100;

/** The one-, five- and fifteen-minute load averages, rounded to a tenth. */
function loadNow(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

/**
 * CPU ticks the whole machine spent busy in processes (not idle, not waiting for the disk), and
 * taken by the hypervisor for other machines (steal). Interrupts are left out, as the kernel's
 * own threads are (ProcessTree): they work for whoever moves bytes through them, on a quiet
 * machine the benchmark itself (its loopback traffic, its downloads' writes and fsyncs).
 */
function machineBusy(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [user, nice, system, , , , , steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return user! + nice! + system! + (steal ?? 0);
  } catch {
    return null;
  }
}

/** How often the benchmark's own processes are looked at (see ProcessTree). */
const TREE_SAMPLE_MS = 1000;

/** One process as the tree last saw it. */
interface Seen {
  /** Its own user and system ticks when first seen (0 when it started after the first look). */
  first: number;
  last: number;
  /** The same for its "children" fields: the times of the children it has waited for. */
  reapedFirst: number;
  reapedLast: number;
  /** The key of its parent when last seen, to tell a child reaped by the tree from an orphan. */
  parent: string | undefined;
}

/**
 * CPU ticks used by this process and its descendants since the tree was first looked at. The
 * tree is looked at every second. A child that a process of the tree waits for (a benchmark's
 * curl, sync or engine run, Node's child_process) adds its whole time to that parent's
 * "children" fields when it is reaped, however short its life: those fields are counted, and a
 * child seen before it was reaped stops counting on its own then, so nothing counts twice. A
 * process's parent may also end before it without reaping it (Chromium's zygote and renderers
 * when the browser closes), so its time never reaches a parent's "children" fields: each
 * process seen in the tree keeps the ticks it had when last seen and stays counted after its
 * parent has gone. Only an orphan's last second can escape.
 */
export class ProcessTree {
  /** "pid start-time" -> the process's ticks, for processes of the tree. */
  private readonly seen = new Map<string, Seen>();
  /** The same for the kernel's threads (kthreadd, pid 2, and its children). */
  private readonly kernel = new Map<string, Seen>();
  private looks = 0;
  /** The process whose descendants are counted. */
  private readonly root: number;

  /** `root`: this process unless said. */
  constructor(root = process.pid) {
    this.root = root;
    this.look();
    setInterval(() => this.look(), TREE_SAMPLE_MS).unref();
  }

  /** Ticks the tree has used since it was first looked at. */
  ticks(): number {
    this.look();
    return used(this.seen);
  }

  /** Ticks the kernel's threads have used since then (as of the last look). */
  kernelTicks(): number {
    return used(this.kernel);
  }

  private look(): void {
    const parents = new Map<number, number>();
    const stats = new Map<number, { key: string; ticks: number; reaped: number }>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // The command name, in parentheses, may hold spaces: the fields start after its end.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pid = Number(name);
        parents.set(pid, Number(fields[1]));
        // utime, stime, cutime and cstime (fields 14 to 17 of proc(5)); the start time (22)
        // tells a reused pid.
        const ticks = Number(fields[11]) + Number(fields[12]);
        const reaped = Number(fields[13]) + Number(fields[14]);
        stats.set(pid, { key: `${pid} ${fields[19]}`, ticks, reaped });
      } catch {
        // The process ended while the list was read.
      }
    }
    // In the tree: the root or a descendant of it, or of a process already counted as one.
    const inTree = (pid: number): boolean => {
      for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = parents.get(p), hops++) {
        if (p === this.root) return true;
        const key = stats.get(p)?.key;
        if (key !== undefined && this.seen.has(key)) return true;
      }
      return false;
    };
    const present = new Set<string>();
    for (const [pid, { key, ticks, reaped }] of stats) {
      present.add(key);
      const map = pid === 2 || parents.get(pid) === 2 ? this.kernel : this.seen;
      const parent = stats.get(parents.get(pid) ?? 0)?.key;
      const known = map.get(key);
      if (known) Object.assign(known, { last: ticks, reapedLast: reaped, parent });
      else if (map === this.kernel || inTree(pid)) {
        const later = this.looks > 0;
        map.set(key, {
          first: later ? 0 : ticks,
          last: ticks,
          reapedFirst: later ? 0 : reaped,
          reapedLast: reaped,
          parent,
        });
      }
    }
    // A process of the tree that has gone while its parent lives was reaped by that parent:
    // its whole time is now in the parent's "children" fields.
    for (const [key, gone] of this.seen) {
      if (!present.has(key) && gone.parent !== undefined && present.has(gone.parent)) {
        if (this.seen.has(gone.parent)) this.seen.delete(key);
      }
    }
    this.looks++;
  }
}

/** Ticks used by the processes of a map, and the children they reaped, since first seen. */
function used(map: ReadonlyMap<string, Seen>): number {
  let sum = 0;
  for (const p of map.values()) sum += p.last - p.first + p.reapedLast - p.reapedFirst;
  return sum;
}

interface CpuMark {
  at: number;
  busy: number;
  /** The benchmark's own ticks: its process tree's and the kernel's threads'. */
  tree: number;
}

function cpuMark(tree: ProcessTree | null): CpuMark | null {
  const busy = machineBusy();
  if (busy === null || !tree) return null;
  try {
    return { at: performance.now(), busy, tree: tree.ticks() + tree.kernelTicks() };
  } catch {
    return null;
  }
}

/** The benchmark's process tree, watched from the first MachineLoad on; null without /proc. */
function processTree(): ProcessTree | null {
  try {
    return new ProcessTree();
  } catch {
    return null;
  }
}

/**
 * Watches the machine from a benchmark's start to its end; `line()` says the load at both ends,
 * the CPU other processes used meanwhile, and whether the run was quiet.
 */
export class MachineLoad {
  private readonly atStart = loadavg()[0]!;
  private readonly startText = loadNow();
  private readonly tree = processTree();
  private readonly cpuAtStart = cpuMark(this.tree);

  /** Cores used on average by processes outside this benchmark since it started, if known. */
  others(): number | null {
    const now = cpuMark(this.tree);
    const start = this.cpuAtStart;
    if (!now || !start) return null;
    const seconds = (now.at - start.at) / 1000;
    if (seconds < 1) return null;
    const ticks = now.busy - start.busy - (now.tree - start.tree);
    return Math.max(0, ticks / TICKS / seconds);
  }

  /** True when nothing else ran: see the file's comment for the rule. */
  get quiet(): boolean {
    const others = this.others();
    if (others === null) return Math.max(this.atStart, loadavg()[0]!) <= QUIET_LOAD;
    return this.atStart <= QUIET_LOAD && others <= QUIET_OTHERS;
  }

  /**
   * "load average 0.8 1.1 1.3 at the start, 2.9 1.6 1.4 at the end (2 cores); other processes
   * 0.03 cores: quiet", or noisy with the reason.
   */
  line(): string {
    const others = this.others();
    const othersText =
      others === null ? '' : `; other processes used ${others.toFixed(2)} cores meanwhile`;
    const verdict = this.quiet
      ? 'quiet'
      : others === null
        ? `NOISY (one-minute load above ${QUIET_LOAD}): figures not for docs/benchmarks.md`
        : `NOISY (a load above ${QUIET_LOAD} at the start or other processes above ` +
          `${QUIET_OTHERS} cores): figures not for docs/benchmarks.md`;
    return (
      `load average ${this.startText} at the start, ${loadNow()} at the end ` +
      `(${cpus().length} cores)${othersText}: ${verdict}`
    );
  }
}

/** "1.07 x the durable floor (target <= 1.05): met" — a ratio with its mark, said in words. */
export function ratioLine(what: string, value: number, floor: number, target: number): string {
  const ratio = value / floor;
  const met = ratio <= target ? 'met' : 'NOT met';
  return `${what}: ${ratio.toFixed(2)} x (target <= ${target.toFixed(2)} x): ${met}`;
}
