/**
 * BlobStore on an S3-compatible bucket (AWS S3, MinIO, R2 …), chosen when KILN_S3_BUCKET is set.
 * Writes go through lib-storage's multipart Upload, so a large output is sent part by part and an
 * unfinished upload leaves nothing under the key (S3 objects appear whole or not at all). Reads are
 * streamed from GetObject; nothing here holds a whole file except `get`, which callers use for small
 * blobs (uploaded images, a Bang source model).
 */
import { Buffer } from 'node:buffer';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config-s3.ts';
import { checkBlobKey, type BlobInfo, type BlobStore, type PresignOptions } from './blob-store.ts';
import { DependencyUnavailableError, isStorageOutage } from './unavailable.ts';

/** Multipart part size: S3's minimum is 5 MiB; 8 MiB × 4 parts in flight bounds an upload's buffers to ~32 MiB. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;
/** DeleteObjects takes at most 1000 keys per call. */
const DELETE_BATCH = 1000;

/** How long connecting to the bucket may take, and how long a request may sit without a byte moving. */
const S3_CONNECT_TIMEOUT_MS = 5_000;
const S3_IDLE_TIMEOUT_MS = 120_000;

export interface S3BlobStoreOptions extends Pick<S3Settings, 'bucket' | 'prefix'> {
  client: S3Client;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** An S3 client from the settings; credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID …, profiles, instance roles). */
export function s3ClientFor(
  settings: Pick<S3Settings, 'endpoint' | 'region' | 'forcePathStyle'>,
  extra: Partial<S3ClientConfig> = {},
): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers (older MinIO, Ceph, B2 …) refuse
    // the SDK's default trailing CRC32 on uploads; TLS still guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request (then retried, see S3BlobStore) instead of hanging it.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_IDLE_TIMEOUT_MS },
    ...extra,
  });
}

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
  }

  #key(key: string): string {
    checkBlobKey(key);
    return this.prefix + key;
  }

  /** An outage of the bucket as a DependencyUnavailableError (callers retry or answer 503); other errors as they are. */
  async #call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof DependencyUnavailableError || !isStorageOutage(error)) throw error;
      const why = (error as Error).message || (error as Error).name || String(error);
      throw new DependencyUnavailableError('storage', `S3 bucket "${this.bucket}" did not answer (${what}): ${why}`, {
        cause: error,
      });
    }
  }

  /**
   * Fails with a message naming the bucket and the settings to check when the bucket cannot be used;
   * with a DependencyUnavailableError when it merely does not answer now (the caller may wait).
   */
  async verify(): Promise<void> {
    const settings =
      'Check KILN_S3_BUCKET, KILN_S3_ENDPOINT, KILN_S3_REGION, KILN_S3_FORCE_PATH_STYLE and the AWS_* credentials.';
    try {
      await this.#call('checking the bucket', () => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
    } catch (error) {
      if (error instanceof DependencyUnavailableError) {
        const why = (error.cause as Error | undefined)?.message || error.message;
        throw new DependencyUnavailableError(
          'storage',
          `S3 bucket "${this.bucket}" is not reachable: ${why}. ${settings}`,
          {
            cause: error.cause,
          },
        );
      }
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'it does not exist'
          : status === 403
            ? 'access was denied (check the credentials)'
            : (error as Error).message || String(error);
      throw new Error(`S3 bucket "${this.bucket}" is not usable: ${why}. ${settings}`);
    }
  }

  async ping(): Promise<void> {
    await this.#call('checking the bucket', () => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  async #upload(key: string, body: Uint8Array | Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.#key(key), Body: body },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await this.#call(`writing ${key}`, () => upload.done());
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    // A Buffer view, not a copy: lib-storage slices Buffers into parts without duplicating them.
    await this.#upload(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  async putStream(key: string, source: Readable): Promise<number> {
    let bytes = 0;
    const counted = new PassThrough({ highWaterMark: PART_BYTES });
    counted.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    source.on('error', (error) => counted.destroy(error));
    source.pipe(counted);
    try {
      await this.#upload(key, counted);
    } catch (error) {
      source.destroy(); // S3 refused: stop reading (and close the file) rather than leave the source paused
      counted.destroy();
      throw error;
    }
    return bytes;
  }

  async get(key: string): Promise<Uint8Array | null> {
    return this.#call(`reading ${key}`, async () => {
      try {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.#key(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array(0);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  async stream(key: string): Promise<{ stream: Readable; size: number } | null> {
    return this.#call(`reading ${key}`, async () => {
      try {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.#key(key) }));
        return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    await this.#call(`deleting ${key}`, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.#key(key) })),
    );
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    const found: BlobInfo[] = [];
    let token: string | undefined;
    do {
      const page = await this.#call(`listing ${prefix}`, () =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ key: object.Key.slice(this.prefix.length), size: Number(object.Size ?? 0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const blobs = await this.list(prefix);
    for (let start = 0; start < blobs.length; start += DELETE_BATCH) {
      const batch = blobs.slice(start, start + DELETE_BATCH);
      const result = await this.#call(`deleting ${prefix}`, () =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: batch.map((blob) => ({ Key: this.prefix + blob.key })), Quiet: true },
          }),
        ),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(
          `S3 refused to delete ${failed.length} object(s) under "${prefix}": ${failed[0].Code ?? ''} ${failed[0].Message ?? ''}`.trim(),
        );
      }
    }
    return blobs.length;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  async presignedUrl(key: string, options: PresignOptions): Promise<string> {
    const ascii = options.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.#key(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(options.filename)}`,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresSeconds });
  }
}

/** The store for the settings, after checking that the bucket answers. */
export async function openS3BlobStore(settings: S3Settings): Promise<S3BlobStore> {
  const store = new S3BlobStore({ client: s3ClientFor(settings), bucket: settings.bucket, prefix: settings.prefix });
  await store.verify();
  return store;
}
