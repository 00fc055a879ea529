/** The periodic retention sweep: output (and input) files of tasks past their retention are removed. */
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { TaskService } from './types.ts';

/** Starts sweeping every config.sweepIntervalMs (first sweep right away); returns a stop function. */
export function startRetentionSweep(
  tasks: TaskService,
  config: Pick<Config, 'sweepIntervalMs'>,
  logger: Logger,
): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      // Several batches when a backlog built up while the service was down.
      while ((await tasks.sweepExpired()) > 0);
    } catch (error) {
      logger.error({ err: error }, 'retention sweep failed; will retry');
    } finally {
      running = false;
    }
  };
  void sweep();
  const timer = setInterval(sweep, config.sweepIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
