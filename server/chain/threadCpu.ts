/**
 * CPU time of one thread of this process, from Linux's /proc (a nice value and CPU time are per
 * thread there). The compile worker tells the API its thread id when it starts, so a compile's time
 * limit can count the compiler's own CPU instead of the wall clock: on a busy machine a thread of
 * low priority waits for the CPU, and that wait is not the contract's fault. Elsewhere (no /proc)
 * every function answers null and callers keep the wall clock.
 */
import fs from 'node:fs';

/** Linux's USER_HZ: the unit of utime and stime in /proc/<pid>/task/<tid>/stat (100 on every common build). */
const TICKS_PER_SECOND = 100;

/** The calling thread's id (the kernel's, as /proc names it), or null without /proc. */
export function ownThreadId(): number | null {
  try {
    const id = Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ', 1)[0]);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** CPU milliseconds (user + system) thread `tid` of this process has used, or null (ended, no /proc). */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis start at field 3 (state); utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
