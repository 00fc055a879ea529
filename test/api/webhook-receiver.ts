/** A webhook receiver for tests: a real HTTP server that records every request and answers as scripted. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: Record<string, any>;
  answeredWith: number;
}

export interface Receiver {
  url: string;
  received: ReceivedHook[];
  /** Sets the status of the next answers: a function of the request's index (0-based). */
  answer(fn: (index: number, hook: Omit<ReceivedHook, 'answeredWith'>) => number): void;
  until(test: (received: ReceivedHook[]) => boolean, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  let decide: (index: number, hook: Omit<ReceivedHook, 'answeredWith'>) => number = () => 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const hook = { headers: request.headers, body, json: JSON.parse(body) };
      const status = decide(received.length, hook);
      received.push({ ...hook, answeredWith: status });
      response.writeHead(status).end(status < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/kiln`,
    received,
    answer(fn) {
      decide = fn;
    },
    async until(test, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!test(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `receiver got ${received.length} requests: ${JSON.stringify(received.map((hook) => [hook.json.id, hook.json.type, hook.answeredWith]))}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
