/**
 * Text-to-3D as a client sees it, over the listening server with the real built-in engine: a prompt
 * → Done → the docs/spec/compat.md download names, fetched without Authorization → a GLB the Khronos validator
 * accepts, with the requested face count and a 2048² base-colour map; the response and the task
 * record say how the prompt was read.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertValidGlb, baseColorSizes, imageSize, reimport, triangleCount } from './checks.ts';
import { generateAndFetch, getJson, isBuiltin, startServer, TEST_TIMEOUT_MS, type Server } from './server.ts';

const skip = isBuiltin('generate-text') ? false : 'generate-text is not registered in src/engines/builtin.ts yet';
let server: Server;

before(async () => {
  if (!skip) server = await startServer({ warm: ['generate-text'] });
});
after(async () => server?.close());

test('a prompt becomes a valid, budgeted, 2K-textured GLB and says how it was read', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const faces = 3000;
  const { accepted, files } = await generateAndFetch(server, {
    prompt: 'a red wooden chair with four legs',
    tier: 'Gen-2.5-Low',
    quality_override: String(faces),
    geometry_file_format: 'glb',
    seed: '7',
  });
  assert.equal(accepted.consumed, 0.5);
  // The response's prompt is the engine's reading of the prompt, not an echo.
  assert.match(accepted.prompt ?? '', /interpreted as: chair/);
  assert.match(accepted.prompt ?? '', /red/);
  assert.match(accepted.prompt ?? '', /wood/);

  assert.deepEqual([...files.keys()].sort(), ['base_basic_pbr.glb', 'preview.webp']);
  const glb = files.get('base_basic_pbr.glb')!;
  await assertValidGlb(glb, 'base_basic_pbr.glb');
  const scene = await reimport('base_basic_pbr.glb', files);
  const got = triangleCount(scene);
  assert.ok(Math.abs(got - faces) <= faces * 0.02, `${got} triangles re-imported for quality_override=${faces}`);
  const sizes = await baseColorSizes(glb);
  assert.ok(sizes.length > 0, 'a base-colour texture');
  for (const size of sizes) assert.deepEqual(size, [2048, 2048]);
  const preview = await imageSize(files.get('preview.webp')!);
  assert.equal(preview.format, 'webp');

  const record = await getJson(server, `/api/v2/tasks/${accepted.uuid}`);
  assert.equal(record.state, 'Done');
  assert.equal(record.effective.texture_resolution, '2K');
  assert.equal(record.notes.interpretation.category, 'chair');
  assert.ok(record.notes.interpretation.colours.includes('red'));
  assert.equal(record.notes.interpretation.material, 'wood');
  assert.deepEqual(record.notes.interpretation.parts.find((part: { name: string }) => part.name === 'leg')?.count, 4);
  assert.equal(record.notes.prompt, accepted.prompt, 'the record and the response tell the same reading');

  // The slip a newcomer makes: /status with the task uuid. The refusal says which identifier to send.
  const slip = await fetch(`${server.base}/api/v2/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ subscription_key: accepted.uuid }),
  });
  const refusal = await slip.json();
  assert.equal(slip.status, 404);
  assert.equal(refusal.error, 'NO_SUCH_TASK');
  assert.match(refusal.message, /task or job uuid.*jobs\.subscription_key/);
});

test('an unknown word still completes and is named as not understood', { skip, timeout: TEST_TIMEOUT_MS }, async () => {
  const { accepted, files } = await generateAndFetch(server, {
    prompt: 'a blue ceramic teapot with a zorblax',
    tier: 'Gen-2.5-Extreme-Low',
    quality: 'extra-low',
  });
  assert.match(accepted.prompt ?? '', /interpreted as: teapot/);
  assert.match(accepted.prompt ?? '', /not understood: .*zorblax/);
  await assertValidGlb(files.get('base_basic_pbr.glb')!, 'teapot');
});
