/**
 * GET /api/v2/tasks/{uuid}/events: the task's events as a server-sent event stream. Authorised by the
 * bearer key (task or job uuid of the account) or by the signed events_url of the task record (for
 * EventSource, which cannot send headers). `Last-Event-ID` resumes after that event; a comment line
 * every heartbeat keeps proxies from closing an idle stream; the stream ends after done or failed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { AccountService } from '../../accounts/index.ts';
import { KilnError } from '../../errors.ts';
import { eventId, isFinal, parseEventId, type TaskFeed } from '../../tasks/events/index.ts';
import type { TaskService } from '../../tasks/index.ts';
import { bearerToken, UNAUTHORIZED_MESSAGE } from '../auth.ts';
import { verifyEventsSignature } from '../signed-events-url.ts';
import { signedFileUrl } from '../signed-url.ts';
import { sseFrame, taskEventBody } from '../task-event-body.ts';
import { requestOrigin } from './query.ts';
import { responses } from '../schemas.ts';

export interface EventRouteOptions {
  tasks: TaskService;
  accounts: AccountService;
  feed: TaskFeed;
  signingSecret: string;
  downloadTtlSeconds: number;
  heartbeatMs: number;
  /** Open streams per key on this server; per task for signed URLs, a tenth of it (at least 1). */
  maxStreamsPerKey: number;
  publicBaseUrl?: string;
}

type EventsRequest = FastifyRequest<{
  Params: { uuid: string };
  Querystring: { expires?: string; sig?: string; last_event_id?: string };
}>;

/** The task uuid the request may follow and whose stream budget it uses, or a refusal. */
async function authorise(
  request: EventsRequest,
  options: EventRouteOptions,
): Promise<{ taskId: string; holder: string; limit: number }> {
  const { uuid } = request.params;
  const token = bearerToken(request.headers.authorization);
  if (token) {
    const principal = await options.accounts.authenticate(token);
    if (!principal) throw new KilnError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    const taskId = (await options.tasks.get(principal.accountId, uuid)).uuid;
    return { taskId, holder: `key ${principal.keyId}`, limit: options.maxStreamsPerKey };
  }
  const check = verifyEventsSignature(uuid, request.query, options.signingSecret);
  if (!check.ok) throw new KilnError('UNAUTHORIZED', check.reason);
  if (!(await options.feed.snapshot(uuid))) throw new KilnError('NO_SUCH_TASK', `No task "${uuid}".`);
  return { taskId: uuid, holder: `task ${uuid}`, limit: Math.max(1, Math.floor(options.maxStreamsPerKey / 10)) };
}

async function finishedBefore(feed: TaskFeed, taskId: string, afterId: number): Promise<boolean> {
  const final = ((await feed.snapshot(taskId)) ?? []).find(isFinal);
  return final !== undefined && eventId(final) <= afterId;
}

export async function eventRoutes(app: FastifyInstance, options: EventRouteOptions): Promise<void> {
  // Open streams would hold a closing server forever: end them first (clients reconnect elsewhere with Last-Event-ID).
  const open = new Set<AbortController>();
  const held = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.abort();
  });
  app.get(
    '/tasks/:uuid/events',
    {
      schema: {
        summary: 'Live events of a task (text/event-stream)',
        description:
          'Events `waiting` (queue position), `started`, `progress` (stage, 0–100), `done` (signed download list) and `failed` (error code, message), each with an `id`. Send `Last-Event-ID` to resume; the stream ends after done or failed, and a reconnect after the final event gets 204. Authorization: Bearer key, or the signed `events_url` of GET /api/v2/tasks/{uuid} (for EventSource).',
        tags: ['tasks'],
        params: { type: 'object', properties: { uuid: { type: 'string', minLength: 1 } }, required: ['uuid'] },
        querystring: {
          type: 'object',
          properties: { expires: { type: 'string' }, sig: { type: 'string' }, last_event_id: { type: 'string' } },
        },
        produces: ['text/event-stream'],
        response: responses(
          {
            200: Type.String({ description: 'text/event-stream' }),
            204: Type.Null({ description: 'The task already ended and Last-Event-ID was its final event.' }),
          },
          [401, 404, 429, 500],
        ),
        security: [{ bearer: [] }, {}],
      },
    },
    async (request: EventsRequest, reply) => {
      const { taskId, holder, limit } = await authorise(request, options);
      const holding = held.get(holder) ?? 0;
      if (holding >= limit) {
        throw new KilnError(
          'RATE_LIMITED',
          `This ${holder.startsWith('key') ? 'API key' : 'signed events URL'} already has ${limit} event streams open on this server; close one (or follow fewer tasks at once) and retry.`,
          { retryAfter: 5 },
        );
      }
      const afterId = parseEventId(request.headers['last-event-id'] ?? request.query.last_event_id);
      // A reconnect after the final event: 204 is what tells EventSource to stop reconnecting.
      if (afterId > 0 && (await finishedBefore(options.feed, taskId, afterId))) return reply.code(204).send();
      const baseUrl = options.publicBaseUrl ?? requestOrigin(request);
      const signFile = (name: string) =>
        signedFileUrl(
          { taskId, name },
          { secret: options.signingSecret, baseUrl, ttlSeconds: options.downloadTtlSeconds },
        );
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // nginx: pass events through as they come
      });
      out.write('retry: 2000\n\n');
      const gone = new AbortController();
      open.add(gone);
      out.on('close', () => gone.abort());
      const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), options.heartbeatMs);
      held.set(holder, (held.get(holder) ?? 0) + 1);
      try {
        await options.feed.follow(taskId, {
          afterId,
          signal: gone.signal,
          onEvent: (id, event) => out.write(sseFrame(id, event, taskEventBody(event, signFile))),
        });
      } finally {
        const left = (held.get(holder) ?? 1) - 1;
        if (left > 0) held.set(holder, left);
        else held.delete(holder);
        open.delete(gone);
        clearInterval(heartbeat);
        out.end();
      }
    },
  );
}
