/**
 * GET /healthz (liveness) and GET /readyz (readiness), kept apart as load balancers and Kubernetes
 * expect: liveness is 200 while the process serves HTTP, whatever its dependencies do (restarting a
 * process because PostgreSQL restarted only slows the recovery); readiness is 503 with Retry-After and
 * the dependencies that do not answer, so a load balancer sends traffic elsewhere meanwhile.
 */
import type { FastifyInstance } from 'fastify';
import { OUTAGE_RETRY_AFTER_SECONDS } from './error-handler.ts';
import { HealthResponse, ReadinessResponse } from './schemas.ts';
import type { ApiServices } from './types.ts';
import type { Readiness } from '../tasks/readiness.ts';

/** Readiness from the services, or from the database ping alone when they only offer that. */
async function readinessOf(services: Pick<ApiServices, 'ping' | 'readiness'>): Promise<Readiness> {
  if (services.readiness) return services.readiness();
  const started = Date.now();
  try {
    await services.ping?.();
    return { ready: true, down: [], dependencies: { database: { ok: true, ms: Date.now() - started } } };
  } catch (error) {
    const status = { ok: false, error: (error as Error).message, ms: Date.now() - started };
    return { ready: false, down: ['database'], dependencies: { database: status } };
  }
}

export function installHealthRoutes(
  app: FastifyInstance,
  services: Pick<ApiServices, 'ping' | 'readiness'>,
  version: string,
): void {
  const startedAt = Date.now();
  const uptime = () => Math.round((Date.now() - startedAt) / 1000);
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: 200 while the process serves HTTP (dependencies are /readyz)',
        tags: ['service'],
        response: { 200: HealthResponse },
      },
    },
    async () => ({ status: 'ok', version, uptime_seconds: uptime() }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        summary:
          'Readiness: 200 when the database, the queue and the bucket answer; 503 with Retry-After naming those that do not',
        tags: ['service'],
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (request, reply) => {
      const readiness = await readinessOf(services);
      const body = {
        status: readiness.ready ? 'ready' : 'unavailable',
        version,
        uptime_seconds: uptime(),
        down: readiness.down,
        dependencies: readiness.dependencies,
      };
      if (readiness.ready) return body;
      request.log.warn({ down: readiness.down }, 'not ready: dependencies down');
      return reply.code(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)).send(body);
    },
  );
}
