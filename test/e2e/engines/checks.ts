/**
 * Independent checks of downloaded outputs: the Khronos glTF validator, glTF-Transform's reader,
 * sharp for the maps, and Kiln's own importer (a separate code path from the exporter) for
 * every format a client may ask for.
 */
import assert from 'node:assert/strict';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import validator from 'gltf-validator';
import sharp from 'sharp';
import { importModel } from '../../../src/geometry/import/index.ts';
import type { Scene, SceneNode } from '../../../src/geometry/mesh.ts';

/** Asserts the Khronos validator reports zero errors. */
export async function assertValidGlb(bytes: Uint8Array, label: string): Promise<void> {
  const report = (await validator.validateBytes(bytes, { maxIssues: 20 })) as {
    issues: { numErrors: number; messages: unknown[] };
  };
  assert.equal(report.issues.numErrors, 0, `${label}: gltf-validator errors ${JSON.stringify(report.issues.messages)}`);
}

/** Width × height of every material's base-colour texture in a GLB, read with sharp. */
export async function baseColorSizes(glb: Uint8Array): Promise<[number, number][]> {
  const doc = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(glb);
  const sizes: [number, number][] = [];
  for (const material of doc.getRoot().listMaterials()) {
    const image = material.getBaseColorTexture()?.getImage();
    if (!image) continue;
    const meta = await sharp(image).metadata();
    sizes.push([meta.width!, meta.height!]);
  }
  return sizes;
}

export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width!, height: meta.height!, format: meta.format! };
}

export function* walk(nodes: SceneNode[]): Generator<SceneNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

export function triangleCount(scene: Scene): number {
  let faces = 0;
  for (const node of walk(scene.roots)) if (node.mesh) faces += node.mesh.indices.length / 3;
  return faces;
}

/** Re-imports a downloaded model with its companion files (an OBJ's .mtl and maps, an FBX's maps). */
export async function reimport(name: string, files: Map<string, Uint8Array>): Promise<Scene> {
  const companions = Object.fromEntries([...files].filter(([other]) => other !== name));
  const scene = await importModel(files.get(name)!, { filename: name, companions });
  assert.ok(triangleCount(scene) > 0, `${name} re-imports with triangles`);
  return scene;
}

/** True when some material of the scene carries a decoded or encoded base-colour texture. */
export function hasBaseColorTexture(scene: Scene): boolean {
  return scene.materials.some(
    (material) => material.baseColorTexture?.image !== undefined || material.baseColorTexture?.encoded !== undefined,
  );
}
