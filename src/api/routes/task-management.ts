/**
 * Task management: the account's history (GET /tasks), cancel (POST /tasks/{uuid}/cancel) and delete
 * (DELETE /tasks/{uuid}). Each task in the list is the record GET /tasks/{uuid} answers.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidRequest } from '../../errors.ts';
import { TASK_KINDS, type TaskKind, type TaskRecord, type TaskService, type TaskStatus } from '../../tasks/index.ts';
import {
  JOB_STATUSES,
  TaskListQuery,
  TaskListResponse,
  TaskParams,
  TaskRecord as TaskRecordSchema,
  responses,
} from '../schemas.ts';
import { taskBody } from './query.ts';

export interface TaskManagementRouteOptions {
  tasks: TaskService;
  /** More fields for each record (events_url, webhook deliveries), as GET /tasks/{uuid} adds them. */
  recordExtras?: (record: TaskRecord, request: FastifyRequest) => Promise<Record<string, unknown>>;
}

type ListQuery = { state?: string | string[]; kind?: string | string[]; limit?: number; cursor?: string };

/** `state=Done&state=Failed` and `state=Done,Failed` mean the same; each value must be a known one. */
function listOf<T extends string>(field: string, raw: string | string[] | undefined, allowed: readonly T[]): T[] {
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  for (const value of values) {
    if (!allowed.includes(value as T)) {
      throw invalidRequest(field, `${field} "${value}" is not one of ${allowed.join(', ')}.`);
    }
  }
  return values as T[];
}

export async function taskManagementRoutes(app: FastifyInstance, options: TaskManagementRouteOptions): Promise<void> {
  const { tasks } = options;
  const security = [{ bearer: [] }];
  const body = async (record: TaskRecord, request: FastifyRequest) => ({
    ...taskBody(record),
    ...(await options.recordExtras?.(record, request)),
  });

  app.get<{ Querystring: ListQuery }>(
    '/tasks',
    {
      schema: {
        summary: 'The account’s tasks, newest first',
        description:
          'Filters by state and kind (repeat the parameter or separate values with commas); pages of `limit` (1–100, default 20) follow `next_cursor`. Deleted tasks never show.',
        tags: ['tasks'],
        querystring: TaskListQuery,
        response: responses({ 200: TaskListResponse }, [400, 401, 429, 500]),
        security,
      },
    },
    async (request) => {
      const page = await tasks.list(request.principal.accountId, {
        states: listOf<TaskStatus>('state', request.query.state, JOB_STATUSES),
        kinds: listOf<TaskKind>('kind', request.query.kind, TASK_KINDS),
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
      return {
        tasks: await Promise.all(page.tasks.map((record) => body(record, request))),
        next_cursor: page.nextCursor,
      };
    },
  );

  app.post<{ Params: { uuid: string } }>(
    '/tasks/:uuid/cancel',
    {
      schema: {
        summary: 'Cancel a Waiting or Generating task (refunded)',
        description:
          'The task ends Failed with error code CANCELLED and its credits are refunded at once; a running engine stops at its next stage. 409 TASK_ALREADY_ENDED when it is Done or Failed.',
        tags: ['tasks'],
        params: TaskParams,
        response: responses({ 200: TaskRecordSchema }, [400, 401, 404, 409, 429, 500]),
        security,
      },
    },
    async (request) => body(await tasks.cancel(request.principal.accountId, request.params.uuid), request),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/tasks/:uuid',
    {
      schema: {
        summary: 'Delete a finished task and its files',
        description:
          'Removes the output and input files and hides the record (GET then answers 404); the ledger keeps its rows. 409 TASK_STILL_RUNNING while Waiting or Generating: cancel it first.',
        tags: ['tasks'],
        params: TaskParams,
        response: responses({ 204: Type.Null({ description: 'Deleted.' }) }, [400, 401, 404, 409, 429, 500]),
        security,
      },
    },
    async (request, reply) => {
      await tasks.remove(request.principal.accountId, request.params.uuid);
      return reply.code(204).send();
    },
  );
}
