/** A reader of text/event-stream bodies (the CLI follows tasks with it; tests and benchmarks too). */

export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** Yields each message of the stream as it arrives; ends when the server closes the stream. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = '';
  let message: Partial<SseMessage> & { data?: string } = {};
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r?\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer[newline] === '\r' ? 2 : 1));
      if (line === '') {
        if (message.data !== undefined) yield { id: message.id, event: message.event ?? 'message', data: message.data };
        message = {};
        continue;
      }
      if (line.startsWith(':')) continue; // heartbeat comment
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') message.data = message.data === undefined ? value : `${message.data}\n${value}`;
      else if (field === 'event') message.event = value;
      else if (field === 'id') message.id = value;
    }
  }
}
