/**
 * Turns whatever body a client sent (multipart, urlencoded or JSON) into the domain's RawRequest:
 * every field as a list of strings in arrival order, every file as bytes. No rule about field
 * meaning lives here; unknown fields pass through and the domain ignores them.
 */
import type { FastifyRequest } from 'fastify';
import { KilnError } from '../errors.ts';
import { emptyFields, normaliseFieldName, type RawFile, type RawRequest } from '../domain/raw-request.ts';
import { multipartBoundary, truncatedMultipart, watchClosingDelimiter } from './multipart-guard.ts';
import type { UploadBudget } from './upload-budget.ts';

export type { RawFile, RawRequest };

export interface UploadLimits {
  /** Most file parts one request may carry. */
  maxFiles: number;
  /** Largest single file in bytes. */
  maxFileBytes: number;
  /** Largest sum of all files in bytes. */
  maxTotalBytes: number;
  /** Server-wide budget of upload bytes in memory at once (default: none beyond maxTotalBytes). */
  budget?: UploadBudget;
}

/** Fields whose parts are files even without a filename or Content-Type (docs/spec/compat.md: untyped image parts). */
const FILE_FIELDS = new Set(['images', 'image', 'model']);

function mib(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`
    : `${bytes} bytes`;
}

function fieldValueToStrings(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value))
    return value.flatMap((item) =>
      typeof item === 'object' && item !== null ? [JSON.stringify(item)] : fieldValueToStrings(item),
    );
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/** A parsed JSON or urlencoded body as fields (arrays become repeated values). */
export function rawRequestFromObject(body: unknown): RawRequest {
  const fields = emptyFields();
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      const values = fieldValueToStrings(value);
      if (values.length > 0) (fields[normaliseFieldName(name)] ??= []).push(...values);
    }
  }
  return { fields, files: [] };
}

function tooLarge(message: string, limit: string): KilnError {
  return new KilnError('PAYLOAD_TOO_LARGE', message, { limit });
}

/** Reads a multipart body fully into memory, enforcing the upload limits as bytes arrive. */
export async function readMultipart(request: FastifyRequest, limits: UploadLimits): Promise<RawRequest> {
  const fields = emptyFields();
  const files: RawFile[] = [];
  let total = 0;
  const boundary = multipartBoundary(request.headers['content-type']);
  let closing: { complete(): boolean } | undefined;
  let held = 0;
  try {
    const parts = request.parts({
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        fieldSize: 1024 * 1024,
        fields: 200,
        parts: 300,
      },
      isPartAFile: (field: string | undefined, contentType: string, filename?: string) =>
        filename !== undefined ||
        contentType === 'application/octet-stream' ||
        FILE_FIELDS.has(normaliseFieldName(field)),
    } as Parameters<FastifyRequest['parts']>[0]);
    closing = watchClosingDelimiter(request.raw, boundary);
    for await (const part of parts) {
      if (typeof part.fieldname !== 'string' || part.fieldname === '') {
        throw new KilnError(
          'INVALID_REQUEST',
          'A multipart part has no name in its Content-Disposition header; give every part a name (e.g. `form-data; name="images"`).',
        );
      }
      if (part.type === 'file') {
        // Counted chunk by chunk, so an over-limit upload is refused as soon as it crosses the limit.
        const chunks: Buffer[] = [];
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          total += chunk.length;
          if (total > limits.maxTotalBytes) {
            throw tooLarge(
              `The uploaded files total more than ${mib(limits.maxTotalBytes)} (the limit per request); send smaller or fewer files.`,
              'maxTotalBytes',
            );
          }
          limits.budget?.take(chunk.length);
          held += chunk.length;
          chunks.push(chunk);
        }
        if ((part.file as { truncated?: boolean }).truncated) {
          throw translateMultipartError(
            Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', part }),
            limits,
          );
        }
        const bytes = Buffer.concat(chunks);
        const contentType = part.mimetype && part.mimetype !== 'application/octet-stream' ? part.mimetype : undefined;
        files.push({
          field: normaliseFieldName(part.fieldname),
          filename: part.filename || part.fieldname,
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          ...(contentType ? { contentType } : {}),
        });
      } else {
        (fields[normaliseFieldName(part.fieldname)] ??= []).push(...fieldValueToStrings(part.value));
      }
    }
  } catch (error) {
    throw translateMultipartError(error, limits);
  } finally {
    limits.budget?.give(held);
  }
  if (!closing?.complete()) throw truncatedMultipart();
  return { fields, files };
}

function translateMultipartError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof KilnError) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const name = (error as { part?: { filename?: string; fieldname?: string } }).part;
    const which = name?.filename || name?.fieldname;
    return tooLarge(
      `${which ? `File "${which}" is` : 'A file is'} larger than ${mib(limits.maxFileBytes)} (the per-file limit); send a smaller file.`,
      'maxFileBytes',
    );
  }
  if (code === 'FST_FILES_LIMIT') {
    return tooLarge(
      `At most ${limits.maxFiles} files may be uploaded in one request (the file count limit); send fewer files.`,
      'maxFiles',
    );
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return tooLarge('The form has too many parts; send at most 200 fields.', 'maxParts');
  }
  if (code === 'FST_PROTO_VIOLATION') {
    return new KilnError(
      'INVALID_REQUEST',
      'A multipart field is named after a reserved word (such as constructor, toString or __proto__); rename or drop that field.',
    );
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new KilnError('INVALID_REQUEST', `The multipart body could not be read: ${(error as Error).message}`);
  }
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (error instanceof Error &&
      /Unexpected end of form|terminated early|Malformed|Boundary not found|Multipart:/i.test(error.message))
  ) {
    return new KilnError('INVALID_REQUEST', 'The multipart body is malformed or was cut short; resend the request.');
  }
  // Any other failure while reading the client's bytes (busboy's own errors carry no code) is the
  // body's fault, not the server's.
  if (
    error instanceof Error &&
    !code &&
    /node_modules[\\/](busboy|@fastify[\\/]multipart)[\\/]/.test(error.stack ?? '')
  ) {
    return new KilnError('INVALID_REQUEST', `The multipart body could not be read: ${error.message.slice(0, 200)}`);
  }
  return error;
}

/** The body of any supported encoding as a RawRequest. */
export async function readRawRequest(request: FastifyRequest, limits: UploadLimits): Promise<RawRequest> {
  if (request.isMultipart()) return readMultipart(request, limits);
  return rawRequestFromObject(request.body);
}
