/**
 * The one way task events leave the process that made them. Every implementation delivers each
 * published event to every subscriber of every process sharing the deployment (its own included):
 * in process when embedded, over Redis pub/sub when REDIS_URL is set, over PostgreSQL LISTEN/NOTIFY
 * with DATABASE_URL alone. Delivery is best-effort and fast; readers that must not miss a state
 * (the event stream) also re-read the database now and then, and webhooks go through a durable outbox.
 */
import type { Logger } from '../../logger.ts';
import type { TaskEvent } from './types.ts';

export type TaskEventListener = (event: TaskEvent) => void;

export interface TaskEventPublisher {
  readonly kind: 'embedded' | 'redis' | 'postgres';
  /** Sends the event to every subscriber; never throws (a failure is logged: the database stays the truth). */
  publish(event: TaskEvent): Promise<void>;
  /** Calls `listener` for every event of every task; returns the unsubscribe function. */
  subscribe(listener: TaskEventListener): () => void;
  close(): Promise<void>;
}

/** Calls every listener, isolating each one's failure from the others. */
export function fanOut(listeners: Set<TaskEventListener>, event: TaskEvent, logger: Logger): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      logger.warn({ err: error }, 'task event listener failed');
    }
  }
}

/** Events travel as JSON; a malformed message (another program on the channel) is dropped. */
export function decodeEvent(text: string): TaskEvent | null {
  try {
    const event = JSON.parse(text) as TaskEvent;
    return typeof event?.taskId === 'string' && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}
