/** A real Kiln (SQLite, blobs, embedded queue, worker threads, HTTP) configured by environment, for the remote engine tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config.ts';
import { createServices } from '../../../src/services.ts';
import { EngineRegistry } from '../../../src/engines/registry.ts';
import { buildApp } from '../../../src/api/index.ts';
import type { Server } from '../../e2e/engines/server.ts';

/** Timeouts and polls short enough that failures show in seconds. */
export const FAST_REMOTE_ENV = {
  KILN_REMOTE_POLL_MS: '40',
  KILN_REMOTE_STAGE_TIMEOUT_MS: '1500',
  KILN_REMOTE_REQUEST_TIMEOUT_MS: '5000',
  KILN_REMOTE_UNHEALTHY_MS: '60000',
};

export async function startKiln(env: Record<string, string>, options: { workers?: number; credits?: number } = {}): Promise<Server> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-remote-'));
  const workers = options.workers ?? 1;
  const config = loadConfig({ KILN_DATA_DIR: dataDir, KILN_SIGNING_SECRET: 'remote-secret', KILN_WORKERS: String(workers), KILN_MAX_IN_FLIGHT: '50', ...env });
  const services = await createServices(config, { engines: new EngineRegistry() });
  const app = await buildApp({ services, config, processMetrics: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  services.startWorkers({ count: workers });
  const { key } = await services.accounts.createKey({ name: 'remote', credits: options.credits ?? 100 });
  return {
    base,
    key,
    services,
    async close() {
      await app.close();
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
