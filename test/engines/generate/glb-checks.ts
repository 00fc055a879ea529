/** What the generation engine tests check in every GLB: validator-clean, its face count, closedness, maps. */
import assert from 'node:assert/strict';
import { NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import sharp from 'sharp';
import { isWatertight } from '../../../src/geometry/ops/index.ts';

export async function assertValidGlb(glb: Uint8Array): Promise<void> {
  const report = (await validator.validateBytes(glb, { maxIssues: 20 })) as {
    issues: { numErrors: number; messages: unknown[] };
  };
  assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages));
}

/** Triangle count, whether every primitive is closed (vertices joined by position), and each texture's size. */
export async function readGlb(bytes: Uint8Array) {
  const doc = await new NodeIO().readBinary(bytes);
  let faces = 0;
  let closed = true;
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const indices = prim.getIndices()!.getArray()!;
      faces += indices.length / 3;
      const positions = prim.getAttribute('POSITION')!.getArray() as Float32Array;
      const triangles = {
        positions,
        indices: Uint32Array.from(indices),
        groups: [{ start: 0, count: indices.length / 3, material: 0 }],
      };
      closed &&= isWatertight(triangles, { byPosition: true });
    }
  }
  const textures = doc.getRoot().listTextures();
  const sizes = await Promise.all(
    textures.map(async (texture) => {
      const meta = await sharp(texture.getImage()!).metadata();
      return [meta.width, meta.height];
    }),
  );
  return { doc, faces, closed, textures, sizes };
}
