/**
 * Task events: what happened to a task, as every reader of it (the SSE stream, webhooks, the
 * playground, the CLI) sees it. Each event carries an id that only grows along a task's life, so a
 * reader that reconnects with the last id it saw gets only what is newer.
 */

export type TaskEventType = 'waiting' | 'started' | 'progress' | 'done' | 'failed';

export interface TaskEvent {
  type: TaskEventType;
  taskId: string;
  jobId?: string;
  /** waiting: 1 = next to run. */
  position?: number;
  /** started: the run number (1 on the first run). */
  attempt?: number;
  /** started/progress: the engine's stage. */
  stage?: string | null;
  /** progress: 0–99 while running (100 only with done). */
  progress?: number;
  /** done: the output file names. */
  files?: string[];
  /** failed: the catalogue code and the reason. */
  error?: { code: string; message: string };
  /** When the event happened, ms since the epoch (readers measure delivery delay from it). */
  at: number;
}

const PHASE: Record<TaskEventType, number> = { waiting: 1, started: 2, progress: 3, done: 4, failed: 4 };

/**
 * The event's id: phase × 1000 + detail, so ids grow along the task's life whatever process made the
 * event: waiting 1000–1999 (higher as the queue moves up), started 2001… (run number), progress
 * 3000–3099 (the percentage, which never moves backwards), done/failed 4000.
 */
export function eventId(event: Pick<TaskEvent, 'type' | 'position' | 'attempt' | 'progress'>): number {
  const phase = PHASE[event.type];
  switch (event.type) {
    case 'waiting':
      return phase * 1000 + 999 - Math.min(999, Math.max(1, event.position ?? 1));
    case 'started':
      return phase * 1000 + Math.min(999, Math.max(0, event.attempt ?? 1));
    case 'progress':
      return phase * 1000 + Math.min(99, Math.max(0, Math.floor(event.progress ?? 0)));
    default:
      return phase * 1000;
  }
}

export const isFinal = (event: Pick<TaskEvent, 'type'>) => event.type === 'done' || event.type === 'failed';

/** Last-Event-ID as sent by a client; 0 (everything) when absent or not an id Kiln gave. */
export function parseEventId(value: unknown): number {
  const text = Array.isArray(value) ? value[0] : value;
  const id = Number(typeof text === 'string' ? text.trim() : NaN);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
