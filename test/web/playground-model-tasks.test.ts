/**
 * The playground's Texture and Convert tabs in a real browser (Debian's Chromium) against a listening
 * server with the fixture engine: convert an uploaded model with chosen options, then texture the
 * result by its asset id with two labelled pictures; the Rig tab's options reach its task as chosen.
 * Skips with a message when /usr/bin/chromium is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { signIn, skip, usePlayground } from './playground-harness.ts';
import sharp from 'sharp';

const CUBE_OBJ = readFileSync(new URL('../fixtures/models/blender-cube.obj', import.meta.url));

const playground = usePlayground({ kinds: ['texture', 'convert', 'rig'], tempPrefix: 'kiln-web-model' });

async function record(): Promise<any> {
  const { page, base, key } = playground;
  const uuid = await page.textContent('#task-uuid');
  return (await fetch(`${base}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } })).json();
}

test('Convert an uploaded model, then Texture the result by asset id with labelled pictures', {
  skip,
  timeout: 90_000,
}, async () => {
  const { page, pageErrors } = playground;
  await signIn(playground);

  await page.getByRole('tab', { name: 'Convert' }).click();
  await page.locator('#convert-form input[value="model"]').check();
  await page.setInputFiles('#convert-model-file', { name: 'cube.obj', mimeType: 'text/plain', buffer: CUBE_OBJ });
  await page.fill('#convert-faces', '2000');
  await page.selectOption('#convert-geometry-file-format', 'fbx');
  await page.selectOption('#convert-mesh-mode', 'Quad');
  await page.selectOption('#convert-pivot', 'bottom-centre');
  await page.selectOption('#convert-up-axis', 'Z');
  await page.locator('#convert-form button[type="submit"]').click();
  await page.waitForSelector('#task-status[data-status="Done"]', { timeout: 30_000 });
  assert.equal(await page.textContent('#task-consumed'), '0.1 credits');
  const converted = await record();
  assert.deepEqual(
    [
      converted.parameters.kind,
      converted.parameters.faceBudget,
      converted.parameters.geometryFileFormat,
      converted.parameters.meshMode,
      converted.parameters.pivot,
      converted.parameters.upAxis,
    ],
    ['convert', 2000, 'fbx', 'Quad', 'bottom-centre', 'Z'],
  );

  await page.getByRole('tab', { name: 'Texture' }).click();
  await page.fill('#texture-asset-id', converted.uuid);
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  await page.setInputFiles('#texture-images', [
    { name: 'front.png', mimeType: 'image/png', buffer: picture },
    { name: 'right.png', mimeType: 'image/png', buffer: picture },
  ]);
  await page.fill('#texture-labels', 'F, R');
  await page.selectOption('#texture-resolution', 'High');
  const before = await page.textContent('#task-uuid');
  await page.locator('#texture-form button[type="submit"]').click();
  await page.waitForFunction((old) => document.getElementById('task-uuid')?.textContent !== old, before);
  await page.waitForSelector('#task-status[data-status="Done"]', { timeout: 30_000 });
  const textured = await record();
  assert.deepEqual(
    [
      textured.parameters.kind,
      textured.parameters.mode,
      textured.parameters.assetId,
      textured.parameters.imageLabels,
      textured.parameters.textureResolution,
    ],
    ['texture', 'asset', converted.uuid, ['F', 'R'], 4096],
  );
  await page.waitForFunction(() => document.getElementById('balance')?.dataset.balance === '9.4');
  assert.deepEqual(pageErrors, []);
});

test('The Rig tab sends the rig type, clips, format and height as chosen', { skip, timeout: 90_000 }, async () => {
  const { page, pageErrors } = playground;
  // The page is signed in by the test before (same page, same key).
  await page.getByRole('tab', { name: 'Rig' }).click();
  await page.locator('#rig-form input[value="model"]').check();
  await page.setInputFiles('#rig-model-file', { name: 'cube.obj', mimeType: 'text/plain', buffer: CUBE_OBJ });
  await page.selectOption('#rig-rig-type', 'quadruped');
  await page.fill('#rig-animations', 'walk,trot');
  await page.selectOption('#rig-geometry-file-format', 'fbx');
  await page.fill('#rig-height', '1.2');
  const before = await page.textContent('#task-uuid');
  await page.locator('#rig-form button[type="submit"]').click();
  await page.waitForFunction((old) => document.getElementById('task-uuid')?.textContent !== old, before);
  assert.equal(await page.textContent('#task-consumed'), '0.5 credits');
  const rigged = await record();
  assert.deepEqual(
    [
      rigged.parameters.kind,
      rigged.parameters.rigType,
      rigged.parameters.animations,
      rigged.parameters.geometryFileFormat,
      rigged.parameters.heightMeters,
    ],
    ['rig', 'quadruped', ['walk', 'trot'], 'fbx', 1.2],
  );
  assert.deepEqual(pageErrors, []);
});
