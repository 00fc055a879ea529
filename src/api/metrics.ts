/**
 * Prometheus metrics at GET /metrics: request counts and latency per route, plus gauges read from the
 * services at scrape time (tasks by state, queue depth). Each app gets its own registry so several
 * apps (tests, benchmarks) can live in one process.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EngineRunStat } from './types.ts';

export interface MetricsSources {
  /** Task counts by state (Waiting, Generating, Done, Failed). */
  tasksByState?: () => Promise<Record<string, number>>;
  /** Jobs waiting in the queue. */
  queueDepth?: () => Promise<number>;
  /** Runs per engine of the remote chains (names and counts only: never a message or a key). */
  engineStats?: () => EngineRunStat[];
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

  if (sources.engineStats) installEngineMetrics(registry, sources.engineStats);

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

/** kiln_engine_tasks_total, kiln_engine_failures_total and kiln_engine_duration_seconds by kind and engine. */
function installEngineMetrics(registry: Registry, read: () => EngineRunStat[]): void {
  const labelNames = ['kind', 'engine'] as const;
  let latest: EngineRunStat[] = [];
  // One read per scrape (the histogram is collected first), shared by the counters; durations are
  // observed once, as they arrive.
  new Histogram({
    name: 'kiln_engine_duration_seconds',
    help: 'How long each engine of a remote chain took per task it was given (failed turns included).',
    labelNames,
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200],
    registers: [registry],
    collect() {
      latest = read();
      for (const stat of latest)
        for (const seconds of stat.seconds) this.observe({ kind: stat.kind, engine: stat.engine }, seconds);
    },
  });
  new Counter({
    name: 'kiln_engine_tasks_total',
    help: 'Tasks each engine of a remote chain was given (KILN_ENGINE_*, KILN_ENGINES_FILE).',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const stat of latest) this.inc({ kind: stat.kind, engine: stat.engine }, stat.tasks);
    },
  });
  new Counter({
    name: 'kiln_engine_failures_total',
    help: 'Tasks an engine of a remote chain failed (the next engine of the chain then ran).',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const stat of latest) this.inc({ kind: stat.kind, engine: stat.engine }, stat.failures);
    },
  });
}
