/**
 * The BlobStore conformance suite: every store (local directory, S3) must pass it. Call
 * `blobStoreConformance(label, factory)` from a test file; the factory returns a fresh, empty store.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import type { BlobStore } from '../../src/store/blob-store.ts';

export interface BlobStoreFactory {
  (): Promise<{ blobs: BlobStore; cleanup(): Promise<void> }>;
}

const utf8 = (value: string) => new TextEncoder().encode(value);

/** `total` deterministic pseudo-random bytes in `chunk`-sized pieces, generated as they are read. */
function generated(total: number, chunk = 1 << 20, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('source broke'));
      if (sent >= total) return this.push(null);
      const size = Math.min(chunk, total - sent);
      const piece = Buffer.alloc(size);
      for (let i = 0; i < size; i += 4096) piece[i] = (sent + i) & 0xff;
      sent += size;
      this.push(piece);
    },
  });
}

async function digest(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function blobStoreConformance(label: string, factory: BlobStoreFactory): void {
  describe(`BlobStore conformance: ${label}`, () => {
    async function withStore(body: (blobs: BlobStore) => Promise<void>) {
      const { blobs, cleanup } = await factory();
      try {
        await body(blobs);
      } finally {
        await cleanup();
      }
    }

    it('puts, reads, streams, overwrites whole, lists by prefix in key order and deletes', () =>
      withStore(async (blobs) => {
        await blobs.put('outputs/t1/model.glb', utf8('glb bytes'));
        await blobs.put('outputs/t1/preview.webp', new Uint8Array([1, 2, 3]));
        await blobs.put('outputs/t10/model.glb', new Uint8Array([9]));
        await blobs.put('outputs/t1/model.glb', utf8('new'));
        assert.equal(new TextDecoder().decode((await blobs.get('outputs/t1/model.glb'))!), 'new');
        const streamed = await blobs.stream('outputs/t1/model.glb');
        assert.equal(streamed?.size, 3);
        assert.equal(await text(streamed!.stream), 'new');
        assert.deepEqual(await blobs.list('outputs/t1/'), [
          { key: 'outputs/t1/model.glb', size: 3 },
          { key: 'outputs/t1/preview.webp', size: 3 },
        ]);
        assert.deepEqual(
          (await blobs.list('outputs/t1')).map((blob) => blob.key),
          ['outputs/t1/model.glb', 'outputs/t1/preview.webp', 'outputs/t10/model.glb'],
        );
        assert.equal((await blobs.list('')).length, 3);
        assert.equal(await blobs.deletePrefix('outputs/t1/'), 2, 'a folder prefix leaves its sibling t10 alone');
        assert.equal(await blobs.get('outputs/t1/preview.webp'), null);
        assert.equal(await blobs.stream('outputs/t1/model.glb'), null);
        assert.deepEqual(await blobs.list('outputs/'), [{ key: 'outputs/t10/model.glb', size: 1 }]);
        await blobs.delete('outputs/t10/model.glb');
        await blobs.delete('outputs/t10/model.glb');
        assert.deepEqual(await blobs.list(''), []);
        assert.equal(await blobs.deletePrefix('nothing/'), 0);
      }));

    it('keeps empty blobs and names with spaces, UTF-8 and URL-special characters', () =>
      withStore(async (blobs) => {
        const names = ['outputs/t/empty.bin', 'outputs/t/naïve model #1 (final)+.glb', 'outputs/t/a%20b?.obj'];
        await blobs.put(names[0], new Uint8Array(0));
        await blobs.put(names[1], utf8('one'));
        await blobs.put(names[2], utf8('two'));
        assert.equal((await blobs.get(names[0]))?.byteLength, 0);
        assert.equal((await blobs.stream(names[0]))?.size, 0);
        assert.equal(new TextDecoder().decode((await blobs.get(names[1]))!), 'one');
        assert.equal(await text((await blobs.stream(names[2]))!.stream), 'two');
        assert.deepEqual(
          (await blobs.list('outputs/t/')).map((blob) => blob.key),
          [...names].sort(),
        );
      }));

    it('streams a multi-part blob in and out without changing a byte', () =>
      withStore(async (blobs) => {
        const size = 21 * 1024 * 1024 + 123; // more than two 8 MiB parts, not a multiple of one
        const expected = await digest(generated(size));
        assert.equal(await blobs.putStream('outputs/big/model.glb', generated(size)), size);
        const opened = await blobs.stream('outputs/big/model.glb');
        assert.equal(opened?.size, size);
        assert.equal(await digest(opened!.stream), expected);
        assert.deepEqual(await blobs.list('outputs/big/'), [{ key: 'outputs/big/model.glb', size }]);
      }));

    it('leaves the previous bytes under a key when a streamed write fails midway', () =>
      withStore(async (blobs) => {
        await blobs.put('outputs/t/model.glb', utf8('previous'));
        await assert.rejects(
          blobs.putStream('outputs/t/model.glb', generated(20 * 1024 * 1024, 1 << 20, 12 * 1024 * 1024)),
          /source broke/,
        );
        assert.equal(new TextDecoder().decode((await blobs.get('outputs/t/model.glb'))!), 'previous');
        await assert.rejects(blobs.putStream('outputs/t/other.glb', generated(1024, 256, 512)), /source broke/);
        assert.equal(await blobs.get('outputs/t/other.glb'), null);
        assert.deepEqual(
          (await blobs.list('outputs/t/')).map((blob) => blob.key),
          ['outputs/t/model.glb'],
        );
      }));

    it('refuses keys that could escape or alias, on every method', () =>
      withStore(async (blobs) => {
        for (const bad of ['../escape', '/abs', 'a//b', 'a/./b', 'a\\b', '', 'a/../b']) {
          await assert.rejects(blobs.put(bad, new Uint8Array(1)), /Invalid blob key/, bad);
          await assert.rejects(blobs.get(bad), /Invalid blob key/, bad);
          await assert.rejects(blobs.stream(bad), /Invalid blob key/, bad);
          await assert.rejects(blobs.putStream(bad, Readable.from([Buffer.from('x')])), /Invalid blob key/, bad);
        }
      }));

    it('hands out a working direct URL when the store offers presigned URLs', async (t) => {
      await withStore(async (blobs) => {
        if (!blobs.presignedUrl) return t.skip('this store streams downloads through Kiln (no presigned URLs)');
        await blobs.put('outputs/t/model.glb', utf8('direct bytes'));
        const url = await blobs.presignedUrl('outputs/t/model.glb', {
          expiresSeconds: 60,
          filename: 'modèle.glb',
          contentType: 'model/gltf-binary',
        });
        const response = await fetch(url);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'model/gltf-binary');
        assert.match(
          response.headers.get('content-disposition') ?? '',
          /attachment; filename="mod_le\.glb"; filename\*=UTF-8''mod%C3%A8le\.glb/,
        );
        assert.equal((await buffer(response.body as never)).toString(), 'direct bytes');
        // The expiry is part of the signed query (s3rver does not enforce signatures, so this is checked on the URL).
        const query = new URL(url).searchParams;
        assert.equal(query.get('X-Amz-Expires'), '60');
        assert.ok(query.get('X-Amz-Signature'));
      });
    });
  });
}
