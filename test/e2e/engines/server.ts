/**
 * Kiln as a user meets it: the real service stack (SQLite, blobs, embedded queue, worker threads) with
 * the REAL built-in engines of src/engines/builtin.ts, behind a listening HTTP server, driven with
 * plain fetch. Helpers follow a client's journey: submit multipart → poll /status → /download → GET
 * each signed URL with no Authorization header.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../src/config.ts';
import { createServices, type Services } from '../../../src/services.ts';
import { EngineRegistry } from '../../../src/engines/registry.ts';
import { BUILTIN_ENGINES } from '../../../src/engines/builtin.ts';
import type { EngineKind } from '../../../src/domain/task-spec.ts';
import { buildApp } from '../../../src/api/index.ts';
import type { Logger } from '../../../src/logger.ts';

/** Generous: a 2-core machine shared with other work may run a small generation slowly. */
export const TASK_DEADLINE_MS = 600_000;
/** node:test timeout for one test that runs a few generations. */
export const TEST_TIMEOUT_MS = 1_200_000;

export interface Server {
  base: string;
  key: string;
  /** KILN_DATA_DIR: the database and blobs, for tests that grep everything Kiln stored. */
  dataDir: string;
  services: Services;
  close(): Promise<void>;
}

/** True when the checkout registers `kind` among its built-in engines. */
export function isBuiltin(kind: EngineKind): boolean {
  return BUILTIN_ENGINES.some(([builtin]) => builtin === kind);
}

/**
 * Starts the server on a free port with one worker and a funded key. `warm` engines are imported in
 * the describer's thread first, as `kiln serve` does at start, so a submission's `describePrompt` (bounded to
 * 2 s) does not race the module's first import on a busy machine.
 */
export async function startServer(
  options: {
    credits?: number;
    warm?: EngineKind[];
    workers?: number;
    env?: Record<string, string>;
    /** Receives the services' and the HTTP layer's log lines (default: silent). */
    logger?: Logger;
  } = {},
): Promise<Server> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-e2e-engines-'));
  const workers = options.workers ?? 1;
  const config = loadConfig({
    KILN_DATA_DIR: dataDir,
    KILN_SIGNING_SECRET: 'e2e-engines-secret',
    KILN_WORKERS: String(workers),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  // A registry of its own: the process-wide one may hold other tests' registrations.
  const services = await createServices(config, { engines: new EngineRegistry(), logger: options.logger });
  for (const kind of options.warm ?? [])
    if (services.engines.has(kind)) await services.describer.warm(services.engines.moduleUrl(kind)!);
  const app: FastifyInstance = await buildApp({ services, config, processMetrics: false, logger: options.logger });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  services.startWorkers({ count: workers });
  const { key } = await services.accounts.createKey({ name: 'e2e-engines', credits: options.credits ?? 50 });
  return {
    base,
    key,
    dataDir,
    services,
    async close() {
      await app.close();
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Accepted {
  uuid: string;
  prompt?: string;
  submit_time: string;
  consumed: number;
  jobs: { uuids: string[]; subscription_key: string };
}

export type Fields = Record<string, string | string[]>;
export interface Upload {
  field: string;
  bytes: Uint8Array;
  filename: string;
}

/** POSTs a multipart submission and asserts it was accepted (201, no `error` key, a uuid). */
export async function submit(
  server: Server,
  path:
    | '/api/v2/generate'
    | '/api/v2/rodin'
    | '/api/v2/bang'
    | '/api/v2/texture'
    | '/api/v2/rodin_texture_only'
    | '/api/v2/convert'
    | '/api/v2/rig',
  fields: Fields,
  uploads: Upload[] = [],
): Promise<Accepted> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  for (const upload of uploads) form.append(upload.field, new Blob([upload.bytes as BlobPart]), upload.filename);
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}` },
    body: form,
  });
  const body = await response.json();
  assert.equal(response.status, 201, JSON.stringify(body));
  assert.equal('error' in body, false, `accepted submissions carry no error key: ${JSON.stringify(body)}`);
  assert.ok(body.uuid, 'a task uuid');
  return body as Accepted;
}

export interface JobStatus {
  uuid: string;
  status: 'Waiting' | 'Generating' | 'Done' | 'Failed';
  progress?: number;
  stage?: string;
  error?: string;
  message?: string;
}

/** Polls /status (form-encoded, as some official clients send it) until the first job is Done or Failed. */
export async function waitFinished(server: Server, accepted: Accepted): Promise<JobStatus> {
  const deadline = Date.now() + TASK_DEADLINE_MS;
  for (;;) {
    const response = await fetch(`${server.base}/api/v2/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription_key: accepted.jobs.subscription_key }),
    });
    assert.equal(response.status, 200);
    const { jobs } = (await response.json()) as { jobs: JobStatus[] };
    assert.ok(jobs.length > 0, 'status never answers an empty jobs list');
    const [job] = jobs;
    assert.ok(['Waiting', 'Generating', 'Done', 'Failed'].includes(job.status), `status word: ${job.status}`);
    if (job.status === 'Done' || job.status === 'Failed') return job;
    assert.ok(
      Date.now() < deadline,
      `task ${accepted.uuid} still ${job.status} (${job.stage ?? ''} ${job.progress ?? ''}%) after ${TASK_DEADLINE_MS} ms`,
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits for Done (failing the test with the job's error otherwise). */
export async function waitDone(server: Server, accepted: Accepted): Promise<void> {
  const job = await waitFinished(server, accepted);
  assert.equal(
    job.status,
    'Done',
    `task ${accepted.uuid} ended ${job.status}: ${job.error ?? ''} ${job.message ?? ''}`,
  );
}

/** The download list as name → signed URL (JSON body, task uuid). */
export async function downloadList(server: Server, uuid: string): Promise<Map<string, string>> {
  const response = await fetch(`${server.base}/api/v2/download`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ task_uuid: uuid }),
  });
  assert.equal(response.status, 200);
  const { list } = (await response.json()) as { list: { name: string; url: string }[] };
  const byName = new Map(list.map((item) => [item.name, item.url]));
  assert.equal(byName.size, list.length, 'download names are unique');
  for (const [name, url] of byName) {
    assert.ok(!name.includes('/'), `no / in ${name}`);
    assert.ok(new URL(url).pathname.endsWith(`/${name}`), `the URL path ends with the file name: ${url}`);
  }
  return byName;
}

/** Every listed file fetched like a client does: plain GET, no Authorization header. */
export async function fetchAll(list: Map<string, string>): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const [name, url] of list) {
    const response = await fetch(url);
    assert.equal(response.status, 200, `GET ${name} without Authorization`);
    files.set(name, new Uint8Array(await response.arrayBuffer()));
  }
  return files;
}

/** Submit, wait for Done and fetch every output. */
export async function generateAndFetch(
  server: Server,
  fields: Fields,
  uploads: Upload[] = [],
): Promise<{ accepted: Accepted; files: Map<string, Uint8Array> }> {
  const accepted = await submit(server, '/api/v2/generate', fields, uploads);
  await waitDone(server, accepted);
  return { accepted, files: await fetchAll(await downloadList(server, accepted.uuid)) };
}

export async function getJson(server: Server, path: string): Promise<any> {
  const response = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${server.key}` } });
  assert.equal(response.status, 200, `GET ${path}`);
  return response.json();
}

export async function balance(server: Server): Promise<number> {
  return (await getJson(server, '/api/v2/check_balance')).balance;
}
