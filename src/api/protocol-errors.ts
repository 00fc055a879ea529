/**
 * Refusals that happen before a route runs (Node's HTTP parser, Fastify's router, `Expect` headers)
 * answered in Kiln's shape, `{"error": CODE, "message"}`, instead of Node's or Fastify's defaults.
 * Nothing from the request (a 5,000-character path, a header) is echoed back.
 */
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler.ts';
import type { ErrorCode } from '../errors.ts';

interface ParserRefusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/** Node's HTTP parser errors (`HPE_*`, timeouts) as Kiln refusals. */
export function parserRefusal(error: NodeJS.ErrnoException): ParserRefusal {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'INVALID_REQUEST',
        message:
          'The request was not received in time (headers and body must arrive within the server’s request timeout); send it again without pauses.',
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'INVALID_REQUEST',
        message: 'The request line or headers are too large; send a shorter URL and fewer or smaller headers.',
      };
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_INVALID_EOF_STATE':
      return {
        status: 400,
        code: 'INVALID_REQUEST',
        message: 'The chunked request body is malformed or was cut short; send the request again.',
      };
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return {
        status: 400,
        code: 'INVALID_REQUEST',
        message: 'A request header is malformed (name, Content-Length or Transfer-Encoding); fix the request headers.',
      };
    default:
      return {
        status: 400,
        code: 'INVALID_REQUEST',
        message: 'The HTTP request is malformed; check the request line, headers and body framing.',
      };
  }
}

/** Fastify's `clientErrorHandler`: write a Kiln body on the raw socket, then close it. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = parserRefusal(error);
  const body = JSON.stringify(errorBody(refusal.code, refusal.message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${refusal.status === 408 ? 'Request Timeout' : refusal.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's `frameworkErrors`: bad URL encodings and over-long path parameters. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply
      .code(414)
      .send(
        errorBody('INVALID_REQUEST', 'A path segment is too long; task ids and file names are short, check the URL.'),
      );
    return;
  }
  reply
    .code(400)
    .send(
      errorBody('INVALID_REQUEST', 'The URL is malformed (bad percent-encoding or an invalid path); check the URL.'),
    );
}

/** `Expect:` values other than 100-continue: 417 in Kiln's shape (Node would send an empty body). */
export function installExpectationHandler(server: Server): void {
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(
      errorBody(
        'INVALID_REQUEST',
        'Only `Expect: 100-continue` is supported; drop the Expect header or use 100-continue.',
      ),
    );
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
}
