/** The BlobStore conformance suite on the local directory and on S3 (a real s3rver, started here). */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { LocalBlobStore } from '../../src/store/local-blob-store.ts';
import { S3BlobStore, openS3BlobStore, s3ClientFor } from '../../src/store/s3-blob-store.ts';
import { startS3, S3_TEST_CREDENTIALS, type TestS3 } from '../support/s3-server.ts';
import { blobStoreConformance } from './blob-conformance.ts';
import { tempDir } from './databases.ts';

let s3: TestS3;
before(async () => {
  s3 = await startS3();
});
after(() => s3.stop());

function s3Store(bucket: string, prefix: string): S3BlobStore {
  const client = s3ClientFor(s3.settings, { credentials: S3_TEST_CREDENTIALS });
  return new S3BlobStore({ client, bucket, prefix });
}

blobStoreConformance('local directory', async () => {
  const temp = tempDir();
  return { blobs: new LocalBlobStore(temp.dir), cleanup: async () => temp.remove() };
});

blobStoreConformance('S3 (s3rver)', async () => {
  const blobs = s3Store(await s3.createBucket(), '');
  return { blobs, cleanup: () => blobs.close() };
});

blobStoreConformance('S3 under a KILN_S3_PREFIX', async () => {
  const blobs = s3Store(await s3.createBucket(), 'kiln/prod/');
  return { blobs, cleanup: () => blobs.close() };
});

it('S3 stores under different prefixes of one bucket never see each other', async () => {
  const bucket = await s3.createBucket();
  const a = s3Store(bucket, 'a/');
  const b = s3Store(bucket, 'b/');
  try {
    await a.put('outputs/t/model.glb', new Uint8Array([1]));
    await b.put('outputs/t/model.glb', new Uint8Array([2, 2]));
    assert.deepEqual(await a.list(''), [{ key: 'outputs/t/model.glb', size: 1 }]);
    assert.equal(await b.deletePrefix('outputs/'), 1);
    assert.deepEqual(await a.get('outputs/t/model.glb'), new Uint8Array([1]));
  } finally {
    await a.close();
    await b.close();
  }
});

it('opening an S3 store fails at start, naming the settings, when the bucket is missing', async () => {
  process.env.AWS_ACCESS_KEY_ID ??= S3_TEST_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= S3_TEST_CREDENTIALS.secretAccessKey;
  await assert.rejects(
    openS3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' }),
    /S3 bucket "no-such-bucket" is not usable: it does not exist\. Check KILN_S3_BUCKET/,
  );
  const store = await openS3BlobStore(s3.settings);
  await store.close();
});
