/**
 * Fields the task record (GET /api/v2/tasks/{uuid}) gains from the event stream and webhooks: a
 * short-lived signed `events_url` for EventSource, and the webhook delivery log.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { TaskRecord } from '../tasks/index.ts';
import type { ApiServices } from './types.ts';
import { signedEventsUrl } from './signed-events-url.ts';

export type RecordExtras = (record: TaskRecord, request: FastifyRequest) => Promise<Record<string, unknown>>;

export function taskRecordExtras(
  services: ApiServices,
  config: Pick<Config, 'signingSecret' | 'publicBaseUrl' | 'events'>,
): RecordExtras | undefined {
  const { feed, webhooks } = services;
  if (!feed && !webhooks) return undefined;
  return async (record, request) => {
    const baseUrl = config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
    const log = webhooks ? await webhooks.deliveryLog(record.uuid) : [];
    return {
      ...(feed
        ? {
            events_url: signedEventsUrl(record.uuid, {
              secret: config.signingSecret,
              baseUrl,
              ttlSeconds: config.events.urlTtlSeconds,
            }),
          }
        : {}),
      ...(webhooks
        ? {
            webhooks: log.map((event) => ({
              id: event.id,
              type: event.type,
              url: event.url,
              state: event.state,
              attempts: event.attempts,
              next_attempt_time: event.nextAttemptAt,
              delivered_time: event.deliveredAt,
              deliveries: event.deliveries.map((attempt) => ({
                attempt: attempt.attempt,
                time: attempt.time,
                status_code: attempt.statusCode,
                error: attempt.error,
                duration_ms: attempt.durationMs,
              })),
            })),
          }
        : {}),
    };
  };
}
