/**
 * Whether a task may put a second core to work right now: inside one task two threads only pay when
 * the other core would otherwise sit idle. On a full machine (other tasks, other processes) a helper
 * thread only takes time from them and the task finishes no sooner, so it is asked for per step.
 *
 * The test is the machine's runnable threads at this moment (Linux /proc/loadavg, fourth field): this
 * task's own thread is one of them, and a core is spare while the others leave one free. Where that
 * file is missing, the one-minute load average stands in. `KILN_SPARE_CORE` overrides the test:
 * `never` (one thread per task always) or `always` (tests, benchmarks).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export type SpareCorePolicy = 'auto' | 'always' | 'never';

export const SPARE_CORE_DEFAULTS = {
  /** auto: measure; always / never: fixed (KILN_SPARE_CORE sets it per process). */
  policy: 'auto' as SpareCorePolicy,
  /** Runnable threads besides this task's own that still leave a core free, per core beyond the first. */
  othersPerSpareCore: 1,
};

function runnableNow(): number | undefined {
  try {
    const field = readFileSync('/proc/loadavg', 'utf8').split(' ')[3];
    const running = Number(field?.split('/')[0]);
    return Number.isFinite(running) ? running : undefined;
  } catch {
    return undefined;
  }
}

function policyFromEnv(): SpareCorePolicy | undefined {
  const value = process.env.KILN_SPARE_CORE?.trim().toLowerCase();
  return value === 'always' || value === 'never' || value === 'auto' ? value : undefined;
}

/** True when a second thread of this task would run on an otherwise idle core. */
export function spareCoreFree(policy: SpareCorePolicy = policyFromEnv() ?? SPARE_CORE_DEFAULTS.policy): boolean {
  if (policy !== 'auto') return policy === 'always';
  const cores = availableParallelism();
  if (cores < 2) return false;
  // The reading counts this task's thread (the one asking) among the runnable ones.
  const others = (runnableNow() ?? loadavg()[0]) - 1;
  return others < (cores - 1) * SPARE_CORE_DEFAULTS.othersPerSpareCore;
}
