/**
 * The texture engine (POST /api/v2/texture): the uploaded or stored model keeps its geometry (every
 * vertex position and triangle, in order) and gets a new base-colour texture from 1–5 pictures.
 *
 * Stages (progress): import → views → uv → texture → export → preview.
 * - The model's UVs are kept when `keep_uvs` is true, or when it is not sent and they are usable
 *   (uv-choice.ts); otherwise a fresh atlas is made (vertices split along its seams, positions kept).
 * - The pictures are placed per views.md (labels, or F, R, B, L, U in order; picture-views.ts) and
 *   projected with a depth test against the model itself; surface no picture sees takes the nearest
 *   seen colours (the image engine's bakeProjectedColour).
 * - `resolution` Basic/High (or texture_mode's table) sets the texture edge; `material` the variants;
 *   `reference_scale` multiplies the output's size. `seed`, `prompt` and `escore` are recorded: the
 *   projection is deterministic and takes no guidance.
 */
import type { TextureSpec } from '../../domain/task-spec.ts';
import { exportScene } from '../output/index.ts';
import { createNode, type Material, type Mesh, type Scene } from '../../geometry/mesh.ts';
import { computeNormals, flattenScene, generateUvAtlas } from '../../geometry/ops/index.ts';
import { renderPreview } from '../../geometry/render/index.ts';
import { EngineError, type Engine, type EngineResult, type EngineRun } from '../engine.ts';
import { createColourProjector } from '../generate/image/colour-projection.ts';
import { bakeProjectedColour } from '../generate/image/texture-bake.ts';
import { checkAbort, type UvMesh } from '../generate/shared/output.ts';
import { stageTimer } from '../generate/shared/stage-timer.ts';
import { importSourceModel } from '../shared/model-input.ts';
import { pictureViews } from './picture-views.ts';
import { uvsUsable } from './uv-choice.ts';

function scaled(mesh: Mesh, factor: number | undefined): Mesh {
  if (factor === undefined || factor === 1) return mesh;
  return { ...mesh, positions: Float32Array.from(mesh.positions, (v) => v * factor) };
}

/** The model's own finish where it has one material; a plain dielectric otherwise. */
function textureMaterial(scene: Scene, baked: Material['baseColorTexture'], keptUvs: boolean): Material {
  const source = scene.materials.length === 1 ? scene.materials[0] : undefined;
  return {
    name: source?.name || 'textured',
    baseColor: [1, 1, 1, 1],
    metallic: source?.metallic ?? 0,
    roughness: source?.roughness ?? 0.7,
    baseColorTexture: baked,
    // Maps laid out over the model's own UVs stay valid only when those UVs are kept.
    ...(keptUvs && source?.metallicRoughnessTexture
      ? { metallicRoughnessTexture: source.metallicRoughnessTexture }
      : {}),
    ...(keptUvs && source?.normalTexture ? { normalTexture: source.normalTexture } : {}),
    doubleSided: source?.doubleSided,
  };
}

export async function runTexture(run: EngineRun<TextureSpec>): Promise<EngineResult> {
  const { spec, inputs, progress, signal } = run;
  const { timings, lap } = stageTimer();
  progress('import', 2);
  const scene = await importSourceModel(spec, inputs);
  const flat = flattenScene(scene);
  if (flat.indices.length === 0) throw new EngineError('INVALID_REQUEST', 'The model has no triangles to texture.');
  const mesh: Mesh = {
    ...flat,
    normals: flat.normals ?? computeNormals(flat).normals,
    groups: [{ start: 0, count: flat.indices.length / 3, material: 0 }],
  };
  lap('import');
  checkAbort(signal);

  progress('views', 10);
  const pictures = inputs.filter((f) => f.field === 'image');
  if (pictures.length === 0) throw new EngineError('INVALID_REQUEST', 'Send 1 to 5 pictures in the image field.');
  const { views, transform, framing } = await pictureViews(pictures, spec.imageLabels, mesh);
  lap('views');
  checkAbort(signal);

  progress('uv', 25);
  const size = spec.textureResolution;
  const ownUvs = uvsUsable(mesh);
  const keepUvs = spec.keepUvs ?? ownUvs.usable;
  const kept = keepUvs && !!mesh.uvs;
  const atlas = (kept ? mesh : generateUvAtlas({ ...mesh, uvs: undefined }, { textureSize: size })) as UvMesh;
  lap('uv');
  checkAbort(signal);

  progress('texture', 35);
  const colourAt = createColourProjector(views, atlas, transform);
  const baseColor = bakeProjectedColour(atlas, size, colourAt);
  lap('bake');
  checkAbort(signal);

  progress('export', 80);
  const material = textureMaterial(scene, { name: 'diffuse', image: baseColor }, kept);
  const out: Scene = { materials: [material], roots: [createNode('textured', scaled(atlas, spec.referenceScale))] };
  const files = await exportScene(out, {
    format: spec.geometryFileFormat,
    material: spec.material,
    shadedTextureSize: size,
  });
  lap('export');
  checkAbort(signal);

  progress('preview', 92);
  files.push({ name: 'preview.webp', bytes: await renderPreview(out), contentType: 'image/webp' });
  lap('preview');
  progress('done', 100);
  return {
    files,
    notes: {
      faces: flat.indices.length / 3,
      vertices: flat.positions.length / 3,
      uvs: kept ? 'kept' : 'new atlas',
      ...(spec.keepUvs === true && !mesh.uvs ? { keepUvsIgnored: 'the model has no UVs' } : {}),
      ...(!kept && ownUvs.reason ? { ownUvs: ownUvs.reason } : {}),
      views: spec.imageLabels,
      framing,
      textureSize: size,
      seed: spec.seed,
      ...(spec.prompt ? { prompt: spec.prompt } : {}),
      timings,
    },
  };
}

const texture: Engine<TextureSpec> = {
  kind: 'texture',
  async describePrompt(spec) {
    return spec.prompt ?? '';
  },
  run: runTexture,
};

export default texture;
