import { readFileSync } from 'node:fs';

/**
 * CPU time a process has used so far, in µs, from /proc (Linux reports it in USER_HZ, 100 per
 * second), all its threads. Less noisy than throughput on a shared machine: it is what a request
 * costs, not how long it waited. NaN where /proc is missing.
 */
export function cpuMicros(pid: number | 'self' | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return (utime! + stime!) * 10_000;
  } catch {
    return Number.NaN;
  }
}
