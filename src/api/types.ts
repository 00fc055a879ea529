/**
 * What the HTTP layer needs from the services: a structural subset of `Services` (src/services.ts),
 * so tests can also pass hand-built pieces.
 */
import type { AccountService, Principal } from '../accounts/index.ts';
import type { TaskService } from '../tasks/index.ts';
import type { JobQueue } from '../queue/index.ts';
import type { TaskFeed } from '../tasks/events/index.ts';
import type { WebhookService } from '../tasks/webhooks/index.ts';
import type { Readiness } from '../tasks/readiness.ts';

export interface ApiServices {
  accounts: AccountService;
  tasks: TaskService;
  /** For the queue-depth gauge of /metrics. */
  queue?: Pick<JobQueue, 'stats'>;
  /** Serves GET /api/v2/tasks/{uuid}/events when present. */
  feed?: TaskFeed;
  /** Accepts webhook_url on submissions and shows delivery logs in task records when present. */
  webhooks?: WebhookService;
  /** Per-engine runs of remote chains, for /metrics (Services.engineStats). */
  engineStats?(): EngineRunStat[];
  /** /readyz reports the database down when this rejects (used when `readiness` is absent). */
  ping?(): Promise<void>;
  /** /readyz: which dependency answers. */
  readiness?(): Promise<Readiness>;
}

/** Runs of one engine of a remote chain since start; `seconds` are the durations not yet observed. */
export interface EngineRunStat {
  kind: string;
  engine: string;
  tasks: number;
  failures: number;
  seconds: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the /api/v2 auth hook; every handler under /api/v2 can rely on it. */
    principal: Principal;
  }
}
