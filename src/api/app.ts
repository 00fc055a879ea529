/**
 * The HTTP app factory: plugins, error mapping, auth and rate limits on /api/v2, the routes, OpenAPI
 * at /docs, Prometheus at /metrics, /healthz. Tests drive it through `inject`; `kiln serve` listens.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { KilnError } from '../errors.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { installAuth } from './auth.ts';
import { useApiSecurityHeaders } from './security-headers.ts';
import { installErrorHandler } from './error-handler.ts';
import { protectOpsEndpoints, serverTimeoutOptions } from './http-guards.ts';
import { UploadBudget } from './upload-budget.ts';
import { clientErrorHandler, frameworkErrors, installExpectationHandler } from './protocol-errors.ts';
import { installMetrics, type MetricsSources } from './metrics.ts';
import { ErrorResponse } from './schemas.ts';
import { installHealthRoutes } from './health.ts';
import { submitRoutes } from './routes/submit.ts';
import { modelTaskRoutes } from './routes/model-tasks.ts';
import { queryRoutes } from './routes/query.ts';
import { taskManagementRoutes } from './routes/task-management.ts';
import { fileRoutes } from './routes/files.ts';
import { webRoutes } from './routes/web.ts';
import { eventRoutes } from './routes/events.ts';
import { taskRecordExtras } from './task-record-extras.ts';
import type { ApiServices } from './types.ts';

export type AppConfig = Pick<
  Config,
  | 'maxFiles'
  | 'maxFileBytes'
  | 'maxTotalBytes'
  | 'rateLimitPerMinute'
  | 'downloadTtlSeconds'
  | 'publicBaseUrl'
  | 'signingSecret'
  | 'redisUrl'
  | 'requestTimeoutMs'
  | 'idleTimeoutMs'
  | 'opsToken'
  | 'uploadMemoryMb'
  | 'events'
> & { s3?: Pick<NonNullable<Config['s3']>, 'presignedDownloads'> };

export interface BuildAppOptions {
  services: ApiServices;
  config: AppConfig;
  /** Request logs; default silent. */
  logger?: Logger;
  /** Collect Node process metrics (GC, heap, event loop) in /metrics; default true. */
  processMetrics?: boolean;
}

const VERSION = '0.1.0';

/** Read-only /api/v2 routes (status, download, balance, task record): rate-limited in their own window. */
const READ_ROUTES = /^\/api\/v2\/(status|download|check_balance|tasks(\/|\?|$))/;
/** Reads per minute per key = KILN_RATE_LIMIT_PER_MINUTE × this. */
export const READ_BUDGET_FACTOR = 10;

function sharedRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

function metricsSources(services: ApiServices): MetricsSources {
  const { tasks, queue } = services;
  return {
    queueDepth: queue ? async () => (await queue.stats()).queued : undefined,
    tasksByState: () => tasks.countByState(),
    engineStats: services.engineStats ? () => services.engineStats!() : undefined,
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { services, config } = options;
  const app = Fastify({
    loggerInstance: (options.logger ?? silentLogger) as FastifyBaseLogger,
    // One debug line per request (below): a newcomer's terminal shows the service, not every poll.
    logController: new LogController({ disableRequestLogging: true }),
    // Room for JSON/urlencoded bodies; multipart uploads have their own per-route limits below.
    bodyLimit: 1024 * 1024,
    // `__proto__` and `constructor` keys are unknown fields like any other (compat.md): dropped, not refused.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    ...serverTimeoutOptions(config),
    clientErrorHandler,
    frameworkErrors,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
  });
  // Response schemas document the API; serialising with JSON.stringify keeps bodies exactly as built
  // (a refusal may share a status with a success, e.g. INSUFFICIENT_FUND is 201).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The path without its query: signed URLs carry their signature there, and a log line must not.
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  });
  installErrorHandler(app);
  installExpectationHandler(app.server);
  protectOpsEndpoints(app, config.opsToken);
  app.addSchema(ErrorResponse);

  const limits = {
    maxFiles: config.maxFiles,
    maxFileBytes: config.maxFileBytes,
    maxTotalBytes: config.maxTotalBytes,
    budget: new UploadBudget(config.uploadMemoryMb * 1024 * 1024),
  };
  await app.register(formbody);
  await app.register(multipart, { limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kiln API',
        version: VERSION,
        description:
          'Self-hostable 3D asset service. Every /api/v2 route needs `Authorization: Bearer <key>`. Refusals are `{"error": CODE, "message": …}`; see ErrorResponse for the codes and their HTTP statuses.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      tags: [
        { name: 'submit', description: 'Generation and Bang submissions' },
        { name: 'tasks', description: 'Status, downloads and task records' },
        { name: 'account', description: 'Credits' },
        { name: 'files', description: 'Signed file downloads' },
        { name: 'service', description: 'Health and metrics' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(helmet, (instance) => ({
    contentSecurityPolicy: {
      // Merged over helmet's defaults; swagger-ui's inline script/style hashes are added for /docs.
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...(instance as unknown as { swaggerCSP: { script: string[] } }).swaggerCSP.script],
        'style-src': [
          "'self'",
          'https:',
          ...(instance as unknown as { swaggerCSP: { style: string[] } }).swaggerCSP.style,
        ],
        'img-src': ["'self'", 'data:'],
        // Self-hosted over plain http on a LAN must keep working.
        'upgrade-insecure-requests': null,
      },
    },
    // Download links are fetched from other origins (viewers, editor add-ons).
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  }));

  installMetrics(app, metricsSources(services), { defaultMetrics: options.processMetrics ?? true });

  installHealthRoutes(app, services, VERSION);

  await app.register(fileRoutes, {
    tasks: services.tasks,
    signingSecret: config.signingSecret,
    presignedDownloads: config.s3?.presignedDownloads,
  });
  await app.register(webRoutes, { publicBaseUrl: config.publicBaseUrl });

  await app.register(
    async (api) => {
      useApiSecurityHeaders(api);
      installAuth(api, services.accounts);
      if (config.rateLimitPerMinute > 0) {
        // Clients poll /status for many tasks at once (docs/spec/compat.md); reads get their own, larger budget so
        // polling never starves submissions and a busy poller is not told its task failed.
        api.addHook('onRoute', (route) => {
          if (READ_ROUTES.test(route.url)) {
            route.config = {
              ...(route.config as object),
              rateLimit: { max: config.rateLimitPerMinute * READ_BUDGET_FACTOR, timeWindow: 60_000, groupId: 'read' },
            } as typeof route.config;
          }
        });
        await api.register(rateLimit, {
          // With Redis configured, every API server counts against the same per-key window; an outage of
          // Redis lets requests through rather than taking the API down.
          ...(config.redisUrl
            ? { redis: sharedRedis(app, config.redisUrl), nameSpace: 'kiln-rate-', skipOnError: true }
            : {}),
          max: config.rateLimitPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => request.principal?.keyId ?? request.ip,
          errorResponseBuilder: (request, context) =>
            new KilnError(
              'RATE_LIMITED',
              `Too many ${READ_ROUTES.test(request.url) ? 'status/download/balance' : 'submission'} requests for this API key (limit ${context.max} per minute); retry after ${Math.ceil(context.ttl / 1000)} s.`,
              { retryAfter: Math.ceil(context.ttl / 1000) },
            ),
        });
      }
      await api.register(submitRoutes, { tasks: services.tasks, limits, webhooks: services.webhooks });
      await api.register(modelTaskRoutes, { tasks: services.tasks, limits, webhooks: services.webhooks });
      await api.register(queryRoutes, {
        tasks: services.tasks,
        accounts: services.accounts,
        limits,
        signingSecret: config.signingSecret,
        downloadTtlSeconds: config.downloadTtlSeconds,
        publicBaseUrl: config.publicBaseUrl,
        recordExtras: taskRecordExtras(services, config),
      });
      await api.register(taskManagementRoutes, {
        tasks: services.tasks,
        recordExtras: taskRecordExtras(services, config),
      });
    },
    { prefix: '/api/v2' },
  );
  // The event stream authorises itself (bearer key or signed URL: EventSource sends no headers).
  if (services.feed) {
    const feed = services.feed;
    await app.register(
      async (api) => {
        useApiSecurityHeaders(api);
        await eventRoutes(api, {
          tasks: services.tasks,
          accounts: services.accounts,
          feed,
          signingSecret: config.signingSecret,
          downloadTtlSeconds: config.downloadTtlSeconds,
          heartbeatMs: config.events.heartbeatMs,
          maxStreamsPerKey: config.events.maxStreamsPerKey,
          publicBaseUrl: config.publicBaseUrl,
        });
      },
      { prefix: '/api/v2' },
    );
  }

  return app;
}
