/** The `data:` JSON of each event on the task event stream, in the API's own spelling. */
import type { TaskEvent } from '../tasks/events/index.ts';

export function taskEventBody(event: TaskEvent, signFile: (name: string) => string): Record<string, unknown> {
  const base = {
    task_uuid: event.taskId,
    ...(event.jobId ? { job_uuid: event.jobId } : {}),
    time: new Date(event.at).toISOString(),
  };
  switch (event.type) {
    case 'waiting':
      return { ...base, status: 'Waiting', position: event.position ?? 1 };
    case 'started':
      return {
        ...base,
        status: 'Generating',
        attempt: event.attempt ?? 1,
        stage: event.stage ?? 'starting',
        progress: 0,
      };
    case 'progress':
      return { ...base, status: 'Generating', stage: event.stage ?? null, progress: event.progress ?? 0 };
    case 'done':
      return {
        ...base,
        status: 'Done',
        progress: 100,
        list: (event.files ?? []).map((name) => ({ url: signFile(name), name })),
      };
    case 'failed':
      return { ...base, status: 'Failed', error: event.error?.code ?? 'UNKNOWN', message: event.error?.message ?? '' };
  }
}

/** One event in text/event-stream framing. */
export function sseFrame(id: number, event: TaskEvent, data: Record<string, unknown>): string {
  return `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;
}
