/** A real Kiln (SQLite, blobs, embedded queue, worker threads, HTTP) configured by environment, for the remote engine tests. */
import type { Logger } from '../../../src/logger.ts';
import { startServer, type Server } from '../../e2e/engines/server.ts';

/** Timeouts and polls short enough that failures show in seconds. */
export const FAST_REMOTE_ENV = {
  KILN_REMOTE_POLL_MS: '40',
  KILN_REMOTE_STAGE_TIMEOUT_MS: '1500',
  KILN_REMOTE_REQUEST_TIMEOUT_MS: '5000',
  KILN_REMOTE_UNHEALTHY_MS: '60000',
};

export function startKiln(
  env: Record<string, string>,
  options: { workers?: number; credits?: number; logger?: Logger } = {},
): Promise<Server> {
  return startServer({
    workers: options.workers,
    logger: options.logger,
    credits: options.credits ?? 100,
    env: { KILN_MAX_IN_FLIGHT: '50', ...env },
  });
}
