/**
 * The Bang engine (docs/spec/api.md §2.2): split a model into closed solid pieces that follow its parts.
 *
 * Stages (progress): import → repair → segment → cut → texture → export → preview.
 *
 * Options and what they do here:
 * - `strength` → `pieceTarget` (2 … 32 pieces), clamped to what the geometry supports: no piece below
 *   0.02 % of the volume (split.ts SPLIT_DEFAULTS; a sliver guard, thin parts such as ears count). More strength never gives fewer pieces and refines the lower-strength split.
 * - `material`: `None` writes geometry only; otherwise the input's own surfaces keep their materials and
 *   UVs and the faces the cuts expose get a separate `interior` material.
 * - `image` (custom-model mode): when the model has no texture of its own, the picture is projected
 *   onto it from the front (along −Z) and baked into a shared texture; `resolution` is that texture's
 *   edge in texels (default 2048). A model with its own textures keeps them and ignores the picture.
 * - `escore` (0–1, default 0): cut acceptance threshold — a natural cut is taken only when the crease
 *   it follows is at least this concave on average (mean 1 − cos of the dihedral angle). Higher values
 *   keep only clear necks and joints; the remaining count is made by halving the largest pieces.
 * - `reference_scale` (default 1): multiplies the output geometry's size (e.g. 0.01 for cm → m).
 * - `seed`: the split is deterministic for the same input and seed; the seed only tilts the halving
 *   planes used on shapes without enough natural parts.
 * - `prompt`: stored and echoed, not used for geometry.
 *
 * Hints from the input: faces of different scene nodes or materials are cheap to cut apart, and UV or
 * normal seams somewhat cheaper, so authored parts tend to become pieces of their own; separate nodes
 * that do not touch are always separate pieces once the count reaches the number of nodes.
 */
import type { BangSpec } from '../../domain/task-spec.ts';
import { scenePartsFromMeshes } from '../../geometry/export/index.ts';
import { importModel } from '../../geometry/import/index.ts';
import type { Material, Mesh, Scene } from '../../geometry/mesh.ts';
import { computeNormals, flattenScene, isWatertight, meshInstances, repairToSolid } from '../../geometry/ops/index.ts';
import { renderPreview } from '../../geometry/render/index.ts';
import { decodeUploadedImage } from '../image-input.ts';
import { MAX_REFERENCE_IMAGE_SIDE } from '../../domain/image-policy.ts';
import { EngineError, type Engine, type EngineResult, type EngineRun } from '../engine.ts';
import { asEngineRefusal } from '../geometry-refusal.ts';
import { stageTimer } from '../generate/shared/stage-timer.ts';
import { exportScene, partName } from '../output/index.ts';
import { interiorMaterial } from './piece-mesh.ts';
import { projectImage, referenceMaterial } from './projection.ts';
import { buildInputSolid, loadManifold } from './solid.ts';
import { splitMesh } from './split-mesh.ts';
import { SPLIT_DEFAULTS } from './split.ts';

export { splitMesh, type SplitMeshOptions, type SplitMeshResult } from './split-mesh.ts';

/** Texture edge for the projected picture when the request gives no `resolution`. */
export const DEFAULT_PROJECTION_RESOLUTION = 2048;

async function closedSolid(mesh: Mesh): Promise<{ mesh: Mesh; repairs?: string[] }> {
  if (isWatertight(mesh)) {
    const wasm = await loadManifold();
    try {
      const probe = buildInputSolid(wasm, mesh);
      const shells = probe.solid.decompose();
      const overlapping = shells.some((a, i) =>
        shells.some((b, j) => {
          if (j <= i) return false;
          const x = a.boundingBox(),
            y = b.boundingBox();
          return [0, 1, 2].every((k) => x.min[k] < y.max[k] && y.min[k] < x.max[k]);
        }),
      );
      for (const shell of shells) shell.delete();
      probe.solid.delete();
      if (!overlapping) return { mesh };
    } catch {
      // Not a valid manifold despite closed edges (e.g. inconsistent winding): repair below.
    }
  }
  const repaired = await repairToSolid(mesh);
  if (!repaired.report.after.watertight) {
    throw new EngineError(
      'INVALID_REQUEST',
      'The model could not be turned into a closed solid to split; send a model with a closed surface.',
    );
  }
  return { mesh: repaired.mesh, repairs: repaired.report.steps };
}

/** The index of the scene node each triangle of flattenScene(scene) comes from. */
function faceNodes(scene: Scene): Uint32Array {
  const instances = meshInstances(scene);
  const nodes = new Uint32Array(instances.reduce((s, { mesh }) => s + mesh.indices.length / 3, 0));
  let start = 0;
  instances.forEach(({ mesh }, node) => {
    nodes.fill(node, start, start + mesh.indices.length / 3);
    start += mesh.indices.length / 3;
  });
  return nodes;
}

export async function runBang(run: EngineRun<BangSpec>): Promise<EngineResult> {
  const { spec, inputs, progress, signal } = run;
  const { timings, lap } = stageTimer();
  const checkAbort = () => {
    if (signal.aborted) throw new Error('Bang run aborted');
  };
  progress('import', 2);
  const source =
    inputs.find((f) => f.field === (spec.mode === 'asset' ? 'asset' : 'model')) ??
    inputs.find((f) => f.field === 'asset' || f.field === 'model');
  if (!source) throw new EngineError('INVALID_REQUEST', 'Bang needs a model: an asset_id or a model file.');
  let scene: Scene;
  try {
    const companions = Object.fromEntries(
      inputs.filter((f) => f.field === 'asset-file').map((f) => [f.filename, f.bytes] as const),
    );
    scene = await importModel(source.bytes, { filename: source.filename, format: spec.modelFormat, companions });
  } catch (error) {
    throw asEngineRefusal(error);
  }
  const flat = flattenScene(scene);
  if (flat.indices.length === 0) throw new EngineError('INVALID_REQUEST', 'The model has no triangles to split.');
  lap('import');
  checkAbort();

  progress('repair', 10);
  const solid = await closedSolid(flat);
  lap('repair');
  checkAbort();

  progress('segment', 20);
  const materials: Material[] = scene.materials.length > 0 ? [...scene.materials] : [interiorMaterial()];
  if (scene.materials.length === 0) materials[0] = { ...materials[0], name: 'surface', baseColor: [0.8, 0.8, 0.8, 1] };
  const interior = materials.length;
  materials.push(interiorMaterial());
  const result = await splitMesh(solid.mesh, {
    count: spec.pieceTarget,
    escore: spec.escore,
    seed: spec.seed,
    scale: spec.referenceScale ?? 1,
    interiorMaterial: interior,
    // Repair rebuilds the surface, so which node a face came from is only known without it.
    faceNodes: solid.repairs ? undefined : faceNodes(scene),
    onProgress: (stage, fraction) => progress(stage === 'segment' ? 'segment' : 'cut', 20 + 50 * fraction),
  });
  lap('split');
  checkAbort();

  progress('texture', 70);
  let pieces = result.pieces;
  let projected = false;
  const image = inputs.find((f) => f.field === 'image');
  const usedMaterials = new Set(solid.mesh.groups.map((g) => g.material));
  const hasOwnTexture = [...usedMaterials].some((m) => materials[m]?.baseColorTexture);
  if (spec.mode === 'custom' && image && spec.material !== 'None' && !hasOwnTexture) {
    const picture = await decodeReferencePicture(image.bytes);
    const projectedMaterial = materials.length;
    const done = projectImage(pieces, picture, {
      size: spec.resolution ?? DEFAULT_PROJECTION_RESOLUTION,
      projectOnto: new Set([...usedMaterials].filter((m) => m !== interior)),
      projectedMaterial,
    });
    materials.push(referenceMaterial(done.texture));
    pieces = done.pieces.map((piece) => computeNormals(piece));
    projected = true;
  }
  lap('texture');
  checkAbort();

  progress('export', 80);
  const partScene = scenePartsFromMeshes(pieces, materials, partName);
  const files = await exportScene(partScene, { format: spec.geometryFileFormat, material: spec.material });
  lap('export');
  checkAbort();

  progress('preview', 92);
  files.push({
    name: 'preview.webp',
    bytes: await renderPreview(partScene, { explode: true }),
    contentType: 'image/webp',
  });
  lap('preview');
  progress('done', 100);

  const volumeSum = result.volumes.reduce((s, v) => s + v, 0);
  return {
    files,
    notes: {
      pieces: pieces.length,
      pieceTarget: spec.pieceTarget,
      naturalCuts: result.treeSplits,
      halvingCuts: result.fallbackSplits,
      ...(pieces.length < spec.pieceTarget
        ? {
            clamped: `the geometry supports ${pieces.length} pieces of at least ${100 * SPLIT_DEFAULTS.minVolumeFraction}% of the volume`,
          }
        : {}),
      repaired: solid.repairs ? solid.repairs : false,
      inputVolume: result.inputVolume,
      volumeError: result.inputVolume > 0 ? Math.abs(volumeSum / result.inputVolume - 1) : 0,
      projectedImage: projected,
      ...(spec.prompt ? { prompt: spec.prompt } : {}),
      timings,
    },
  };
}

const bang: Engine<BangSpec> = {
  kind: 'bang',
  async describePrompt(spec) {
    return spec.prompt ?? '';
  },
  run: runBang,
};

export default bang;

/** The reference picture under the upload policy, at most MAX_REFERENCE_IMAGE_SIDE on its long side. */
async function decodeReferencePicture(bytes: Uint8Array) {
  try {
    return await decodeUploadedImage(bytes, MAX_REFERENCE_IMAGE_SIDE);
  } catch (error) {
    throw new EngineError(
      'INVALID_REQUEST',
      `The reference image could not be used: ${error instanceof Error ? error.message : String(error)} Send a PNG, JPEG or WebP picture.`,
    );
  }
}
