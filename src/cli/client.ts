/**
 * The CLI's client commands talk to a running Kiln (KILN_URL, KILN_API_KEY) through the TypeScript SDK
 * (clients/ts): one client, not two. This module adds what a terminal needs on top: the options from the
 * environment, the SDK's errors as CliErrors that say what to change, and the progress bar.
 */
import { resolve } from 'node:path';
import {
  KilnApiError,
  KilnClient,
  KilnConnectionError,
  type StatusResponse,
  type SubmitResponse,
  type TaskRecord,
} from '../../clients/ts/src/index.ts';
import { CliError, type CliIo } from './output.ts';
import { ProgressBar } from './progress.ts';

export type { SubmitResponse };
export type StatusJob = StatusResponse['jobs'][number];

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Polling interval when the server has no event stream. */
  pollMs?: number;
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
  TASK_STILL_RUNNING: ' Cancel it first: `kiln cancel <uuid>`.',
};

/** The SDK's client for these options. */
export function sdkClient(options: ClientOptions): KilnClient {
  return new KilnClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, pollMs: options.pollMs });
}

/** Runs one SDK call, turning its errors into CliErrors that name the code and what to do. */
export async function call<T>(options: ClientOptions, work: (client: KilnClient) => Promise<T>): Promise<T> {
  try {
    return await work(sdkClient(options));
  } catch (error) {
    if (error instanceof KilnApiError) {
      if (error.status === 0) {
        throw new CliError(`Task failed: ${error.code}: ${error.message} (credits were refunded).`);
      }
      throw new ServerRefusal(
        error.code,
        `${error.code}: ${error.message}${HINTS[error.code] ?? ''}`,
        error.retryAfterSeconds,
      );
    }
    if (error instanceof KilnConnectionError) {
      throw new CliError(`Cannot reach Kiln at ${options.baseUrl}; start it with \`kiln serve\` or set KILN_URL.`);
    }
    throw error;
  }
}

/** Waits until the task is Done (its record) or Failed (throws), drawing a progress bar from the event stream. */
export function followTask(options: ClientOptions, uuid: string, io: CliIo): Promise<TaskRecord> {
  const bar = new ProgressBar(io);
  return call(options, (client) =>
    client
      .waitFor(uuid, {
        onProgress: (progress) =>
          bar.update({
            status: progress.state,
            progress: progress.progress,
            stage:
              progress.state === 'Waiting' && progress.position
                ? `position ${progress.position}`
                : (progress.stage ?? undefined),
          }),
      })
      .finally(() => bar.done()),
  );
}

/** Fetches every file of a Done task into `outDir`; returns the written paths. */
export async function download(options: ClientOptions, taskUuid: string, outDir: string): Promise<string[]> {
  const record = await call(options, (client) => client.task(taskUuid));
  if (record.state !== 'Done') {
    throw new CliError(
      `Task ${taskUuid} is ${record.state}${record.state === 'Failed' ? '' : '; wait until it is Done (kiln status <subscription_key> --wait)'}: it has no files to download.`,
    );
  }
  return call(options, (client) => client.download(record, resolve(outDir)));
}
