/**
 * A rigged model imported by Blender 3.4 (Debian's `blender`, an independent glTF and FBX reader), as
 * GLB and as FBX: one armature with the file's joints as bones, a mesh bound to it, one action per
 * clip; and mid-walk the FBX's mesh deforms, vertex for vertex, as the GLB's does.
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
const CLIPS = ['idle', 'walk', 'run', 'jump'];
/** A third of a second into the walk: a whole key at 30 keys/s and a whole frame at Blender's 24 fps. */
const MID_WALK_SECONDS = 1 / 3;

interface Imported {
  armatures: number;
  bones: string[];
  actions: string[];
  skinned_meshes: number;
  moved: number[];
}

async function rigged(format: 'glb' | 'fbx', model: Uint8Array) {
  const result = await runRig({
    taskId: 't',
    spec: {
      kind: 'rig',
      mode: 'custom',
      modelFormat: 'glb',
      rigType: 'auto',
      animations: CLIPS,
      geometryFileFormat: format,
      seed: 0,
    },
    inputs: [{ field: 'model', filename: 'human.glb', bytes: model }],
    progress: () => {},
    signal: new AbortController().signal,
  });
  return result.files[0];
}

function importInBlender(path: string): Imported {
  const output = execFileSync(
    'blender',
    ['--background', '--factory-startup', '--python', SCRIPT, '--', path, '--pose', 'walk', String(MID_WALK_SECONDS)],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const line = output.split('\n').find((l) => l.startsWith('KILN_RESULT '));
  assert.ok(line, output.slice(-2000));
  return JSON.parse(line.slice('KILN_RESULT '.length)) as Imported;
}

test('Blender imports the rigged GLB and FBX: one armature of the same joints, one action per clip, the same deformation', {
  skip,
  timeout: 300_000,
}, async () => {
  const model = await writeGlb(sceneFromMesh(parseOff(readFileSync(`${psb}/12.off`))));
  const dir = mkdtempSync(join(tmpdir(), 'kiln-rig-blender-'));
  try {
    const imported: Record<string, Imported> = {};
    for (const format of ['glb', 'fbx'] as const) {
      const file = await rigged(format, model);
      assert.equal(file.name, `base_basic_rigged.${format}`);
      const path = join(dir, file.name);
      writeFileSync(path, file.bytes);
      const result = importInBlender(path);
      imported[format] = result;
      assert.equal(result.armatures, 1, format);
      assert.equal(result.skinned_meshes, 1, format);
      assert.deepEqual([...result.bones].sort(), [...HUMANOID_JOINTS].sort(), format);
      // Blender names an imported action after its glTF animation or FBX stack (plus the object it animates).
      assert.equal(result.actions.length, CLIPS.length, result.actions.join(', '));
      for (const clip of CLIPS)
        assert.ok(
          result.actions.some((a) => a.startsWith(clip) || a.endsWith(`|${clip}`)),
          `${format}: ${clip} in ${result.actions}`,
        );
    }
    const { glb, fbx } = imported;
    assert.equal(fbx.moved.length, glb.moved.length, 'both keep the mesh vertices');
    const farthest = Math.max(...fbx.moved);
    assert.ok(farthest > 0.05, `mid-walk the mesh moves (farthest vertex ${farthest})`);
    const disagreement = Math.max(...fbx.moved.map((d, v) => Math.abs(d - glb.moved[v])));
    assert.ok(disagreement < 1e-3, `FBX and GLB poses agree to ${disagreement}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
