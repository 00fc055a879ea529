/**
 * What the provider fakes share: a loopback HTTP server that records every request, JSON answers, and
 * short-lived signed download URLs the way object stores serve providers' outputs (a signature and an
 * expiry in the query; refused once expired, with a wrong signature, or when the request also carries
 * an Authorization header, as S3 refuses a second credential).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ProviderFake, RecordedRequest } from './types.ts';

export interface FakeServer extends ProviderFake {
  /** A signed URL for `bytes`, valid for `ttlMs`. */
  sign(name: string, bytes: Uint8Array, contentType: string, ttlMs?: number): string;
}

export type Handler = (request: IncomingMessage, response: ServerResponse, path: string) => Promise<void> | void;

export function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readJson(request: IncomingMessage): Promise<Record<string, any> | undefined> {
  try {
    return JSON.parse((await readBody(request)).toString('utf8')) as Record<string, any>;
  } catch {
    return undefined;
  }
}

/** The bearer token of a request, or undefined. */
export function bearer(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const secret = randomBytes(16);
  const blobs = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const requests: RecordedRequest[] = [];
  const signature = (name: string, expires: string) =>
    createHmac('sha256', secret).update(`${name}\n${expires}`).digest('hex');

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, headers });
    try {
      if (url.pathname.startsWith('/signed/')) {
        const name = decodeURIComponent(url.pathname.slice(8));
        const expires = url.searchParams.get('Expires') ?? '';
        const blob = blobs.get(name);
        const refused =
          !blob ||
          request.headers.authorization !== undefined ||
          url.searchParams.get('Signature') !== signature(name, expires) ||
          Number(expires) < Date.now();
        if (refused) {
          response
            .writeHead(403, { 'content-type': 'application/xml' })
            .end('<Error><Code>AccessDenied</Code></Error>');
          return;
        }
        response.writeHead(200, { 'content-type': blob.contentType }).end(blob.bytes);
        return;
      }
      await handler(request, response, url.pathname);
    } catch (error) {
      if (!response.headersSent) json(response, 500, { message: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    requests,
    sign(name, bytes, contentType, ttlMs = 60_000) {
      blobs.set(name, { bytes, contentType });
      const expires = String(Date.now() + ttlMs);
      return `${base}/signed/${encodeURIComponent(name)}?Expires=${expires}&Signature=${signature(name, expires)}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
