/**
 * Real meshes through the writers: every psb-dev mesh, given normals, split into two pieces (Bang
 * style), goes to a GLB the Khronos validator must pass; a spread of five, also given a UV atlas (as
 * the engines do before exporting), goes to all five formats and is read back by an independent reader
 * with its triangle count intact. Skips with a note when ../shared/data/psb-dev is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenePartsFromMeshes } from '../../../src/geometry/export/index.ts';
import { exportScene, partName } from '../../../src/engines/output/index.ts';
import { parseOff } from '../../../src/geometry/import/off.ts';
import type { Mesh } from '../../../src/geometry/mesh.ts';
import { computeNormals, generateUvAtlas } from '../../../src/geometry/ops/index.ts';
import {
  errorsOf,
  loadFbx,
  loadObj,
  loadStl,
  loadUsdz,
  plainMaterial,
  triangleCountOf,
  validateGlb,
} from './fixtures.ts';

const dataDir = fileURLToPath(new URL('../../../../shared/data/psb-dev/off', import.meta.url));
const present = existsSync(dataDir);
// All five formats for every mesh would take minutes on two shared cores; bench/geometry-export.ts does that.
const files = present
  ? readdirSync(dataDir)
      .filter((f) => f.endsWith('.off'))
      .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
  : [];
const ALL_FORMATS = new Set(['1.off', '101.off', '201.off', '281.off', '361.off']);

/** The first half of the triangles (by index order) and the rest, each as its own piece. */
function halves(mesh: Mesh): Mesh[] {
  const triangles = mesh.indices.length / 3;
  const cut = Math.floor(triangles / 2) * 3;
  return [mesh.indices.subarray(0, cut), mesh.indices.subarray(cut)].map((indices) => ({
    ...mesh,
    indices: Uint32Array.from(indices),
    groups: [{ start: 0, count: indices.length / 3, material: 0 }],
    quads: undefined,
  }));
}

test('psb-dev meshes export to every format and read back whole', {
  skip: present ? false : 'shared/data/psb-dev not found beside the checkout',
}, async () => {
  for (const file of files) {
    const source = parseOff(readFileSync(`${dataDir}/${file}`));
    // The UV atlas is the costly step (ops' own tests cover it): only meshes bound for every format get one.
    const withNormals = computeNormals(source);
    const mesh = ALL_FORMATS.has(file) ? generateUvAtlas(withNormals, { textureSize: 256 }) : withNormals;
    const triangles = mesh.indices.length / 3;
    const scene = scenePartsFromMeshes(halves(mesh), [plainMaterial()], partName);
    const [glb] = await exportScene(scene, { format: 'glb', material: 'PBR' });
    assert.deepEqual(errorsOf(await validateGlb(glb.bytes)), [], `${file} glb`);
    if (!ALL_FORMATS.has(file)) continue;

    const [usdz] = await exportScene(scene, { format: 'usdz', material: 'PBR' });
    assert.equal(triangleCountOf(loadUsdz(usdz.bytes)), triangles, `${file} usdz`);
    const [fbx] = await exportScene(scene, { format: 'fbx', material: 'None' });
    assert.equal(triangleCountOf(loadFbx(fbx.bytes)), triangles, `${file} fbx`);
    const obj = await exportScene(scene, { format: 'obj', material: 'None' });
    assert.equal(triangleCountOf(loadObj(new TextDecoder().decode(obj[0].bytes))), triangles, `${file} obj`);
    const [stl] = await exportScene(scene, { format: 'stl', material: 'None' });
    assert.equal(loadStl(stl.bytes).attributes.position.count / 3, triangles, `${file} stl`);
  }
});
