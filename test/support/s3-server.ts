/**
 * A real S3-protocol server for tests (s3rver, a devDependency): started on a random port over a temp
 * directory, with a fresh bucket. It needs nothing installed beyond `npm ci`, so tests that use it
 * never skip, in CI or anywhere else.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/config-s3.ts';
import { s3ClientFor } from '../../src/store/s3-blob-store.ts';

// The SDK warns once per process that Node 20 support ends in 2027; tests need not repeat it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Stores built in this process by openS3BlobStore take credentials from the SDK's default chain.
process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';

/** s3rver accepts this fixed key pair. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  settings: S3Settings;
  /** Environment for a child process (KILN_S3_* and AWS_* credentials). */
  env: Record<string, string>;
  /** Another fresh bucket on the same server. */
  createBucket(name?: string): Promise<string>;
  /** An outage: every connection is closed and nothing answers, the objects kept. */
  halt(): Promise<void>;
  /** The end of the outage: the same objects served again on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startS3(options: { prefix?: string; presignedDownloads?: boolean } = {}): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'kiln-s3-'));
  let server: S3rver | null = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = (await server.run()) as { port: number };
  const close = async () => {
    const running = server;
    server = null;
    if (!running) return;
    (running as unknown as { httpServer: Server }).httpServer.closeAllConnections();
    await running.close();
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = s3ClientFor(
    { endpoint, region: 'us-east-1', forcePathStyle: true },
    { credentials: S3_TEST_CREDENTIALS },
  );
  const createBucket = async (name = `kiln-${randomBytes(5).toString('hex')}`) => {
    await client.send(new CreateBucketCommand({ Bucket: name }));
    return name;
  };
  const bucket = await createBucket();
  const settings: S3Settings = {
    bucket,
    endpoint,
    region: 'us-east-1',
    prefix: options.prefix ?? '',
    forcePathStyle: true,
    presignedDownloads: options.presignedDownloads ?? false,
  };
  return {
    endpoint,
    settings,
    env: {
      KILN_S3_BUCKET: bucket,
      KILN_S3_ENDPOINT: endpoint,
      KILN_S3_REGION: 'us-east-1',
      KILN_S3_FORCE_PATH_STYLE: 'true',
      ...(options.prefix ? { KILN_S3_PREFIX: options.prefix } : {}),
      ...(options.presignedDownloads ? { KILN_S3_PRESIGNED_DOWNLOADS: 'true' } : {}),
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    createBucket,
    halt: close,
    async resume() {
      if (server) return;
      const restarted = new S3rver({ port, address: '127.0.0.1', directory, silent: true });
      await restarted.run();
      server = restarted;
    },
    async stop() {
      client.destroy();
      await close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
