/** Wall time per pipeline stage, kept in the task notes so slow stages show up in the task record. */
export interface StageTimer {
  /** Milliseconds per stage name, in the order the stages ended. */
  timings: Record<string, number>;
  /** Ends the current stage under `name` and starts the next one. */
  lap(name: string): void;
}

export function stageTimer(): StageTimer {
  const timings: Record<string, number> = {};
  let clock = performance.now();
  return {
    timings,
    lap(name) {
      const now = performance.now();
      timings[name] = Math.round(now - clock);
      clock = now;
    },
  };
}
