/**
 * `kiln worker --health-port N`: a minimal HTTP listener for liveness probes (a worker has no API).
 * GET /healthz is 200 when the database and the queue answer, 503 otherwise; anything else is 404.
 */
import { createServer, type Server } from 'node:http';
import type { Services } from '../services.ts';
import { CliError } from './output.ts';

export function healthPortFlag(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--health-port must be a port number (0–65535); got "${raw}".`, 2);
  return port;
}

/** Listens on host:port; resolves with the server and the port it got. */
export async function startWorkerHealth(
  services: Pick<Services, 'ping' | 'queue'>,
  host: string,
  port: number,
): Promise<{ server: Server; port: number }> {
  const startedAt = Date.now();
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/healthz') {
      response.writeHead(404).end();
      return;
    }
    Promise.all([services.ping(), services.queue.stats()]).then(
      ([, stats]) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            status: 'ok',
            role: 'worker',
            uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
            queue: stats,
          }),
        );
      },
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'unavailable', role: 'worker', reason: (error as Error).message }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new CliError(`Port ${port} is in use; pass another --health-port.`) : error),
    );
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}
