/**
 * Waiting on a task through its event stream (GET /api/v2/tasks/{uuid}/events), with the progress bar;
 * reconnects with Last-Event-ID when the connection drops, and falls back to polling /status when the
 * server has no stream (an older Kiln) or it keeps failing.
 */
import { CliError, type CliIo } from './output.ts';
import { ProgressBar } from './progress.ts';
import { readSse } from './sse.ts';
import { status, waitForTask, type ClientOptions, type StatusJob } from './client.ts';

class StreamUnavailable extends Error {}

const RECONNECTS = 3;

/** Resolves on done, throws CliError on failed, StreamUnavailable when the stream cannot be used. */
async function followStream(options: ClientOptions, uuid: string, io: CliIo): Promise<void> {
  const bar = new ProgressBar(io);
  let lastId: string | undefined;
  for (let attempt = 0; attempt <= RECONNECTS; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}/api/v2/tasks/${encodeURIComponent(uuid)}/events`, {
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'text/event-stream',
          ...(lastId ? { 'last-event-id': lastId } : {}),
        },
      });
    } catch {
      continue;
    }
    if (
      response.status !== 200 ||
      !response.headers.get('content-type')?.startsWith('text/event-stream') ||
      !response.body
    ) {
      await response.body?.cancel();
      throw new StreamUnavailable(`HTTP ${response.status}`);
    }
    try {
      for await (const message of readSse(response.body)) {
        if (message.id) lastId = message.id;
        const data = JSON.parse(message.data) as {
          status: string;
          progress?: number;
          stage?: string;
          position?: number;
          error?: string;
          message?: string;
        };
        if (message.event === 'failed') {
          bar.done();
          throw new CliError(
            `Task failed: ${data.error ?? 'UNKNOWN'}: ${data.message ?? 'no reason given'} (credits were refunded).`,
          );
        }
        const stage = message.event === 'waiting' ? `position ${data.position}` : data.stage;
        bar.update({ status: data.status, progress: data.progress ?? 0, stage });
        if (message.event === 'done') {
          bar.done();
          return;
        }
      }
    } catch (error) {
      if (error instanceof CliError) throw error;
    }
  }
  throw new StreamUnavailable('the event stream kept dropping');
}

/** Waits until the task is Done (returns its jobs) or Failed (throws), by event stream or else by polling. */
export async function followTask(
  options: ClientOptions,
  uuid: string,
  subscriptionKey: string,
  io: CliIo,
  intervalMs: number,
): Promise<StatusJob[]> {
  try {
    await followStream(options, uuid, io);
    return await status(options, subscriptionKey);
  } catch (error) {
    if (!(error instanceof StreamUnavailable)) throw error;
    return waitForTask(options, subscriptionKey, io, intervalMs);
  }
}
