/** Test helpers for the event stream: open it over real HTTP and collect its events. */
import { readSse } from '../../src/cli/sse.ts';

export interface StreamEvent {
  id: number;
  event: string;
  data: Record<string, any>;
}

export interface OpenStream {
  events: StreamEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves once `count` events (or one matching `test`) arrived. */
  until(test: number | ((event: StreamEvent) => boolean), timeoutMs?: number): Promise<StreamEvent[]>;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`events stream answered ${response.status}: ${await response.text()}`);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error('not an event stream');
  const events: StreamEvent[] = [];
  const ended = (async () => {
    try {
      for await (const message of readSse(response.body!))
        events.push({ id: Number(message.id), event: message.event, data: JSON.parse(message.data) });
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  return {
    events,
    ended,
    async until(test, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      const met = () => (typeof test === 'number' ? events.length >= test : events.some(test));
      while (!met()) {
        if (Date.now() > deadline)
          throw new Error(`stream events so far: ${JSON.stringify(events.map((e) => `${e.id}:${e.event}`))}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return events;
    },
    close: () => controller.abort(),
  };
}
