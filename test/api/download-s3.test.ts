/**
 * The service stack with its blobs in S3 (a real s3rver): uploads and outputs land in the bucket (not
 * the data directory), signed links stream them through Kiln or, with KILN_S3_PRESIGNED_DOWNLOADS,
 * redirect to the bucket, and retention deletes them from the bucket.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { S3BlobStore, s3ClientFor } from '../../src/store/s3-blob-store.ts';
import { startS3, S3_TEST_CREDENTIALS, type TestS3 } from '../support/s3-server.ts';
import { multipart, startHarness, type Harness } from './harness.ts';
import { png } from './images.ts';

let s3: TestS3;
before(async () => {
  s3 = await startS3({ prefix: 'kiln' });
});
after(() => s3.stop());

async function finishedTask(h: Harness): Promise<string> {
  const pool = h.services.startWorkers({ count: 1 });
  const body = multipart([{ name: 'images', data: await png(), filename: '0000.png' }]);
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v2/generate',
    headers: { ...h.auth, ...body.headers },
    payload: body.payload,
  });
  assert.equal(response.statusCode, 201, response.body);
  await pool.idle();
  return response.json().uuid;
}

async function links(h: Harness, uuid: string): Promise<Map<string, string>> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v2/download',
    headers: h.auth,
    payload: { task_uuid: uuid },
  });
  const list = response.json().list as Array<{ name: string; url: string }>;
  return new Map(list.map((item) => [item.name, new URL(item.url).pathname + new URL(item.url).search]));
}

function bucket(): S3BlobStore {
  return new S3BlobStore({
    client: s3ClientFor(s3.settings, { credentials: S3_TEST_CREDENTIALS }),
    bucket: s3.settings.bucket,
    prefix: 'kiln/',
  });
}

describe('blobs in S3, downloads streamed through Kiln', () => {
  let h: Harness;
  let uuid: string;
  before(async () => {
    h = await startHarness({ env: s3.env });
    uuid = await finishedTask(h);
  });
  after(() => h.close());

  test('uploads and outputs are objects under KILN_S3_PREFIX, none in the data directory', async () => {
    const store = bucket();
    try {
      const keys = (await store.list('')).map((blob) => blob.key).filter((key) => key.includes(uuid));
      assert.deepEqual(keys, [
        `inputs/${uuid}/0`,
        `outputs/${uuid}/base_basic_pbr.glb`,
        `outputs/${uuid}/preview.webp`,
      ]);
    } finally {
      await store.close();
    }
    assert.equal(existsSync(join(h.dataDir, 'blobs')), false);
  });

  test('the signed link streams the model from the bucket', async () => {
    const response = await h.app.inject({ method: 'GET', url: (await links(h, uuid)).get('base_basic_pbr.glb')! });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'model/gltf-binary');
    assert.equal(Number(response.headers['content-length']), response.rawPayload.byteLength);
    const doc = await new NodeIO().readBinary(new Uint8Array(response.rawPayload));
    assert.equal(doc.getRoot().listMeshes().length, 1);
  });

  test('retention deletes the task’s objects from the bucket and the link then says so', async () => {
    const link = (await links(h, uuid)).get('preview.webp')!;
    assert.equal(await h.services.tasks.sweepExpired(new Date(Date.now() + 400 * 24 * 3_600_000)), 1);
    const store = bucket();
    try {
      assert.deepEqual(
        (await store.list('')).filter((blob) => blob.key.includes(uuid)),
        [],
      );
    } finally {
      await store.close();
    }
    const response = await h.app.inject({ method: 'GET', url: link });
    assert.equal(response.statusCode, 404);
    assert.match(response.json().message, /no longer stored/);
  });
});

describe('blobs in S3 with KILN_S3_PRESIGNED_DOWNLOADS=true', () => {
  let h: Harness;
  let uuid: string;
  before(async () => {
    h = await startHarness({ env: { ...s3.env, KILN_S3_PRESIGNED_DOWNLOADS: 'true' } });
    uuid = await finishedTask(h);
  });
  after(() => h.close());

  test('the signed link redirects to a presigned bucket URL that serves the file as an attachment', async () => {
    const response = await h.app.inject({ method: 'GET', url: (await links(h, uuid)).get('base_basic_pbr.glb')! });
    assert.equal(response.statusCode, 302);
    assert.equal(response.headers['cache-control'], 'no-store');
    const location = String(response.headers.location);
    assert.ok(
      location.startsWith(`${s3.endpoint}/${s3.settings.bucket}/kiln/outputs/${uuid}/base_basic_pbr.glb?`),
      location,
    );
    const direct = await fetch(location);
    assert.equal(direct.status, 200);
    assert.equal(direct.headers.get('content-type'), 'model/gltf-binary');
    assert.match(direct.headers.get('content-disposition') ?? '', /attachment; filename="base_basic_pbr\.glb"/);
    const doc = await new NodeIO().readBinary(new Uint8Array(await direct.arrayBuffer()));
    assert.equal(doc.getRoot().listMeshes().length, 1);
  });

  test('tampered links are still refused before any redirect, and expired files get 404', async () => {
    const link = (await links(h, uuid)).get('preview.webp')!;
    assert.equal((await h.app.inject({ method: 'GET', url: link.replace('sig=', 'sig=x') })).statusCode, 403);
    await h.services.tasks.sweepExpired(new Date(Date.now() + 400 * 24 * 3_600_000));
    assert.equal((await h.app.inject({ method: 'GET', url: link })).statusCode, 404);
  });
});
