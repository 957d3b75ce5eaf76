// Worker threads that work alongside the built-in engine (writing the input files, parsing the
// outputs) yield the CPU to it: the engine's threads meet once per simulated day, so one of
// them preempted delays them all, while these threads' work can wait for a free core.
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/** Lowers the calling thread's scheduling priority (Linux: a thread's id from /proc/thread-self;
 * elsewhere, or when refused, nothing changes). */
export function yieldToEngine(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
  } catch {
    /* not Linux, or not allowed: the thread keeps the process's priority */
  }
}
