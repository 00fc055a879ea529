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
}
