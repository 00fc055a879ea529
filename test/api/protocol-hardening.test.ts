/**
 * Issue 17, over a real socket: refusals made before a route runs (HTTP parser, router, Expect) carry
 * a Kiln error code and never echo the request; slow senders (slowloris) are cut off by the request
 * timeout within about a second of it, not Node's 30 s sweep.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let port: number;

before(async () => {
  h = await startHarness({ env: { KILN_REQUEST_TIMEOUT_MS: '1500', KILN_IDLE_TIMEOUT_MS: '5000' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
});
after(() => h.close());

/** Sends raw bytes (optionally in timed pieces) and resolves with everything the server wrote. */
function raw(pieces: Array<string | { wait: number }>, endAfter = true): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => resolve({ text, ms: Date.now() - started }));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('connect', async () => {
      try {
        for (const piece of pieces) {
          if (typeof piece === 'string') {
            if (!socket.destroyed) socket.write(piece);
          } else await new Promise((r) => setTimeout(r, piece.wait));
        }
        if (endAfter && !socket.destroyed) socket.end();
      } catch (error) {
        reject(error);
      }
    });
  });
}

function statusAndBody(text: string): { status: number; body: Record<string, any> } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(body) };
}

const auth = () => `Authorization: Bearer ${h.key}\r\n`;

test('malformed HTTP (bad chunking, bad header, huge headers) is answered with a Kiln code', async () => {
  const cases: Array<[string, number]> = [
    [
      `POST /api/v2/generate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nxx\r\n0\r\n\r\n`,
      400,
    ],
    [`GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`, 400],
    [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    [`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    // half-closed: the client ends its side after 10 of 100 announced bytes
    [
      `POST /api/v2/generate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"prompt":`,
      400,
    ],
    [
      `POST /api/v2/generate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: multipart/form-data; boundary=Q\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n--Q\r\nContent-Dis`,
      400,
    ],
  ];
  for (const [request, status] of cases) {
    const { text } = await raw([request]);
    const reply = statusAndBody(text);
    assert.equal(reply.status, status, text.slice(0, 200));
    assert.equal(reply.body.error, 'INVALID_REQUEST');
    assert.ok(!text.includes('aaaaaaaaaa'), 'the request is not echoed');
  }
});

test('an over-long path parameter gets 414 with a Kiln code and no echo of the path', async () => {
  const path = `/api/v2/tasks/${'b'.repeat(5_000)}`;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${h.key}` } });
  const body = await response.json();
  assert.equal(response.status, 414);
  assert.equal(body.error, 'INVALID_REQUEST');
  assert.ok(!JSON.stringify(body).includes('bbbbbbbbbb'));
});

test('Expect other than 100-continue: 417 with a Kiln code', async () => {
  const { text } = await raw([
    `POST /api/v2/generate HTTP/1.1\r\nHost: x\r\n${auth()}Expect: teapot\r\nContent-Length: 2\r\n\r\n{}`,
  ]);
  const reply = statusAndBody(text);
  assert.equal(reply.status, 417);
  assert.equal(reply.body.error, 'INVALID_REQUEST');
});

test('a half-sent body is answered (408 with a Kiln code) once the request timeout passes, and the server stays up', async () => {
  const head = `POST /api/v2/generate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: multipart/form-data; boundary=Q\r\nContent-Length: 100000\r\n\r\n--Q\r\n`;
  const { text, ms } = await raw([head, { wait: 4_000 }], false);
  assert.ok(ms < 3_800, `cut off after ${ms} ms (request timeout 1500 ms)`);
  if (text) assert.match(text, /INVALID_REQUEST/);
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  assert.equal(health.status, 200);
});

test('slowloris: headers trickled byte by byte are cut off near the request timeout', async () => {
  const pieces: Array<string | { wait: number }> = [];
  for (const ch of 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: abcdefghijklmnopqrstuvwxyz')
    pieces.push(ch, { wait: 100 });
  const { ms } = await raw(pieces, false);
  assert.ok(ms < 3_800, `cut off after ${ms} ms`);
});
