/**
 * The convert engine (POST /api/v2/convert): one model in, the same model re-made as asked.
 *
 * Stages (progress): import → faces → uv → textures → mesh mode → place → export → preview.
 * - `quality_override`: an exact triangle count, down (quadric simplification keeping UV seams and
 *   material borders) or up (midpoint splits, shape unchanged); face-budget.ts. Omitted: unchanged.
 * - `uv`: `keep` (default) keeps the model's UVs and maps; `new` makes a fresh atlas and bakes every
 *   material's base colour into one map over it (textures.ts).
 * - `texture_resolution`: the edge of every written map (kept maps are resized; a new atlas defaults to 2048).
 * - `mesh_mode` Quad pairs triangles into quads after the UVs (so no quad spans a seam); fbx and obj
 *   write the quads, the other formats the same triangles.
 * - `scale_to`, `pivot`, `up_axis`: placement.ts. `material`: the variants every output has.
 */
import type { ConvertSpec } from '../../domain/task-spec.ts';
import { exportScene } from '../output/index.ts';
import { createNode, type Material, type Mesh, type Scene } from '../../geometry/mesh.ts';
import { computeNormals, flattenScene, generateUvAtlas, quadStats, toQuadDominant } from '../../geometry/ops/index.ts';
import { renderPreview } from '../../geometry/render/index.ts';
import { EngineError, type Engine, type EngineResult, type EngineRun } from '../engine.ts';
import { checkAbort } from '../generate/shared/output.ts';
import { stageTimer } from '../generate/shared/stage-timer.ts';
import { importSourceModel } from '../shared/model-input.ts';
import { reachFaceBudget } from './face-budget.ts';
import { orient, place } from './placement.ts';
import { DEFAULT_ATLAS_RESOLUTION, resizeMaps, transferBaseColour } from './textures.ts';

/** A new atlas: the maps laid over the old UVs cannot follow, so one material carries the baked colour. */
async function newAtlas(
  mesh: Mesh,
  materials: Material[],
  size: number,
): Promise<{ mesh: Mesh; materials: Material[] }> {
  const atlas = generateUvAtlas({ ...mesh, uvs: undefined, quads: undefined }, { textureSize: size });
  const textured = materials.some((m) => m.baseColorTexture);
  if (!textured) return { mesh: atlas, materials };
  const baseColor = await transferBaseColour(mesh, atlas, materials, size);
  const first = materials[0];
  const merged: Material = {
    name: first?.name || 'converted',
    baseColor: [1, 1, 1, 1],
    metallic: first?.metallic ?? 0,
    roughness: first?.roughness ?? 0.6,
    baseColorTexture: { name: 'diffuse', image: baseColor },
    doubleSided: first?.doubleSided,
  };
  return {
    mesh: { ...atlas, groups: [{ start: 0, count: atlas.indices.length / 3, material: 0 }] },
    materials: [merged],
  };
}

export async function runConvert(run: EngineRun<ConvertSpec>): Promise<EngineResult> {
  const { spec, inputs, progress, signal } = run;
  const { timings, lap } = stageTimer();
  const notes: Record<string, unknown> = {};
  progress('import', 2);
  const scene = await importSourceModel(spec, inputs);
  let mesh = flattenScene(scene);
  let materials =
    scene.materials.length > 0
      ? scene.materials
      : [{ name: 'default', baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.6 } as Material];
  if (mesh.indices.length === 0) throw new EngineError('INVALID_REQUEST', 'The model has no triangles to convert.');
  if (scene.materials.length === 0)
    mesh = { ...mesh, groups: [{ start: 0, count: mesh.indices.length / 3, material: 0 }] };
  notes.inputFaces = mesh.indices.length / 3;
  lap('import');
  checkAbort(signal);

  if (spec.faceBudget !== undefined) {
    progress('faces', 10);
    const reached = await reachFaceBudget(mesh, spec.faceBudget);
    mesh = computeNormals({ ...reached.mesh, normals: undefined });
    if (reached.note) notes.faceBudget = reached.note;
    lap('faces');
    checkAbort(signal);
  }

  progress('uv', 40);
  if (spec.uv === 'new') {
    ({ mesh, materials } = await newAtlas(mesh, materials, spec.textureResolution ?? DEFAULT_ATLAS_RESOLUTION));
    lap('uv');
  } else if (spec.textureResolution !== undefined) {
    materials = await resizeMaps(materials, spec.textureResolution);
    lap('textures');
  }
  checkAbort(signal);

  if (spec.meshMode === 'Quad') {
    progress('mesh mode', 60);
    mesh = toQuadDominant(mesh);
    lap('quads');
  }
  if (!mesh.normals) mesh = computeNormals(mesh);
  const placed = place(mesh, spec);
  const output: Scene = { materials, roots: [createNode('model', orient(placed, spec.upAxis))] };

  progress('export', 70);
  const files = await exportScene(output, {
    format: spec.geometryFileFormat,
    material: spec.material,
    shadedTextureSize: spec.textureResolution ?? 1024,
  });
  lap('export');
  checkAbort(signal);

  progress('preview', 92);
  // The preview stays upright whatever up_axis the files use.
  files.push({
    name: 'preview.webp',
    bytes: await renderPreview({ materials, roots: [createNode('model', placed)] }),
    contentType: 'image/webp',
  });
  lap('preview');
  progress('done', 100);
  const quads = quadStats(mesh);
  return { files, notes: { ...notes, faces: mesh.indices.length / 3, quads: quads.quads, timings } };
}

const convert: Engine<ConvertSpec> = { kind: 'convert', run: runConvert };

export default convert;
