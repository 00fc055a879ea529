/**
 * `kiln migrate-blobs [--from DIR] [--delete-local]`: copies an embedded installation's blob directory
 * (default <KILN_DATA_DIR>/blobs) into the bucket named by KILN_S3_BUCKET. Safe to run again: blobs the
 * bucket already holds are skipped. Database rows keep their keys, so nothing else changes.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalBlobStore } from '../store/local-blob-store.ts';
import { copyBlobs } from '../store/copy-blobs.ts';
import { configFrom } from './config-from.ts';
import { CliError, type CliIo } from './output.ts';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export async function migrateBlobsCommand(
  io: CliIo,
  flags: { from?: string; 'delete-local'?: boolean },
): Promise<void> {
  const config = configFrom(io);
  if (!config.s3)
    throw new CliError(
      'migrate-blobs copies into S3: set KILN_S3_BUCKET (and KILN_S3_ENDPOINT, credentials …) as the distributed processes will run.',
      2,
    );
  const from = flags.from ? resolve(flags.from) : join(config.dataDir, 'blobs');
  if (!existsSync(from) || !statSync(from).isDirectory())
    throw new CliError(
      `No blob directory at ${from}; pass --from <dir> or set KILN_DATA_DIR to the old installation's data directory.`,
    );
  const { openS3BlobStore } = await import('../store/s3-blob-store.ts');
  let target;
  try {
    target = await openS3BlobStore(config.s3);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  try {
    io.err(
      `Copying ${from} → s3://${config.s3.bucket}/${config.s3.prefix}${flags['delete-local'] ? ' (removing each local file once copied)' : ''}`,
    );
    let lastReport = 0;
    const result = await copyBlobs(new LocalBlobStore(from), target, {
      deleteSource: flags['delete-local'] ?? false,
      onProgress: (progress) => {
        const now = Date.now();
        if (now - lastReport < 1000 && progress.done < progress.total) return;
        lastReport = now;
        io.err(
          `  ${progress.done}/${progress.total} blobs (${progress.copied} copied, ${progress.skipped} already there, ${mib(progress.bytes)})`,
        );
      },
    });
    io.out(
      `migrated ${result.total} blobs: ${result.copied} copied (${mib(result.bytes)}), ${result.skipped} already in the bucket`,
    );
  } finally {
    await target.close();
  }
}
