/**
 * Chooses the blob store from the configuration: the S3 bucket when KILN_S3_BUCKET is set (the SDK is
 * only loaded then), else the local directory <KILN_DATA_DIR>/blobs.
 */
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { createBlobStore } from './local-blob-store.ts';

export async function openBlobStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<BlobStore> {
  if (config.s3) {
    const { openS3BlobStore } = await import('./s3-blob-store.ts');
    return openS3BlobStore(config.s3);
  }
  return createBlobStore(config as Config);
}
