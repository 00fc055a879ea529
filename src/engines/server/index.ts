/**
 * `kiln engine-server`: Kiln's own engines served over the Kiln engine protocol
 * (src/engines/remote/kiln-protocol.ts), so engine fleets can run on other machines. Plain node:http:
 * the protocol has six routes and no accounts; one shared bearer token (KILN_ENGINE_TOKEN) keeps anyone
 * else who can reach the port from running jobs on it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { EngineKind } from '../../domain/task-spec.ts';
import { BUILTIN_ENGINES } from '../builtin.ts';
import { EngineError } from '../engine.ts';
import { EngineRegistry } from '../registry.ts';
import { EngineRunner } from '../runner/index.ts';
import { KILN_ENGINE_PROTOCOL, type JobSubmission } from '../remote/kiln-protocol.ts';
import { JobBook } from './jobs.ts';

export interface EngineServerOptions {
  port?: number;
  host?: string;
  /** Engine threads, i.e. jobs run at once (default 1). */
  threads?: number;
  stageTimeoutMs?: number;
  /** Largest job submission accepted, bytes (default 150 MiB: uploads travel base64-encoded). */
  maxBodyBytes?: number;
  /** How long a finished job's files are kept for the client, ms (default 10 min). */
  keepMs?: number;
  /** Engines served (default the built-ins). */
  engines?: ReadonlyArray<readonly [EngineKind, string]>;
  /** Bearer token every request must carry (default none: anyone who reaches the port may run jobs). */
  token?: string;
}

export interface EngineServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The job is larger than ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'INVALID_REQUEST', 'The body must be a JSON job submission (docs/remote-engines.md).');
  }
}

function checkSubmission(body: unknown): JobSubmission {
  const job = body as Partial<JobSubmission> | null;
  if (!job || typeof job.kind !== 'string' || typeof job.spec !== 'object' || !job.spec || !Array.isArray(job.inputs)) {
    throw new HttpError(400, 'INVALID_REQUEST', 'A job needs kind, spec and inputs (docs/remote-engines.md).');
  }
  for (const input of job.inputs) {
    if (typeof input?.field !== 'string' || typeof input.filename !== 'string' || typeof input.base64 !== 'string') {
      throw new HttpError(400, 'INVALID_REQUEST', 'Each input needs field, filename and base64.');
    }
  }
  return {
    kind: job.kind,
    spec: job.spec,
    inputs: job.inputs,
    taskId: typeof job.taskId === 'string' ? job.taskId : 'remote',
  } as JobSubmission;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first wrong byte shows in the answer's timing. */
function checkToken(request: IncomingMessage, token: string | undefined): void {
  if (!token) return;
  const sent = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
  if (!timingSafeEqual(digest(sent), digest(token))) {
    throw new HttpError(
      401,
      'UNAUTHORIZED',
      'This engine server needs "Authorization: Bearer <token>": set KILN_ENGINE_TOKEN on the Kiln that calls it to the token the engine server was started with.',
    );
  }
}

async function route(
  book: JobBook,
  options: Required<Pick<EngineServerOptions, 'maxBodyBytes'>> & Pick<EngineServerOptions, 'token'>,
  request: IncomingMessage,
  response: ServerResponse,
) {
  checkToken(request, options.token);
  const path = new URL(request.url ?? '/', 'http://engine').pathname;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (request.method === 'GET' && path === '/v1/health')
    return send(response, 200, { protocol: KILN_ENGINE_PROTOCOL, kinds: book.kinds() });
  if (request.method === 'POST' && path === '/v1/jobs') {
    const job = book.start(checkSubmission(await readJson(request, options.maxBodyBytes)));
    return send(response, 202, { id: job.status.id });
  }
  if (parts[0] !== 'v1' || parts[1] !== 'jobs' || !parts[2])
    throw new HttpError(404, 'NOT_FOUND', `No route ${request.method} ${path}.`);
  const job = book.get(parts[2]);
  if (!job) throw new HttpError(404, 'NO_SUCH_TASK', `No job ${parts[2]} (finished jobs are forgotten after a while).`);
  if (request.method === 'DELETE' && parts.length === 3) {
    book.delete(parts[2]);
    return response.writeHead(204).end();
  }
  if (request.method !== 'GET') throw new HttpError(405, 'INVALID_REQUEST', `${request.method} is not allowed here.`);
  if (parts.length === 3) return send(response, 200, job.status);
  if (parts[3] === 'events' && parts.length === 4) {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const write = (status: typeof job.status) => {
      response.write(`data: ${JSON.stringify(status)}\n\n`);
      if (status.state !== 'running') response.end();
    };
    write(job.status);
    if (job.status.state !== 'running') return;
    job.listeners.add(write);
    response.on('close', () => job.listeners.delete(write));
    return;
  }
  if (parts[3] === 'files' && parts.length === 5) {
    const file = job.files.find((f) => f.name === parts[4]);
    if (!file) throw new HttpError(404, 'NOT_FOUND', `Job ${parts[2]} has no file ${parts[4]}.`);
    return response
      .writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.byteLength })
      .end(file.bytes);
  }
  throw new HttpError(404, 'NOT_FOUND', `No route ${request.method} ${path}.`);
}

export async function startEngineServer(options: EngineServerOptions = {}): Promise<EngineServer> {
  const registry = new EngineRegistry();
  for (const [kind, moduleUrl] of options.engines ?? BUILTIN_ENGINES) registry.register(kind, moduleUrl);
  const runner = new EngineRunner({ threads: options.threads ?? 1, stageTimeoutMs: options.stageTimeoutMs });
  const book = new JobBook(registry, runner, options.keepMs ?? 600_000);
  const limits = { maxBodyBytes: options.maxBodyBytes ?? 150 * 1024 * 1024, token: options.token };
  const server = createServer((request, response) => {
    route(book, limits, request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : error instanceof EngineError ? 400 : 500;
      const code = error instanceof HttpError || error instanceof EngineError ? error.code : 'UNKNOWN';
      if (!response.headersSent) send(response, status, { error: code, message: (error as Error).message });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8090, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    async close() {
      book.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.close();
    },
  };
}
