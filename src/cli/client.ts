/**
 * A small client of a running Kiln server (KILN_URL, KILN_API_KEY): submit, poll status with a
 * progress bar, download files. Errors carry the server's code and message plus what to change.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { CliError, type CliIo } from './output.ts';
import { ProgressBar } from './progress.ts';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
}

export interface SubmitResponse {
  message: string;
  prompt?: string;
  submit_time: string;
  uuid: string;
  jobs: { uuids: string[]; subscription_key: string };
  consumed: number;
}

export interface StatusJob {
  uuid: string;
  status: 'Waiting' | 'Generating' | 'Done' | 'Failed';
  progress?: number;
  stage?: string;
  error?: string;
  message?: string;
}

export function clientOptions(env: NodeJS.ProcessEnv, flags: { url?: string; key?: string }): ClientOptions {
  const baseUrl = (flags.url ?? env.KILN_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const apiKey = flags.key ?? env.KILN_API_KEY;
  if (!apiKey) {
    throw new CliError(
      'No API key: set KILN_API_KEY (create one with `kiln keys create --credits 10`) or pass --key.',
      2,
    );
  }
  return { baseUrl, apiKey };
}

/** A refusal from the server, with its catalogue code (and Retry-After seconds when throttled). */
export class ServerRefusal extends CliError {
  constructor(
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const HINTS: Record<string, string> = {
  UNAUTHORIZED: ' Check KILN_API_KEY (list keys with `kiln keys list` on the server).',
  INSUFFICIENT_FUND: ' Add credits on the server: `kiln credits add <key> <N>`.',
  API_PARALLELISM_LIMIT_REACHED: ' Wait for one of your running tasks to finish, then retry.',
  RATE_LIMITED: ' Wait a little, then retry.',
};

async function call<T>(
  options: ClientOptions,
  method: string,
  path: string,
  body?: FormData | Record<string, unknown>,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` };
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl}${path}`, { method, headers, body: payload });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new CliError(
      `Cannot reach Kiln at ${options.baseUrl} (${cause}); start it with \`kiln serve\` or set KILN_URL.`,
    );
  }
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new CliError(
      `${method} ${path} answered HTTP ${response.status} with a non-JSON body; is KILN_URL pointing at Kiln?`,
    );
  }
  if (typeof json.error === 'string' && json.error !== '') {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ServerRefusal(
      json.error,
      `${json.error}: ${String(json.message ?? '')}${HINTS[json.error] ?? ''}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  if (!response.ok) throw new CliError(`${method} ${path} failed with HTTP ${response.status}.`);
  return json as T;
}

async function filePart(path: string): Promise<Blob> {
  try {
    return new Blob([await readFile(path)]);
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
}

/** Builds the multipart body: string fields (repeated for arrays) and files under their field names. */
export async function formOf(
  fields: Record<string, string | string[] | undefined>,
  files: Array<{ field: string; path: string }>,
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const file of files) form.append(file.field, await filePart(file.path), basename(file.path));
  return form;
}

export function submit(
  options: ClientOptions,
  path: '/api/v2/generate' | '/api/v2/bang' | '/api/v2/texture' | '/api/v2/convert' | '/api/v2/rig',
  form: FormData,
): Promise<SubmitResponse> {
  return call<SubmitResponse>(options, 'POST', path, form);
}

export async function status(options: ClientOptions, subscriptionKey: string): Promise<StatusJob[]> {
  const body = await call<{ jobs: StatusJob[] }>(options, 'POST', '/api/v2/status', {
    subscription_key: subscriptionKey,
  });
  return body.jobs;
}

/** Polls until every job is Done or one Failed, drawing a progress bar; throws on failure. */
export async function waitForTask(
  options: ClientOptions,
  subscriptionKey: string,
  io: CliIo,
  intervalMs = 1000,
): Promise<StatusJob[]> {
  const bar = new ProgressBar(io);
  for (;;) {
    let jobs: StatusJob[];
    try {
      jobs = await status(options, subscriptionKey);
    } catch (error) {
      // Polling many tasks can hit the per-key rate limit: wait as told instead of giving up.
      if (error instanceof ServerRefusal && error.code === 'RATE_LIMITED') {
        await new Promise((done) => setTimeout(done, (error.retryAfterSeconds ?? 5) * 1000));
        continue;
      }
      throw error;
    }
    const failed = jobs.find((job) => job.status === 'Failed');
    const progress =
      jobs.reduce((sum, job) => sum + (job.status === 'Done' ? 100 : (job.progress ?? 0)), 0) / jobs.length;
    const lead = failed ?? jobs.find((job) => job.status !== 'Done') ?? jobs[0];
    bar.update({ status: lead.status, progress, stage: lead.status === 'Generating' ? lead.stage : undefined });
    if (failed) {
      bar.done();
      throw new CliError(
        `Task failed: ${failed.error ?? 'UNKNOWN'}: ${failed.message ?? 'no reason given'} (credits were refunded).`,
      );
    }
    if (jobs.every((job) => job.status === 'Done')) {
      bar.done();
      return jobs;
    }
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}

/** Fetches every file of a Done task into `outDir`; returns the written paths. */
export async function download(options: ClientOptions, taskUuid: string, outDir: string): Promise<string[]> {
  const { list } = await call<{ list: Array<{ url: string; name: string }> }>(options, 'POST', '/api/v2/download', {
    task_uuid: taskUuid,
  });
  if (list.length === 0)
    throw new CliError(
      `Task ${taskUuid} has no files yet; wait until its status is Done (kiln status <subscription_key>).`,
    );
  const dir = resolve(outDir);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const item of list) {
    // The signed URL authorizes itself: no Authorization header, as real clients do.
    const response = await fetch(item.url);
    if (!response.ok)
      throw new CliError(`Downloading ${item.name} failed with HTTP ${response.status}: ${await response.text()}`);
    const path = join(dir, basename(item.name));
    await writeFile(path, new Uint8Array(await response.arrayBuffer()));
    written.push(path);
  }
  return written;
}
