/**
 * KilnClient: every verb of Kiln's HTTP API with retries, idempotent submissions, waitFor over the
 * event stream (polling when the stream is unavailable) and download of every output file.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { KilnApiError, KilnConnectionError, KilnTimeoutError } from './errors.js';
import { appendFields } from './form.js';
import { readEvents } from './sse.js';
import type {
  BalanceResponse,
  BangRequest,
  ConvertRequest,
  DownloadResponse,
  GenerateRequest,
  Progress,
  RigRequest,
  StatusResponse,
  SubmitResponse,
  TaskListQuery,
  TaskListResponse,
  TaskRecord,
  TextureRequest,
} from './types.js';

export interface KilnClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:8080 (default: KILN_CLIENT_DEFAULTS.baseUrl). */
  baseUrl?: string;
  /** A Kiln API key (`kiln keys create`). */
  apiKey: string;
  /** Retries of a request answered 429 or 5xx, or not answered at all. */
  maxRetries?: number;
  /** First back-off delay; doubles per retry (with jitter) unless the server sends Retry-After. */
  retryBaseMs?: number;
  /** The longest single wait between retries, Retry-After included. */
  maxRetryDelayMs?: number;
  /** Polling interval of waitFor when the event stream is unavailable. */
  pollMs?: number;
  /** Another fetch (tests, proxies). */
  fetch?: typeof fetch;
}

export const KILN_CLIENT_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:8080',
  maxRetries: 4,
  retryBaseMs: 500,
  maxRetryDelayMs: 30_000,
  pollMs: 1_000,
} as const;

export interface SubmitOptions {
  /** Sent as Idempotency-Key; a fresh one per call by default, so retries never charge twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface WaitOptions {
  /** Called with each state, stage and percentage as they change. */
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /** Give up (KilnTimeoutError) after this long; the task carries on on the server. Default: no limit. */
  timeoutMs?: number;
}

/** A task as the verbs accept it: its uuid, a submission answer or a record. */
export type TaskRef = string | { uuid: string };

const uuidOf = (task: TaskRef) => (typeof task === 'string' ? task : task.uuid);
const RETRYABLE = (status: number) => status === 429 || status >= 500;

interface RequestOptions {
  body?: FormData | Record<string, unknown>;
  query?: Record<string, string | string[] | number | undefined>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Accept these statuses as answers instead of errors (204, the event stream's 200 …). */
  raw?: boolean;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class KilnClient {
  readonly baseUrl: string;
  private readonly options: Required<Omit<KilnClientOptions, 'fetch' | 'baseUrl'>>;
  private readonly fetchImpl: typeof fetch;

  constructor(options: KilnClientOptions) {
    if (!options.apiKey) throw new TypeError('KilnClient needs an apiKey (create one with `kiln keys create`).');
    this.baseUrl = (options.baseUrl ?? KILN_CLIENT_DEFAULTS.baseUrl).replace(/\/+$/, '');
    this.options = {
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? KILN_CLIENT_DEFAULTS.maxRetries,
      retryBaseMs: options.retryBaseMs ?? KILN_CLIENT_DEFAULTS.retryBaseMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? KILN_CLIENT_DEFAULTS.maxRetryDelayMs,
      pollMs: options.pollMs ?? KILN_CLIENT_DEFAULTS.pollMs,
    };
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** Text-to-3D (a prompt) or image-to-3D (1–5 images). */
  generate(request: GenerateRequest, options?: SubmitOptions): Promise<SubmitResponse> {
    return this.submit('/api/v2/generate', request, options);
  }

  /** Splits a model (uploaded, or a stored asset_id) into pieces. */
  bang(request: BangRequest, options?: SubmitOptions): Promise<SubmitResponse> {
    return this.submit('/api/v2/bang', request, options);
  }

  /** New textures for a model from reference images. */
  texture(request: TextureRequest, options?: SubmitOptions): Promise<SubmitResponse> {
    return this.submit('/api/v2/texture', request, options);
  }

  /** Another format, face budget, UVs, scale, pivot or axes for a model. */
  convert(request: ConvertRequest, options?: SubmitOptions): Promise<SubmitResponse> {
    return this.submit('/api/v2/convert', request, options);
  }

  /** Rigs a humanoid or four-legged model (uploaded, or a stored asset_id): skeleton, skin weights and clips. */
  rig(request: RigRequest, options?: SubmitOptions): Promise<SubmitResponse> {
    const animations = Array.isArray(request.animations) ? request.animations.join(',') : request.animations;
    return this.submit('/api/v2/rig', { ...request, animations }, options);
  }

  /** Job states by the submission's jobs.subscription_key. */
  status(subscriptionKey: string, signal?: AbortSignal): Promise<StatusResponse> {
    return this.request('POST', '/api/v2/status', { body: { subscription_key: subscriptionKey }, signal });
  }

  /** The full task record. */
  task(task: TaskRef, signal?: AbortSignal): Promise<TaskRecord> {
    return this.request('GET', `/api/v2/tasks/${encodeURIComponent(uuidOf(task))}`, { signal });
  }

  /** One page of the account's tasks, newest first; pass `next_cursor` back as `cursor` for the next. */
  tasks(query: TaskListQuery = {}, signal?: AbortSignal): Promise<TaskListResponse> {
    const list = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);
    return this.request('GET', '/api/v2/tasks', {
      query: { state: list(query.state), kind: list(query.kind), limit: query.limit, cursor: query.cursor },
      signal,
    });
  }

  /** Cancels a Waiting or Generating task (refunded); KilnApiError TASK_ALREADY_ENDED once it ended. */
  cancel(task: TaskRef, signal?: AbortSignal): Promise<TaskRecord> {
    return this.request('POST', `/api/v2/tasks/${encodeURIComponent(uuidOf(task))}/cancel`, { signal });
  }

  /** Deletes a finished task and its files; KilnApiError TASK_STILL_RUNNING while it runs. */
  async deleteTask(task: TaskRef, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/api/v2/tasks/${encodeURIComponent(uuidOf(task))}`, { signal, raw: true });
  }

  /** Credits left on the key's account. */
  async balance(signal?: AbortSignal): Promise<number> {
    return (await this.request<BalanceResponse>('GET', '/api/v2/check_balance', { signal })).balance;
  }

  /** Signed download links of a Done task's files (empty before Done). */
  downloadLinks(task: TaskRef, signal?: AbortSignal): Promise<DownloadResponse> {
    return this.request('POST', '/api/v2/download', { body: { task_uuid: uuidOf(task) }, signal });
  }

  /**
   * Resolves with the record once the task is Done; rejects with KilnApiError (the task's error code,
   * status 0) when it Failed, KilnTimeoutError after timeoutMs, or the signal's reason when aborted.
   * Follows the event stream; polls the record when the server has none or the stream breaks.
   */
  async waitFor(task: TaskRef, options: WaitOptions = {}): Promise<TaskRecord> {
    const uuid = uuidOf(task);
    const controller = new AbortController();
    const signals = [controller.signal, options.signal].filter((signal): signal is AbortSignal => !!signal);
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => controller.abort(new KilnTimeoutError(uuid, options.timeoutMs!)), options.timeoutMs);
    const signal = AbortSignal.any(signals);
    let last = '';
    const report = (progress: Progress) => {
      const key = `${progress.state}|${progress.stage}|${progress.progress}|${progress.position}`;
      if (key === last) return;
      last = key;
      options.onProgress?.(progress);
    };
    try {
      const streamed = await this.followEvents(uuid, report, signal).catch((error: unknown) => {
        if (signal.aborted) throw abortError(signal);
        if (error instanceof KilnApiError && error.code === 'NO_SUCH_TASK') throw error;
        return false; // the stream broke: polling carries on
      });
      for (;;) {
        const record = await this.task(uuid, signal);
        const job = record.jobs[0];
        report({ state: record.state, progress: job?.progress ?? 0, stage: job?.stage ?? null });
        if (record.state === 'Done') return record;
        if (record.state === 'Failed') {
          throw new KilnApiError(record.error?.code ?? 'UNKNOWN', record.error?.message ?? 'The task failed.', 0);
        }
        // The stream said the task ended but the record lags behind (another server): look again soon.
        await sleep(streamed ? 100 : this.options.pollMs, signal);
      }
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Waits for the task to be Done, then writes every output file into `dir` (created when missing).
   * Resolves with the written paths.
   */
  async download(task: TaskRef, dir: string, options: WaitOptions = {}): Promise<string[]> {
    const record = typeof task === 'object' && 'state' in task && task.state === 'Done' ? task : undefined;
    await (record ?? this.waitFor(task, options));
    const { list } = await this.downloadLinks(task, options.signal);
    await mkdir(dir, { recursive: true });
    const written: string[] = [];
    for (const file of list) {
      const response = await this.send(file.url, { method: 'GET', signal: options.signal }, false);
      if (!response.ok) await this.refusal(response);
      const path = join(dir, basename(file.name));
      await writeFile(path, new Uint8Array(await response.arrayBuffer()));
      written.push(path);
    }
    return written;
  }

  /** Reads the event stream until done/failed; true when it saw the end, false when it had to stop early. */
  private async followEvents(uuid: string, report: (progress: Progress) => void, signal: AbortSignal) {
    const response = await this.request<Response>('GET', `/api/v2/tasks/${encodeURIComponent(uuid)}/events`, {
      signal,
      raw: true,
    });
    if (response.status === 204) return true;
    if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
      await response.body?.cancel();
      return false;
    }
    for await (const event of readEvents(response.body)) {
      const data = event.data as { status?: Progress['state']; progress?: number; stage?: string; position?: number };
      if (event.event === 'done' || event.event === 'failed') return true;
      report({
        state: data.status ?? 'Waiting',
        progress: data.progress ?? 0,
        stage: data.stage ?? null,
        ...(data.position === undefined ? {} : { position: data.position }),
      });
    }
    return false;
  }

  private async submit(path: string, request: object, options: SubmitOptions = {}): Promise<SubmitResponse> {
    const form = new FormData();
    await appendFields(form, request as Record<string, unknown>);
    const answer = await this.request<SubmitResponse & { error?: string; message?: string }>('POST', path, {
      body: form,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      signal: options.signal,
    });
    // A 201 carrying `error` is a refusal (INSUFFICIENT_FUND …), not an acceptance.
    if (answer.error) throw new KilnApiError(answer.error, answer.message ?? answer.error, 201);
    return answer;
  }

  private async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(path, `${this.baseUrl}/`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}` };
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let body: FormData | string | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    // Only requests that cannot charge twice are retried: reads, and submissions with an Idempotency-Key.
    const retryable = method === 'GET' || method === 'DELETE' || !!options.idempotencyKey || path.endsWith('/cancel');
    const response = await this.send(url.toString(), { method, headers, body, signal: options.signal }, retryable);
    if (options.raw && (response.ok || response.status === 204)) return response as T;
    if (!response.ok) await this.refusal(response);
    return (await response.json()) as T;
  }

  /** fetch with retries on 429, 5xx and network failures, honouring Retry-After. */
  private async send(url: string, init: RequestInit, retryable: boolean): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await this.fetchImpl(url, init);
      } catch (error) {
        if (init.signal?.aborted) throw abortError(init.signal);
        failure = error;
      }
      const canRetry = retryable && attempt < this.options.maxRetries;
      if (response && (!RETRYABLE(response.status) || !canRetry)) return response;
      if (!response && !canRetry) {
        const cause = (failure as { cause?: { code?: string } }).cause?.code ?? (failure as Error).message;
        throw new KilnConnectionError(
          `Could not reach ${new URL(url).origin} (${cause}); is the server running?`,
          failure,
        );
      }
      await response?.body?.cancel();
      await sleep(this.retryDelay(attempt, response), init.signal ?? undefined);
    }
  }

  private retryDelay(attempt: number, response: Response | undefined): number {
    const header = response?.headers.get('retry-after');
    const seconds = header === null || header === undefined ? Number.NaN : Number(header);
    const backoff = this.options.retryBaseMs * 2 ** attempt * (0.5 + Math.random() / 2);
    const delay = Number.isFinite(seconds) ? seconds * 1000 : backoff;
    return Math.min(this.options.maxRetryDelayMs, Math.max(0, delay));
  }

  private async refusal(response: Response): Promise<never> {
    const text = await response.text();
    let code = `HTTP_${response.status}`;
    let message = text || response.statusText;
    try {
      const body = JSON.parse(text) as { error?: string; message?: string };
      if (body.error) code = body.error;
      if (body.message) message = body.message;
    } catch {
      // Not JSON (a proxy's page): the status speaks.
    }
    const header = response.headers.get('retry-after');
    const retryAfter = header === null ? Number.NaN : Number(header);
    throw new KilnApiError(code, message, response.status, Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
}
