/**
 * From the generated solid to the download files, following the image-to-3D output rules: UV atlas,
 * exact face budget (±1 %), mesh_mode, procedural PBR maps at the tabled resolution, material
 * variants and format through exportScene, preview.webp, and for Extreme-High a high-poly mesh.
 *
 * The generic steps call the geometry ops; only the texturing (bakeMaterials) is text-specific.
 * (When src/engines/generate/shared grows a common output pipeline, the generic steps move there.)
 */
import type { GenerateSpec } from '../../../domain/task-spec.ts';
import type { EngineFile, ProgressReporter } from '../../engine.ts';
import { exportScene } from '../../../geometry/export/index.ts';
import { createNode, type Material, type Mesh, type Scene } from '../../../geometry/mesh.ts';
import { computeNormals, generateUvAtlas, simplifyToBudget, subdivideToCount, toQuadDominant } from '../../../geometry/ops/index.ts';
import { renderPreview } from '../../../geometry/render/index.ts';
import { silentLogger, type Logger } from '../../../logger.ts';
import type { BuiltAsset } from './generators/build.ts';
import { bakeMaterials } from './materials/bake-materials.ts';
import type { ShaderStyle } from './materials/shaders.ts';

/** High-poly mesh of Extreme-High: inside the 5M–10M range the spec allows. */
export const HIGH_POLY_FACES = 6_000_000;

export interface OutputOptions {
  seed: number;
  style: ShaderStyle;
  progress: ProgressReporter;
  signal: AbortSignal;
  logger?: Logger;
  /** Progress range this step reports into. Default [30, 100]. */
  span?: [number, number];
}

export interface OutputStats {
  faces: number;
  textureSize: number | null;
  highPolyFaces?: number;
  timings: Record<string, number>;
}

function checkAbort(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** The asset's single PBR material: per-part looks live in the baked maps. */
function assetMaterial(maps: ReturnType<typeof bakeMaterials> | undefined): Material {
  return {
    name: 'asset',
    baseColor: [1, 1, 1, 1],
    metallic: maps ? 1 : 0,
    roughness: 1,
    baseColorTexture: maps && { name: 'diffuse', image: maps.baseColor },
    metallicRoughnessTexture: maps && { name: 'metallic_roughness', image: maps.metallicRoughness },
    normalTexture: maps?.normal && { name: 'normal', image: maps.normal },
  };
}

/**
 * UV atlas and baked procedural maps on a (coarse) solid: the textured mesh and its one material.
 * Used for the task output and for previews and the gallery, so they show exactly the same surface.
 */
export function textureAsset(
  mesh: Mesh,
  asset: Pick<BuiltAsset, 'materials'>,
  options: { size: number; seed: number; style: ShaderStyle; textured?: boolean; normalMap?: boolean },
): { atlas: Mesh; material: Material } {
  const atlas = computeNormals(generateUvAtlas(mesh, { textureSize: options.size }));
  const maps = options.textured === false
    ? undefined
    : bakeMaterials(atlas, asset.materials, { size: options.size, seed: options.seed, style: options.style, normalMap: options.normalMap });
  return { atlas, material: assetMaterial(maps) };
}

export function singleGroup(mesh: Mesh): Mesh {
  return { ...mesh, groups: [{ start: 0, count: mesh.indices.length / 3, material: 0 }] };
}

export async function writeOutputs(asset: BuiltAsset, spec: GenerateSpec, options: OutputOptions): Promise<{ files: EngineFile[]; stats: OutputStats }> {
  const { progress, signal, logger = silentLogger } = options;
  const [from, to] = options.span ?? [30, 100];
  const at = (f: number) => from + (to - from) * f;
  const timings: Record<string, number> = {};
  let clock = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - clock);
    clock = now;
  };
  const textured = spec.material !== 'None';
  const size = spec.textureResolution;
  let previewBytes: Uint8Array | undefined;

  // Texturing happens on the coarse solid (or on the budgeted mesh when the budget is below it): the
  // budget step afterwards only splits edges at midpoints, on the surface and in UV space alike, so the
  // maps fit the final mesh exactly while the baker walks a few thousand triangles, not 150k.
  let coarse = asset.mesh;
  if (coarse.indices.length / 3 > spec.faceBudget) coarse = await simplifyToBudget(coarse, spec.faceBudget, { logger });
  progress('texture', at(0.1));
  const { atlas, material } = textureAsset(coarse, asset, { size, seed: options.seed, style: options.style, textured, normalMap: !spec.fastMode });
  lap('uv+bake');
  checkAbort(signal);

  if (spec.previewRender !== false) {
    progress('preview', at(0.45));
    const previewScene: Scene = { materials: [material], roots: [createNode('asset', singleGroup(atlas))] };
    previewBytes = await renderPreview(previewScene);
    lap('preview');
  }

  progress('budget', at(0.55));
  let mesh = await simplifyToBudget(atlas, spec.faceBudget, { logger });
  if (spec.meshMode === 'Quad') mesh = toQuadDominant(mesh);
  mesh = computeNormals(mesh);
  lap('budget');
  checkAbort(signal);

  const scene: Scene = { materials: [material], roots: [createNode('asset', singleGroup(mesh))] };
  progress('export', at(0.7));
  const files = await exportScene(scene, { format: spec.geometryFileFormat, material: spec.material, logger, shadedTextureSize: size });
  if (previewBytes) files.push({ name: 'preview.webp', bytes: previewBytes, contentType: 'image/webp' });
  lap('export');
  checkAbort(signal);

  const stats: OutputStats = { faces: mesh.indices.length / 3, textureSize: textured ? size : null, timings };
  if (spec.highPolyMesh) {
    progress('high-poly mesh', at(0.85));
    const dense = subdivideToCount(singleGroup({ ...mesh, quads: undefined }), HIGH_POLY_FACES);
    const hpScene: Scene = { materials: scene.materials, roots: [createNode('asset_highpoly', computeNormals(dense))] };
    const hpFiles = await exportScene(hpScene, { format: spec.geometryFileFormat, material: textured ? 'PBR' : 'None', logger });
    const taken = new Set(files.map((f) => f.name));
    for (const f of hpFiles) {
      const name = /^base_basic(_pbr)?\./.test(f.name) ? f.name.replace(/^base_basic(_pbr)?/, 'base_basic_highpoly') : f.name;
      if (!taken.has(name)) files.push({ ...f, name });
    }
    stats.highPolyFaces = dense.indices.length / 3;
    lap('highpoly');
  }
  return { files, stats };
}
