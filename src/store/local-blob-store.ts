/**
 * BlobStore on a local directory (<KILN_DATA_DIR>/blobs). Writes go to a temporary file that is renamed
 * into place, so a crash never leaves half a file under a real key.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Config } from '../config.ts';
import { checkBlobKey, type BlobInfo, type BlobStore } from './blob-store.ts';

const checkKey = checkBlobKey;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  #path(key: string): string {
    checkKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async putStream(key: string, source: Readable): Promise<number> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const sink = createWriteStream(temporary);
    try {
      await pipeline(source, sink);
      await rename(temporary, path);
      return sink.bytesWritten;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const buffer = await readFile(this.#path(key));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string) {
    const path = this.#path(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    // Walk the deepest directory the prefix names, then filter by the full prefix.
    const slash = prefix.lastIndexOf('/');
    const folder = slash >= 0 ? prefix.slice(0, slash) : '';
    const start = folder ? this.#path(folder) : this.root;
    const found: BlobInfo[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw error;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
          const key = path
            .slice(this.root.length + 1)
            .split(sep)
            .join('/');
          if (key.startsWith(prefix)) found.push({ key, size: (await stat(path)).size });
        }
      }
    };
    await walk(start);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const blobs = await this.list(prefix);
    await Promise.all(blobs.map((blob) => this.delete(blob.key)));
    // Tidy the folder itself when the prefix names one.
    if (prefix.endsWith('/')) await rm(this.#path(prefix.slice(0, -1)), { recursive: true, force: true });
    return blobs.length;
  }
}

export function createBlobStore(config: Config): BlobStore {
  return new LocalBlobStore(join(config.dataDir, 'blobs'));
}
