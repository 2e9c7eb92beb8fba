/**
 * The process's own peak RSS: the kernel's high-water mark of its memory (VmHWM), in KB.
 *
 * Not `process.resourceUsage().maxRSS`: on Linux a spawned child is a copy of its parent until
 * it execs, and the kernel carries that copy's high-water mark into the child's maxRSS, so a
 * child's maxRSS is at least its parent's RSS at the spawn (a child of 41 MB under a parent of
 * 400 MB reads 405 MB). A bench's children are spawned by a process holding the service, so
 * maxRSS reported the parent. Where /proc is missing (not Linux), maxRSS is all there is.
 */
import { readFileSync } from 'node:fs';

export function peakRssKb(): number {
  let status: string;
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return process.resourceUsage().maxRSS;
  }
  const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!hwm) throw new Error('/proc/self/status has no VmHWM line: cannot read the peak RSS.');
  return Number(hwm[1]);
}
