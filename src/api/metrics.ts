/**
 * Prometheus metrics at GET /metrics: request counts and latency per route, plus gauges read from the
 * services at scrape time (tasks by state, queue depth). Each app gets its own registry so several
 * apps (tests, benchmarks) can live in one process.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface MetricsSources {
  /** Task counts by state (Waiting, Generating, Done, Failed). */
  tasksByState?: () => Promise<Record<string, number>>;
  /** Jobs waiting in the queue. */
  queueDepth?: () => Promise<number>;
}

export function installMetrics(
  app: FastifyInstance,
  sources: MetricsSources,
  options: { defaultMetrics?: boolean } = {},
): Registry {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'kiln_' });

  const requests = new Counter({
    name: 'kiln_http_requests_total',
    help: 'HTTP requests by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kiln_http_request_duration_seconds',
    help: 'HTTP request latency by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'kiln_tasks',
    help: 'Tasks by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!sources.tasksByState) return;
      this.reset();
      for (const [state, count] of Object.entries(await sources.tasksByState())) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'kiln_queue_depth',
    help: 'Jobs waiting to be picked up by a worker.',
    registers: [registry],
    async collect() {
      if (sources.queueDepth) this.set(await sources.queueDepth());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL, so labels stay bounded (no task ids in them).
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
