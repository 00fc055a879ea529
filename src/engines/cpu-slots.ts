/**
 * The cores a process's engine runs share, counted live across its engine threads, so a run can add a
 * helper thread (bake tiles: geometry/ops/bake-tiles.ts; GrabCut starts: generate/image/photo/start-helper.ts) only while a core is free. The runner counts
 * each run while it lasts; a run that wants a helper takes a spare slot for just that step and gives it
 * back. When every core is busy with runs, nothing is taken and each run stays on its own thread, so
 * a full machine keeps its throughput. The count lives on a SharedArrayBuffer that travels with the run
 * to its thread.
 *
 * It sees one process: several `kiln worker` processes on one machine each count only their own runs,
 * so set KILN_HELPER_THREADS=0 there (docs/deploy.md).
 */
import { availableParallelism } from 'node:os';

export interface CpuSlots {
  /** [threads busy]: engine runs plus helpers taken. */
  busy: Int32Array;
  /** Threads the process may keep busy at once. */
  cores: number;
  /** Helper threads one run may take (0: never). */
  helpersPerRun: number;
}

export const CPU_SLOTS_DEFAULTS = {
  /** KILN_HELPER_THREADS: one helper per run while a core is free. */
  helpersPerRun: 1,
} as const;

export function createCpuSlots(
  helpersPerRun: number = CPU_SLOTS_DEFAULTS.helpersPerRun,
  cores: number = availableParallelism(),
): CpuSlots {
  return { busy: new Int32Array(new SharedArrayBuffer(4)), cores: Math.max(1, cores), helpersPerRun };
}

/** Counts one thread busy until the returned release is called (once). */
export function occupy(slots: CpuSlots): () => void {
  Atomics.add(slots.busy, 0, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    Atomics.sub(slots.busy, 0, 1);
  };
}

/** Whether a helper could be taken now (to start one ahead of the step that would use it). */
export function hasSpare(slots: CpuSlots | undefined): boolean {
  return slots !== undefined && slots.helpersPerRun > 0 && Atomics.load(slots.busy, 0) < slots.cores;
}

/**
 * Takes up to `wanted` (capped by helpersPerRun) free slots; returns how many it took and the release
 * that gives them back. Without slots (a run outside the runner: tests, benches) it takes none.
 */
export function takeSpare(slots: CpuSlots | undefined, wanted = 1): { helpers: number; release: () => void } {
  const none = { helpers: 0, release: () => {} };
  if (!slots) return none;
  const limit = Math.min(wanted, slots.helpersPerRun);
  let taken = 0;
  while (taken < limit) {
    const busy = Atomics.load(slots.busy, 0);
    if (busy >= slots.cores) break;
    if (Atomics.compareExchange(slots.busy, 0, busy, busy + 1) === busy) taken++;
  }
  if (taken === 0) return none;
  let released = false;
  return {
    helpers: taken,
    release: () => {
      if (released) return;
      released = true;
      Atomics.sub(slots.busy, 0, taken);
    },
  };
}
