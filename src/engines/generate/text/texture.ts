/**
 * The text engine's texturing, in the two places it runs: as the `bake` step of the shared output
 * pipeline (src/engines/generate/shared/output.ts), and on the coarse solid for the gallery.
 */
import { createNode, type Material, type Mesh, type Scene } from '../../../geometry/mesh.ts';
import { computeNormals, generateUvAtlas, triangleMaterials } from '../../../geometry/ops/index.ts';
import { mapTexture, type TextureMaps } from '../shared/output.ts';
import type { BuiltAsset } from './generators/build.ts';
import { bakeMaterials, bakeMaterialsTiled } from './materials/bake-materials.ts';
import { partsByPosition } from './materials/part-lookup.ts';
import type { ShaderStyle } from './materials/shaders.ts';

export interface TextureOptions {
  seed: number;
  style: ShaderStyle;
  normalMap?: boolean;
}

/** How many threads the pipeline's bake may use: takes them when the bake starts, gives them back after. */
export type BakeThreads = () => { threads: number; release: () => void };

/**
 * A `bake` for writeGenerationOutputs. `budgeted` is the mesh handed to the pipeline, with its part
 * groups; the pipeline keeps triangle order through the budget (already met) and the UV atlas, so
 * parts carry over by index. Should a future pipeline reorder or remesh, parts are found by position.
 */
export function textBake(asset: BuiltAsset, budgeted: Mesh, options: TextureOptions, bakeThreads?: BakeThreads) {
  return async (atlas: Mesh, size: number): Promise<TextureMaps> => {
    const sameTriangles = atlas.indices.length === budgeted.indices.length;
    const materialOf = sameTriangles ? triangleMaterials(budgeted) : partsByPosition(asset.mesh, atlas);
    const taken = bakeThreads?.() ?? { threads: 1, release: () => {} };
    try {
      return await bakeMaterialsTiled(atlas, asset.materials, {
        ...options,
        size,
        triangleMaterials: materialOf,
        threads: taken.threads,
      });
    } finally {
      taken.release();
    }
  };
}

/** The asset's one PBR material over baked maps (per-part looks live in the maps). */
export function assetMaterial(maps: TextureMaps | undefined, name = 'asset'): Material {
  return {
    name,
    baseColor: [1, 1, 1, 1],
    metallic: maps?.metallicRoughness ? 1 : 0,
    roughness: maps?.metallicRoughness ? 1 : 0.6,
    baseColorTexture: maps && { name: 'diffuse', image: maps.baseColor },
    metallicRoughnessTexture: maps?.metallicRoughness && mapTexture('metallic_roughness', maps.metallicRoughness),
    normalTexture: maps?.normal && { name: 'normal', image: maps.normal },
  };
}

/** The coarse solid with UVs and baked maps as a one-node scene (gallery, quick previews). */
export function texturedScene(asset: BuiltAsset, size: number, options: TextureOptions): Scene {
  const atlas = computeNormals(generateUvAtlas(asset.mesh, { textureSize: size }));
  const maps = bakeMaterials(atlas, asset.materials, { ...options, size });
  const mesh = { ...atlas, groups: [{ start: 0, count: atlas.indices.length / 3, material: 0 }] };
  return { materials: [assetMaterial(maps)], roots: [createNode('asset', mesh)] };
}
