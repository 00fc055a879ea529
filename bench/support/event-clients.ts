/**
 * The client side of bench/events.ts, in its own process so the server's memory and event loop are
 * measured alone: opens one event stream per URL line on stdin (Bearer key from KILN_API_KEY), says
 * `connected` once every stream delivered its first event, then records the delay of every live
 * progress event (receive time − the event's `time`) until every stream ended, and prints the figures as JSON.
 */
import http from 'node:http';
import { createInterface } from 'node:readline';

const urls: string[] = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'end') break;
  if (line.trim()) urls.push(line.trim());
}
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const delays: number[] = [];
let connected = 0;
let ended = 0;
let errors = 0;

function open(url: string): void {
  let first = true;
  let buffer = '';
  const request = http.get(
    url,
    { agent, headers: { authorization: `Bearer ${process.env.KILN_API_KEY}`, accept: 'text/event-stream' } },
    (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const now = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (!data) continue;
          if (first) {
            first = false;
            if (++connected === urls.length) process.stdout.write('connected\n');
          }
          // Live progress only: the snapshot at connection says started and progress 0.
          const event = JSON.parse(data) as { time: string; progress?: number };
          if (/^event: progress$/m.test(frame) && (event.progress ?? 0) > 0) delays.push(now - Date.parse(event.time));
        }
      });
      response.on('end', () => {
        if (++ended === urls.length) report();
      });
    },
  );
  request.on('error', () => {
    errors++;
    if (++ended === urls.length) report();
  });
}

function report(): void {
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? NaN;
  process.stdout.write(
    `${JSON.stringify({ streams: urls.length, events: delays.length, errors, p50: at(0.5), p99: at(0.99), max: delays.at(-1) ?? NaN })}\n`,
  );
  process.exit(0);
}

for (const url of urls) open(url);
