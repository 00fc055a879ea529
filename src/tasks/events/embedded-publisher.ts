/** Task events within one process (the embedded deployment: API and workers share the process). */
import { silentLogger, type Logger } from '../../logger.ts';
import { fanOut, type TaskEventListener, type TaskEventPublisher } from './publisher.ts';

export function createEmbeddedPublisher(logger: Logger = silentLogger): TaskEventPublisher {
  const listeners = new Set<TaskEventListener>();
  return {
    kind: 'embedded',
    async publish(event) {
      fanOut(listeners, event, logger);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
