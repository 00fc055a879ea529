/**
 * `kiln migrate-blobs`: an embedded installation's finished task, its blobs copied into S3, is then
 * downloadable from a stack configured for the bucket; a second run copies nothing; --delete-local
 * empties the old directory; without KILN_S3_BUCKET the command says what to set.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { loadConfig } from '../../src/config.ts';
import { createServices } from '../../src/services.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { buildApp } from '../../src/api/index.ts';
import { main } from '../../src/cli/index.ts';
import { multipart, startHarness, type Harness } from '../api/harness.ts';
import { png } from '../api/images.ts';
import { startS3, type TestS3 } from '../support/s3-server.ts';
import { captureIo } from './io.ts';

let s3: TestS3;
let h: Harness;
let uuid: string;

before(async () => {
  s3 = await startS3({ prefix: 'migrated' });
  h = await startHarness();
  const pool = h.services.startWorkers({ count: 1 });
  const body = multipart([{ name: 'images', data: await png(), filename: '0000.png' }]);
  uuid = (
    await h.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: { ...h.auth, ...body.headers },
      payload: body.payload,
    })
  ).json().uuid;
  await pool.idle();
  await pool.stop();
});
after(async () => {
  await h.close();
  await s3.stop();
});

test('migrate-blobs copies the blob directory into the bucket, and old links then work on the S3 stack', async () => {
  const env = { ...process.env, KILN_DATA_DIR: h.dataDir, KILN_SIGNING_SECRET: 'test-signing-secret', ...s3.env };
  const first = captureIo(env);
  assert.equal(await main(['migrate-blobs'], first), 0, first.stderr.join('\n'));
  assert.match(first.stdout.join('\n'), /migrated 3 blobs: 3 copied \([\d.]+ MiB\), 0 already in the bucket/);
  const again = captureIo(env);
  assert.equal(await main(['migrate-blobs'], again), 0);
  assert.match(again.stdout.join('\n'), /migrated 3 blobs: 0 copied \(0\.0 MiB\), 3 already in the bucket/);

  // The distributed configuration on the same database: the old task downloads from the bucket.
  const config = loadConfig(env);
  const services = await createServices(config, { engines: new EngineRegistry(), builtins: false });
  const app = await buildApp({ services, config, processMetrics: false });
  try {
    const list = (
      await app.inject({ method: 'POST', url: '/api/v2/download', headers: h.auth, payload: { task_uuid: uuid } })
    ).json().list as Array<{ name: string; url: string }>;
    const glb = list.find((item) => item.name === 'base_basic_pbr.glb')!;
    const deleteIo = captureIo(env);
    assert.equal(await main(['migrate-blobs', '--delete-local'], deleteIo), 0);
    assert.deepEqual(
      readdirSync(join(h.dataDir, 'blobs'), { recursive: true }).filter((entry) => String(entry).includes('.')),
      [],
    );
    const response = await app.inject({ method: 'GET', url: new URL(glb.url).pathname + new URL(glb.url).search });
    assert.equal(response.statusCode, 200);
    const doc = await new NodeIO().readBinary(new Uint8Array(response.rawPayload));
    assert.equal(doc.getRoot().listMeshes().length, 1);
  } finally {
    await app.close();
    await services.close();
  }
});

test('migrate-blobs without KILN_S3_BUCKET or without a blob directory says what to set', async () => {
  const io = captureIo({ ...process.env, KILN_DATA_DIR: h.dataDir, KILN_SIGNING_SECRET: 's' });
  assert.equal(await main(['migrate-blobs'], io), 2);
  assert.match(io.stderr.join('\n'), /set KILN_S3_BUCKET/);
  const missing = captureIo({ ...process.env, KILN_DATA_DIR: h.dataDir, KILN_SIGNING_SECRET: 's', ...s3.env });
  assert.equal(await main(['migrate-blobs', '--from', join(h.dataDir, 'nope')], missing), 1);
  assert.match(missing.stderr.join('\n'), /No blob directory at .*nope; pass --from/);
  assert.ok(existsSync(h.dataDir));
  process.exitCode = 0; // the refusals above were expected
});
