/**
 * `kiln serve` (HTTP server + in-process workers; `--no-workers` for HTTP only) and `kiln worker`
 * (queue consumers only, no HTTP). The roles share DATABASE_URL, REDIS_URL and the KILN_S3_* settings.
 */
import { createLogger } from '../logger.ts';
import { createServices } from '../services.ts';
import { buildApp } from '../api/index.ts';
import { CliError, type CliIo } from './output.ts';
import { configFrom } from './config-from.ts';
import { withoutCredentials } from '../store/unavailable.ts';
import { concurrencyFlag, distributedWarnings } from './roles.ts';
import { healthPortFlag, startWorkerHealth } from './worker-health.ts';

/** The services, or a CliError naming what could not be reached (database, Redis, bucket) without a stack trace. */
async function startServices(
  io: CliIo,
  config: Parameters<typeof createServices>[0],
  logger: ReturnType<typeof createLogger>,
) {
  try {
    return await createServices(config, {
      logger,
      onWait: (message) => io.err(`kiln: ${message}`),
      ...(io.engines ? { engines: io.engines } : {}),
    });
  } catch (error) {
    throw new CliError(`could not start: ${withoutCredentials((error as Error).message)}`);
  }
}
import { remoteConfigsOf, remoteSummary } from '../engines/remote/index.ts';

/** Resolves on SIGINT/SIGTERM. */
function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export async function serve(io: CliIo, flags: { port?: string; 'no-workers'?: boolean }): Promise<void> {
  const config = configFrom(io, flags);
  if (flags['no-workers']) config.workers = 0;
  for (const warning of distributedWarnings(io, config, 'api')) io.err(`warning: ${warning}`);
  const logger = createLogger();
  const services = await startServices(io, config, logger);
  const app = await buildApp({ services, config, logger });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await services.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`Port ${config.port} is in use; pass --port N or set PORT.`);
    throw error;
  }
  if (config.workers > 0) services.startWorkers();
  // Import the engines in the describer's thread now, in the background: a submission's describePrompt
  // is bounded to 2 s including the module's first import, and on a busy machine the first text prompt
  // otherwise got its raw prompt echoed instead of the engine's reading of it.
  for (const kind of services.engines.kinds()) {
    services.describer
      .warm(services.engines.moduleUrl(kind)!)
      .catch((error: unknown) => logger.warn({ err: error, kind }, 'engine module failed to load for describePrompt'));
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  io.err(
    `Kiln listening on http://${config.host}:${port} (data: ${config.dataDir}${config.s3 ? `, blobs: s3://${config.s3.bucket}/${config.s3.prefix}` : ''}, workers: ${config.workers}, engines: ${services.engines.kinds().join(', ') || 'none registered'})`,
  );
  const remotes = remoteSummary(remoteConfigsOf(config));
  if (remotes) io.err(`Remote engines: ${remotes}`);
  const signal = await untilSignal();
  io.err(`${signal}: shutting down`);
  await app.close();
  // Stops the workers (waiting for running jobs to be released), then the queue and database.
  await services.close();
}

export async function worker(io: CliIo, flags: { concurrency?: string; 'health-port'?: string } = {}): Promise<void> {
  const config = configFrom(io);
  const count = flags.concurrency === undefined ? Math.max(1, config.workers) : concurrencyFlag(flags.concurrency);
  const healthPort = flags['health-port'] === undefined ? undefined : healthPortFlag(flags['health-port']);
  for (const warning of distributedWarnings(io, config, 'worker')) io.err(`warning: ${warning}`);
  const logger = createLogger();
  const services = await startServices(io, config, logger);
  let health: Awaited<ReturnType<typeof startWorkerHealth>> | undefined;
  if (healthPort !== undefined) {
    try {
      health = await startWorkerHealth(services, config.host, healthPort);
    } catch (error) {
      await services.close();
      throw error;
    }
    io.err(`Kiln worker health on http://${config.host}:${health.port}/healthz`);
  }
  services.startWorkers({ count });
  io.err(
    `Kiln worker running ${count} consumer(s) (database: ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}, queue: ${config.redisUrl ? `REDIS_URL/${config.queueName}` : 'embedded'}, blobs: ${config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : `${config.dataDir}/blobs`}; engines: ${services.engines.kinds().join(', ') || 'none registered'})`,
  );
  const signal = await untilSignal();
  io.err(`${signal}: finishing running jobs`);
  health?.server.close();
  await services.close();
}
