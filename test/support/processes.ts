import { readFileSync } from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the process is gone (the test's timeout bounds the wait). */
export async function exitOf(pid: number): Promise<void> {
  while (isRunning(pid)) await pause(100);
}

/** The direct children of a process (Linux: /proc/<pid>/task/<pid>/children). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
