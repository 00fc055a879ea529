/**
 * Following one task: its current state from the database, then every newer event from the publisher,
 * with a periodic re-read of the database in case the publisher dropped one. Events reach the reader
 * only when their id is higher than the last one it saw, so duplicates (snapshot and live, two
 * deliveries) and stale events (a retried run starting again from zero) never show, and a reader that
 * resumes from an id gets only what is newer.
 */
import type { Config } from '../../config.ts';
import { silentLogger, type Logger } from '../../logger.ts';
import type { Db } from '../../store/db.ts';
import type { TaskEventPublisher } from './publisher.ts';
import { taskSnapshot } from './snapshot.ts';
import { eventId, isFinal, type TaskEvent } from './types.ts';

export interface FollowOptions {
  /** Only events with a higher id are passed on (Last-Event-ID); default 0. */
  afterId?: number;
  /** Stops following (the client went away). */
  signal: AbortSignal;
  onEvent(id: number, event: TaskEvent): void;
}

export interface TaskFeed {
  /** The task's current events, or null when it does not exist. */
  snapshot(taskId: string): Promise<TaskEvent[] | null>;
  /** Resolves after the final event (done or failed) was passed on, or when the signal aborts. */
  follow(taskId: string, options: FollowOptions): Promise<void>;
  /** Streams being followed right now (metrics, benchmarks). */
  readonly following: number;
  close(): void;
}

/** While a task waits, its queue position is re-read this often (positions move as others start). */
const WAITING_RESYNC_MS = 2_000;

export function createTaskFeed(options: {
  db: Db;
  publisher: TaskEventPublisher;
  config: Pick<Config, 'events'>;
  logger?: Logger;
}): TaskFeed {
  const { db, publisher } = options;
  const logger = options.logger ?? silentLogger;
  const byTask = new Map<string, Set<(event: TaskEvent) => void>>();
  let count = 0;
  // One subscription for the whole process; events are routed to the readers of their task.
  const unsubscribe = publisher.subscribe((event) => {
    const readers = byTask.get(event.taskId);
    if (readers) for (const reader of readers) reader(event);
  });

  function follow(taskId: string, { afterId = 0, signal, onEvent }: FollowOptions): Promise<void> {
    return new Promise<void>((resolve) => {
      let last = afterId;
      let finished = false;
      let waiting = false;
      let timer: NodeJS.Timeout | undefined;
      const early: TaskEvent[] = [];
      let live = false;

      const finish = () => {
        if (finished) return;
        finished = true;
        count--;
        clearTimeout(timer);
        const readers = byTask.get(taskId);
        readers?.delete(reader);
        if (readers?.size === 0) byTask.delete(taskId);
        signal.removeEventListener('abort', finish);
        resolve();
      };
      const emit = (event: TaskEvent) => {
        if (finished) return;
        const id = eventId(event);
        if (id <= last) return;
        last = id;
        waiting = event.type === 'waiting';
        onEvent(id, event);
        if (isFinal(event)) finish();
      };
      const reader = (event: TaskEvent) => (live ? emit(event) : early.push(event));
      const resync = async () => {
        try {
          const events = (await taskSnapshot(db, taskId)) ?? [];
          for (const event of events) emit(event);
          // A reader resuming after the final event (or a task gone) has nothing more to wait for.
          if (events.length === 0 || events.some(isFinal)) finish();
        } catch (error) {
          logger.warn({ err: error, taskId }, 'event stream: database re-read failed');
        }
      };
      const schedule = () => {
        if (finished) return;
        timer = setTimeout(
          () => void resync().then(schedule),
          waiting ? Math.min(WAITING_RESYNC_MS, options.config.events.resyncMs) : options.config.events.resyncMs,
        );
      };

      count++;
      if (signal.aborted) return finish();
      signal.addEventListener('abort', finish);
      // Subscribe before reading, so nothing published in between is lost; events that arrive during
      // the read are replayed after it, and the id filter drops what the snapshot already covered.
      let readers = byTask.get(taskId);
      if (!readers) byTask.set(taskId, (readers = new Set()));
      readers.add(reader);
      void resync().then(() => {
        live = true;
        for (const event of early.splice(0)) emit(event);
        schedule();
      });
    });
  }

  return {
    snapshot: (taskId) => taskSnapshot(db, taskId),
    follow,
    get following() {
      return count;
    },
    close() {
      unsubscribe();
      byTask.clear();
    },
  };
}
