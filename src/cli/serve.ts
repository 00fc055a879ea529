/** `kiln serve` (HTTP server + in-process workers) and `kiln worker` (workers only). */
import { createLogger } from '../logger.ts';
import { createServices } from '../services.ts';
import { buildApp } from '../api/index.ts';
import { CliError, type CliIo } from './output.ts';
import { configFrom } from './config-from.ts';
import { remoteEngineConfigs, remoteSummary } from '../engines/remote/index.ts';

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

export async function serve(io: CliIo, flags: { port?: string }): Promise<void> {
  const config = configFrom(io, flags);
  const logger = createLogger();
  const services = await createServices(config, { logger });
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
    services.describer.warm(services.engines.moduleUrl(kind)!).catch((error: unknown) => logger.warn({ err: error, kind }, 'engine module failed to load for describePrompt'));
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  io.err(`Kiln listening on http://${config.host}:${port} (data: ${config.dataDir}, workers: ${config.workers}, engines: ${services.engines.kinds().join(', ') || 'none registered'})`);
  const remotes = remoteSummary(remoteEngineConfigs(config.engineOverrides, config.remote));
  if (remotes) io.err(`Remote engines: ${remotes}`);
  const signal = await untilSignal();
  io.err(`${signal}: shutting down`);
  await app.close();
  // Stops the workers (waiting for running jobs to be released), then the queue and database.
  await services.close();
}

export async function worker(io: CliIo): Promise<void> {
  const config = configFrom(io);
  const logger = createLogger();
  const services = await createServices(config, { logger });
  services.startWorkers({ count: Math.max(1, config.workers) });
  io.err(`Kiln worker running ${Math.max(1, config.workers)} consumer(s) on ${config.databaseUrl ? 'the configured database' : config.dataDir}; engines: ${services.engines.kinds().join(', ') || 'none registered'}`);
  const signal = await untilSignal();
  io.err(`${signal}: finishing running jobs`);
  await services.close();
}
