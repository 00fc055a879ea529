/**
 * A rigged GLB imported by Blender 3.4 (Debian's `blender`, an independent glTF reader): one armature
 * with the file's joints as bones, a mesh bound to it, and one action per clip.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRig } from '../../../src/engines/rig/index.ts';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { parseOff } from '../../../src/geometry/import/index.ts';
import { sceneFromMesh } from '../../../src/geometry/mesh.ts';
import { HUMANOID_JOINTS } from '../../../src/geometry/skeleton.ts';

const psb = ['../../../../shared/data/psb-dev/off', '../../../../../shared/data/psb-dev/off']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((path) => existsSync(path));
const hasBlender = spawnSync('blender', ['--version'], { stdio: 'ignore' }).status === 0;
const skip = !hasBlender ? 'blender is not installed (.ci/run installs it)' : psb ? false : 'psb-dev not found';
const SCRIPT = fileURLToPath(new URL('../../fixtures/blender/rig-import.py', import.meta.url));

test('Blender imports the rigged GLB: one armature of the same joints, one action per clip', {
  skip,
  timeout: 300_000,
}, async () => {
  const model = await writeGlb(sceneFromMesh(parseOff(readFileSync(`${psb}/12.off`))));
  const clips = ['idle', 'walk', 'run', 'jump'];
  const result = await runRig({
    taskId: 't',
    spec: {
      kind: 'rig',
      mode: 'custom',
      modelFormat: 'glb',
      rigType: 'auto',
      animations: clips,
      geometryFileFormat: 'glb',
      seed: 0,
    },
    inputs: [{ field: 'model', filename: 'human.glb', bytes: model }],
    progress: () => {},
    signal: new AbortController().signal,
  });
  const dir = mkdtempSync(join(tmpdir(), 'kiln-rig-blender-'));
  try {
    const path = join(dir, 'base_basic_rigged.glb');
    writeFileSync(path, result.files[0].bytes);
    const output = execFileSync('blender', ['--background', '--factory-startup', '--python', SCRIPT, '--', path], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = output.split('\n').find((l) => l.startsWith('KILN_RESULT '));
    assert.ok(line, output.slice(-2000));
    const imported = JSON.parse(line.slice('KILN_RESULT '.length)) as {
      armatures: number;
      bones: string[];
      actions: string[];
      skinned_meshes: number;
    };
    assert.equal(imported.armatures, 1);
    assert.equal(imported.skinned_meshes, 1);
    assert.deepEqual([...imported.bones].sort(), [...HUMANOID_JOINTS].sort());
    // Blender names an imported action after its glTF animation (plus the object it animates).
    assert.equal(imported.actions.length, clips.length, imported.actions.join(', '));
    for (const clip of clips)
      assert.ok(
        imported.actions.some((a) => a.startsWith(clip)),
        `${clip} in ${imported.actions}`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
