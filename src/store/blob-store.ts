/**
 * Where bytes live (uploads and outputs). Keys are `/`-separated relative paths such as
 * `outputs/<task>/base_basic_pbr.glb`; a key never contains `..`, a leading `/` or a backslash.
 */
import type { Readable } from 'node:stream';

export interface BlobInfo {
  key: string;
  size: number;
}

export interface BlobStore {
  /** Writes atomically: readers see the old bytes or the new, never a part. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when absent. */
  get(key: string): Promise<Uint8Array | null>;
  /** A stream of the bytes and their size, or null when absent. */
  stream(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes one blob; absent is fine. */
  delete(key: string): Promise<void>;
  /** Blobs whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<BlobInfo[]>;
  /** Removes every blob under a `prefix` (a folder such as `outputs/<task>/`); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Writes a stream without holding it in memory (as atomically as `put`); returns the bytes written.
   * A stream that errors leaves nothing under the key.
   */
  putStream(key: string, source: Readable): Promise<number>;
  /**
   * A URL from which the blob can be fetched directly for `expiresSeconds`, served as an attachment
   * named `filename`; stores that cannot hand out such URLs (a local directory) leave this undefined.
   */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>;
  /** Resolves when the store answers now (readiness probes); stores that cannot be down (a local directory) leave it out. */
  ping?(): Promise<void>;
  /** Releases connections (S3); optional. */
  close?(): Promise<void>;
}

export interface PresignOptions {
  expiresSeconds: number;
  filename: string;
  contentType: string;
}

/** Throws for keys that could escape the store or alias another key (`..`, `/x`, `a//b`, `\`). */
export function checkBlobKey(key: string): void {
  if (
    key === '' ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new Error(`Invalid blob key "${key}".`);
  }
}
