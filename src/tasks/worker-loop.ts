/**
 * Queue consumers: each leases a job, runs its engine in a worker thread, and records the outcome.
 * Implementation follows in the next commit; this fixes the handle `startWorkers()` returns.
 */
export interface WorkerPool {
  /** Stops leasing, aborts nothing: waits for the running jobs to finish, then shuts the threads down. */
  stop(): Promise<void>;
  /** Resolves once no job is queued or running (tests). */
  idle(): Promise<void>;
}
