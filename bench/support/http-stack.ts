/**
 * The service as the end-to-end benchmarks drive it: the real stack (SQLite, blobs, embedded queue,
 * one worker thread with the built-in engines) behind the Fastify app, called through `inject`, with a
 * funded key and no rate limit. `close()` stops it and removes its temporary data directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { buildApp } from '../../src/api/index.ts';

export interface HttpStack {
  app: FastifyInstance;
  services: Services;
  /** The Authorization header of the funded key. */
  auth: { authorization: string };
  close(): Promise<void>;
}

export async function startHttpStack(label: string): Promise<HttpStack> {
  const dataDir = await mkdtemp(join(tmpdir(), `kiln-${label}-`));
  const config = loadConfig({
    KILN_DATA_DIR: dataDir,
    KILN_RATE_LIMIT_PER_MINUTE: '0',
    KILN_WORKERS: '1',
    KILN_SIGNING_SECRET: 'bench',
  });
  const services = await createServices(config, { engines: new EngineRegistry() });
  const app = await buildApp({ services, config, processMetrics: false });
  const { key } = await services.accounts.createKey({ name: 'bench', credits: 1e6 });
  services.startWorkers({ count: 1 });
  return {
    app,
    services,
    auth: { authorization: `Bearer ${key}` },
    async close() {
      await app.close();
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body of plain fields and files, with the header that names its boundary. */
export function multipartBody(
  fields: Record<string, string>,
  files: Array<{ field: string; filename: string; bytes: Uint8Array }> = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----kilnbench';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n\r\n`,
      ),
    );
    parts.push(Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Submits one multipart request to `route` and polls /status every 50 ms until Done; returns the task uuid. */
export async function submitUntilDone(
  stack: Pick<HttpStack, 'app' | 'auth'>,
  route: string,
  body: { payload: Buffer; headers: Record<string, string> },
): Promise<string> {
  const { app, auth } = stack;
  const res = await app.inject({
    method: 'POST',
    url: route,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  const submitted = res.json() as { uuid?: string; jobs: { subscription_key: string } };
  if (!submitted.uuid) throw new Error(`submission refused: ${res.body}`);
  for (;;) {
    const s = await app.inject({
      method: 'POST',
      url: '/api/v2/status',
      payload: { subscription_key: submitted.jobs.subscription_key },
      headers: auth,
    });
    const status = (s.json() as { jobs: { status: string }[] }).jobs[0].status;
    if (status === 'Failed') throw new Error('the task failed');
    if (status === 'Done') return submitted.uuid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
