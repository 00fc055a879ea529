/**
 * `kiln engine-server [--port N]`: serves this machine's CPU engines over the Kiln engine protocol
 * (docs/remote-engines.md) for another Kiln configured with KILN_ENGINE_<KIND>=kiln:http://host:port.
 * Uses HOST (default 127.0.0.1), KILN_WORKERS (engine threads, at least 1), KILN_STAGE_TIMEOUT_MS and
 * KILN_ENGINE_TOKEN (the bearer token callers must send; warned about when missing on a non-loopback host).
 */
import { startEngineServer } from '../engines/server/index.ts';
import { configFrom } from './config-from.ts';
import { CliError, type CliIo } from './output.ts';

/** Default port when neither --port nor PORT is given (8080 is the API's). */
const DEFAULT_PORT = 8090;

export async function engineServer(io: CliIo, flags: { port?: string }): Promise<void> {
  // The engine server keeps no data: a fixed signing secret stops loadConfig creating one on disk.
  const config = configFrom(
    { ...io, env: { ...io.env, KILN_SIGNING_SECRET: io.env.KILN_SIGNING_SECRET || 'unused-by-the-engine-server' } },
    flags,
  );
  const port = flags.port !== undefined || io.env.PORT ? config.port : DEFAULT_PORT;
  let server;
  try {
    server = await startEngineServer({
      port,
      host: config.host,
      threads: Math.max(1, config.workers),
      stageTimeoutMs: config.stageTimeoutMs,
      token: config.remote.engineToken,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new CliError(`Port ${port} is in use; pass --port N.`);
    throw error;
  }
  io.err(
    `Kiln engine server listening on ${server.url} (protocol kiln-engine/1, threads: ${Math.max(1, config.workers)})`,
  );
  if (!config.remote.engineToken && !isLoopback(config.host)) {
    io.err(
      `warning: no KILN_ENGINE_TOKEN is set, so anyone who can reach ${server.url} can run jobs on this machine; set one here and on the calling Kiln`,
    );
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.err('engine server stopping');
  await server.close();
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
