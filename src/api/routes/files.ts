/**
 * GET /files/<task>/<name>?expires=…&sig=… — signed, account-less downloads (clients fetch download
 * URLs with no Authorization header). Served with the stored Content-Type and an attachment
 * Content-Disposition so browsers save the file under its name.
 */
import type { FastifyInstance } from 'fastify';
import type { TaskService } from '../../tasks/index.ts';
import { errorBody } from '../error-handler.ts';
import { verifyFileSignature } from '../signed-url.ts';
import { FileParams, FileQuery, responses } from '../schemas.ts';

export interface FileRouteOptions {
  tasks: TaskService;
  signingSecret: string;
  /** KILN_S3_PRESIGNED_DOWNLOADS: answer with a redirect to the bucket instead of streaming the bytes. */
  presignedDownloads?: boolean;
}

/** Lifetime of the bucket URL a redirect hands out: enough to start the transfer, which may then run on. */
const PRESIGNED_TTL_SECONDS = 300;

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function fileRoutes(app: FastifyInstance, options: FileRouteOptions): Promise<void> {
  app.get<{ Params: { task: string; name: string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/:task/:name',
    {
      schema: {
        summary: 'Download one output file through a signed URL from /api/v2/download',
        description:
          'No Authorization header: the signature and expiry in the query authorize the request. Expired or altered links get 403.',
        tags: ['files'],
        params: FileParams,
        querystring: FileQuery,
        response: responses(
          {
            200: { type: 'string', format: 'binary' } as never,
            302: {
              description: 'With KILN_S3_PRESIGNED_DOWNLOADS: a redirect to a short-lived presigned URL of the bucket',
              type: 'null',
            } as never,
          },
          [403, 404, 500],
        ),
      },
    },
    async (request, reply) => {
      const { task, name } = request.params;
      const check = verifyFileSignature({ taskId: task, name }, request.query, options.signingSecret);
      if (!check.ok) return reply.code(403).send(errorBody('PERMISSION_DENIED', check.reason));
      if (options.presignedDownloads && options.tasks.presignedFileUrl) {
        const url = await options.tasks.presignedFileUrl(task, name, PRESIGNED_TTL_SECONDS);
        if (url) {
          reply.header('cache-control', 'no-store');
          return reply.redirect(url, 302);
        }
      }
      const opened = await options.tasks.openFile(task, name);
      if (!opened) {
        return reply
          .code(404)
          .send(
            errorBody(
              'NO_SUCH_TASK',
              `File ${name} of task ${task} is no longer stored (it may have expired under the retention policy).`,
            ),
          );
      }
      reply.header('content-type', opened.contentType);
      reply.header('content-length', String(opened.size));
      reply.header('content-disposition', contentDisposition(opened.name));
      reply.header('cache-control', 'private, max-age=300');
      return reply.send(opened.stream);
    },
  );
}
