/**
 * Copies every blob of one store into another (moving an embedded installation's <dataDir>/blobs into
 * S3). Streams one blob at a time, skips blobs the target already holds at the same size (so a run
 * that was interrupted simply runs again), and verifies each copy's size before reporting it.
 */
import type { BlobStore } from './blob-store.ts';

export interface CopyProgress {
  /** Blobs looked at so far, of `total`. */
  done: number;
  total: number;
  copied: number;
  skipped: number;
  bytes: number;
}

export interface CopyBlobsOptions {
  /** Only keys under this prefix (default: all). */
  prefix?: string;
  /** Remove each blob from the source once its copy is verified (default false). */
  deleteSource?: boolean;
  onProgress?: (progress: CopyProgress, key: string) => void;
}

export async function copyBlobs(
  source: BlobStore,
  target: BlobStore,
  options: CopyBlobsOptions = {},
): Promise<CopyProgress> {
  const prefix = options.prefix ?? '';
  const blobs = await source.list(prefix);
  const present = new Map((await target.list(prefix)).map((blob) => [blob.key, blob.size]));
  const progress: CopyProgress = { done: 0, total: blobs.length, copied: 0, skipped: 0, bytes: 0 };
  for (const blob of blobs) {
    if (present.get(blob.key) === blob.size) {
      progress.skipped += 1;
    } else {
      const opened = await source.stream(blob.key);
      if (opened) {
        const written = await target.putStream(blob.key, opened.stream);
        if (written !== opened.size)
          throw new Error(`Copy of ${blob.key} wrote ${written} of ${opened.size} bytes; run the command again.`);
        progress.copied += 1;
        progress.bytes += written;
      }
    }
    if (options.deleteSource) await source.delete(blob.key);
    progress.done += 1;
    options.onProgress?.(progress, blob.key);
  }
  return progress;
}
