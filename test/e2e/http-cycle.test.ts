/**
 * The whole client journey through the real HTTP server (listening on a port, plain fetch, as an
 * external client would): submit multipart → poll status → download list → GET each URL without
 * Authorization → a valid GLB and a WebP preview.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { startHarness, type Harness } from '../api/harness.ts';
import { png } from '../api/images.ts';

let h: Harness;
let base: string;

before(async () => {
  h = await startHarness();
  h.services.startWorkers({ count: 1 });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => h.close());

test('submit → status → download over real HTTP with a registered test engine', async () => {
  const form = new FormData();
  form.append('images', new Blob([(await png(48, 48, [30, 140, 220])) as BlobPart]), '0000.png');
  form.append('tier', 'Gen-2.5-High');
  form.append('addons', '["HighPack"]');
  form.append('uhd_texture', 'True');
  form.append('is_symmetric', 'true');
  const submitted = await fetch(`${base}/api/v2/rodin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.key}` },
    body: form,
  });
  assert.equal(submitted.status, 201);
  const accepted = await submitted.json();
  assert.equal('error' in accepted, false);
  assert.equal(accepted.consumed, 0.5);

  // Poll like a client: form-encoded status body, reading jobs[0].
  const seen = new Set<string>();
  let status = '';
  for (let i = 0; i < 200 && status !== 'Done'; i += 1) {
    const response = await fetch(`${base}/api/v2/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription_key: accepted.jobs.subscription_key }),
    });
    assert.equal(response.status, 200);
    const { jobs } = await response.json();
    assert.ok(jobs.length > 0);
    status = jobs[0].status;
    assert.ok(['Waiting', 'Generating', 'Done'].includes(status), status);
    seen.add(status);
    if (status !== 'Done') await new Promise((done) => setTimeout(done, 50));
  }
  assert.equal(status, 'Done');

  const listed = await fetch(`${base}/api/v2/download`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ task_uuid: accepted.uuid }),
  });
  const { list } = await listed.json();
  const byName = new Map<string, string>(list.map((item: { name: string; url: string }) => [item.name, item.url]));
  assert.ok(byName.get('base_basic_pbr.glb')?.startsWith(`${base}/files/${accepted.uuid}/base_basic_pbr.glb?`));

  const glb = await fetch(byName.get('base_basic_pbr.glb')!);
  assert.equal(glb.status, 200);
  assert.equal(glb.headers.get('content-type'), 'model/gltf-binary');
  const bytes = new Uint8Array(await glb.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.subarray(0, 4)), 'glTF');
  const doc = await new NodeIO().readBinary(bytes);
  assert.equal(doc.getRoot().listMeshes()[0].listPrimitives()[0].getIndices()!.getCount(), 36);

  const preview = await fetch(byName.get('preview.webp')!);
  assert.equal(preview.headers.get('content-type'), 'image/webp');
  const meta = await sharp(new Uint8Array(await preview.arrayBuffer())).metadata();
  assert.equal(meta.format, 'webp');

  const record = await (
    await fetch(`${base}/api/v2/tasks/${accepted.uuid}`, { headers: { authorization: `Bearer ${h.key}` } })
  ).json();
  assert.equal(record.state, 'Done');
  assert.equal(record.parameters.textureResolution, 8192);
  assert.ok(record.finished_time >= record.submit_time);
  const balance = await (
    await fetch(`${base}/api/v2/check_balance`, { headers: { authorization: `Bearer ${h.key}` } })
  ).json();
  assert.deepEqual(balance, { balance: 99.5 });
});
