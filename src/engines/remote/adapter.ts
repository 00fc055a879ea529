/**
 * What an adapter is: the code that speaks one model server's protocol. The remote engine picks an
 * endpoint, gives the adapter a job and a context, and post-processes what comes back. An adapter
 * reports how it failed with RemoteFailure so the engine knows whether another endpoint may help.
 */
import type { RemoteSettings } from '../../config.ts';
import type { EngineKind, TaskSpec } from '../../domain/task-spec.ts';
import type { EngineFile, EngineInputFile } from '../engine.ts';

export interface RemoteJob {
  taskId: string;
  spec: TaskSpec;
  inputs: EngineInputFile[];
}

export interface AdapterContext {
  /** Base URL of the chosen endpoint. */
  endpoint: string;
  settings: RemoteSettings;
  signal: AbortSignal;
  /**
   * The adapter's provider key, read inside the engine thread from KILN_<ADAPTER>_API_KEY or the file
   * named by KILN_<ADAPTER>_API_KEY_FILE (api-key.ts). It never travels in the engine's module URL and
   * must never reach a message, a note, a log line or a metric.
   */
  apiKey: string | undefined;
  /** Reports a remote stage; `fraction` 0–1 within the remote part of the run. */
  progress(stage: string, fraction: number): void;
}

/**
 * `model`: one GLB for Kiln's output pipeline to finish (budget, UVs, maps, variants, formats, preview).
 * `files`: finished download files (a Kiln engine server ran the whole engine), stored as they are.
 */
export type RemoteOutput =
  | {
      type: 'model';
      glb: Uint8Array;
      /** A base-colour image the provider sent as a separate file, used where the model's materials have none. */
      baseColor?: Uint8Array;
      notes?: Record<string, unknown>;
    }
  | { type: 'files'; files: EngineFile[]; notes?: Record<string, unknown> };

export interface RemoteAdapter {
  readonly name: string;
  /** The task kinds this adapter can serve. */
  readonly kinds: readonly EngineKind[];
  /** The provider's public base URL, used when a chain names the adapter without a URL (`tripo`). */
  readonly defaultEndpoint?: string;
  /** Resolves when the endpoint answers like a live server of this protocol; rejects with RemoteFailure otherwise. */
  health(context: Omit<AdapterContext, 'progress'>): Promise<void>;
  run(job: RemoteJob, context: AdapterContext): Promise<RemoteOutput>;
}

/**
 * - `crash`: unreachable, connection dropped, 5xx or an error status: another endpoint may succeed.
 * - `timeout`: the server stayed in one stage longer than the stage timeout (a dead generation thread).
 * - `garbage`: the server answered, but not with something usable.
 * - `refused`: the server refused the input (4xx, or a job error with an input code).
 * - `bad-key`: the provider refused Kiln's key (401/403): the operator's problem, never the client's.
 * - `no-credits`: the provider's account has no credits left: the operator's problem too.
 * - `rate-limited`: still rate-limited (429) after the back-off budget (KILN_REMOTE_RATE_LIMIT_RETRIES).
 * - `upstream-failed`: the provider ran the job and reported it failed.
 * Every kind ends this engine's attempt; the next engine of the chain runs (engine.ts). Only `crash`
 * moves on to another endpoint of the same engine (the others would fail the same way there).
 */
export type RemoteFailureKind =
  | 'crash'
  | 'timeout'
  | 'garbage'
  | 'refused'
  | 'bad-key'
  | 'no-credits'
  | 'rate-limited'
  | 'upstream-failed';

export class RemoteFailure extends Error {
  constructor(
    readonly kind: RemoteFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteFailure';
  }
}

/** fetch with the request timeout; network errors and timeouts become RemoteFailure('crash'). */
export async function remoteFetch(
  context: Pick<AdapterContext, 'settings' | 'signal'>,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const timeout = AbortSignal.timeout(context.settings.requestTimeoutMs);
  const shown = withoutQuery(url);
  try {
    return await fetch(url, { ...init, signal: AbortSignal.any([context.signal, timeout]) });
  } catch (error) {
    if (context.signal.aborted)
      throw context.signal.reason instanceof Error ? context.signal.reason : new Error('The task was cancelled.');
    if (timeout.aborted)
      throw new RemoteFailure(
        'crash',
        `${init.method ?? 'GET'} ${shown} got no answer within ${context.settings.requestTimeoutMs} ms`,
      );
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new RemoteFailure(
      'crash',
      `${init.method ?? 'GET'} ${shown} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
  }
}

/** A URL for messages: a signed download URL's query (its signature and expiry) stays out of records and logs. */
export function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : url.slice(0, cut);
}

/** The body as JSON, or RemoteFailure('garbage') saying what came instead. */
export async function jsonBody<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new RemoteFailure(
      'garbage',
      `${what} answered HTTP ${response.status} with a body that is not JSON: "${text.slice(0, 80)}"`,
    );
  }
}

/** Fails on a non-2xx answer: 5xx (and 429) may pass on another endpoint, other 4xx will not. */
export async function checkStatus(response: Response, what: string): Promise<void> {
  if (response.ok) return;
  const body = (await response.text().catch(() => '')).slice(0, 200);
  const kind = response.status >= 500 || response.status === 429 ? 'crash' : 'refused';
  throw new RemoteFailure(kind, `${what} answered HTTP ${response.status}${body ? `: ${body}` : ''}`);
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('The task was cancelled.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Tracks how long a remote job has been in its current stage; throws RemoteFailure('timeout') past the limit. */
export function stageWatch(service: string, limitMs: number) {
  let stage = '';
  let since = Date.now();
  return (current: string): void => {
    if (current !== stage) {
      stage = current;
      since = Date.now();
      return;
    }
    if (Date.now() - since > limitMs) {
      const limit = limitMs >= 10_000 ? `${Math.round(limitMs / 1000)} s` : `${limitMs} ms`;
      throw new RemoteFailure(
        'timeout',
        `${service} stayed in stage "${stage}" for more than ${limit} (KILN_REMOTE_STAGE_TIMEOUT_MS); the job was abandoned`,
      );
    }
  };
}
