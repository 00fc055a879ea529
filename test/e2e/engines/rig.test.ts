/**
 * Rigging as a client meets it, over HTTP with the real engine: an unknown clip refused at submission
 * (nothing charged); a Princeton human uploaded, rigged and downloaded (rigged GLB valid, preview,
 * the task record saying the type, joints and clips, 0.5 credits); a chair failing with
 * INVALID_REQUEST and its credits refunded.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { parseOff } from '../../../src/geometry/import/index.ts';
import { sceneFromMesh } from '../../../src/geometry/mesh.ts';
import { assertValidGlb } from './checks.ts';
import {
  balance,
  downloadList,
  fetchAll,
  getJson,
  isBuiltin,
  startServer,
  submit,
  waitDone,
  waitFinished,
  TEST_TIMEOUT_MS,
  type Server,
} from './server.ts';

const psb = ['../../../../shared/data/psb-dev/off', '../../../../../shared/data/psb-dev/off']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((path) => existsSync(path));
const skip = !isBuiltin('rig') ? 'rig is not a built-in engine' : psb ? false : 'shared/data/psb-dev not found';
let server: Server;

before(async () => {
  if (skip) return;
  server = await startServer({ credits: 10, warm: ['rig'] });
});
after(async () => server?.close());

const glbOf = async (n: number) => writeGlb(sceneFromMesh(parseOff(readFileSync(`${psb}/${n}.off`))));

test('an unknown clip is refused at submission, nothing charged', { skip, timeout: TEST_TIMEOUT_MS }, async () => {
  const form = new FormData();
  form.append('animations', 'walk,moonwalk');
  form.append('model', new Blob([(await glbOf(391)) as BlobPart]), 'dog.glb');
  const start = await balance(server);
  const response = await fetch(`${server.base}/api/v2/rig`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}` },
    body: form,
  });
  const body = (await response.json()) as { error: string; message: string };
  assert.equal(response.status, 400);
  assert.equal(body.error, 'INVALID_REQUEST');
  assert.match(body.message, /moonwalk.*idle, walk, run, jump/);
  assert.equal(await balance(server), start);
});

test('a human is rigged, recorded and downloaded; a chair fails and is refunded', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const start = await balance(server);
  const accepted = await submit(server, '/api/v2/rig', { animations: ['idle', 'walk'] }, [
    { field: 'model', bytes: await glbOf(1), filename: 'human.glb' },
  ]);
  assert.equal(accepted.consumed, 0.5);
  await waitDone(server, accepted);
  const files = await fetchAll(await downloadList(server, accepted.uuid));
  assert.deepEqual([...files.keys()].sort(), ['base_basic_rigged.glb', 'preview.webp']);
  await assertValidGlb(files.get('base_basic_rigged.glb')!, 'rigged');
  const record = await getJson(server, `/api/v2/tasks/${accepted.uuid}`);
  assert.equal(record.kind, 'rig');
  assert.equal(record.effective.rig_type, 'auto');
  assert.equal(record.notes.rig.type, 'humanoid');
  assert.equal(record.notes.rig.joints, 17);
  assert.deepEqual(record.notes.rig.clips, ['idle', 'walk']);
  assert.equal(await balance(server), start - 0.5);

  const chair = await submit(server, '/api/v2/rig', {}, [
    { field: 'model', bytes: await glbOf(101), filename: 'c.glb' },
  ]);
  const job = await waitFinished(server, chair);
  assert.equal(job.status, 'Failed');
  assert.equal(job.error, 'INVALID_REQUEST');
  assert.match(job.message ?? '', /humanoid or a quadruped.*send/);
  assert.equal(await balance(server), start - 0.5, 'the failed rig is refunded');
});
