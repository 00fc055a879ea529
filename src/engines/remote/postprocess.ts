/**
 * A remote model server's GLB → Kiln's download files, through the same output pipeline as the
 * built-in engines (src/engines/generate/shared/output.ts): placed like Kiln's own assets, repaired to
 * a closed solid when it is not one (KILN_REMOTE_REPAIR; seams closed up to float noise are only snapped
 * together), then the exact face budget, Quad mode, a new UV atlas with maps at exactly the spec's
 * texture resolution (the server's texture carried over by closest-point lookup), material variants,
 * every format and the preview. A 40k-face model with a 1K texture thus still honours the tier, budget
 * and texture size the client asked for.
 */
import type { GenerateSpec } from '../../domain/task-spec.ts';
import type { EngineResult, ProgressReporter } from '../engine.ts';
import { importModel, isGeometryInputError } from '../../geometry/import/index.ts';
import { meshBounds, type Material, type Mesh, type RasterImage, type Scene } from '../../geometry/mesh.ts';
import { sniffImageType } from '../../domain/image-type.ts';
import {
  computeNormals,
  flattenScene,
  isWatertight,
  repairToSolid,
  snapSeamsClosed,
} from '../../geometry/ops/index.ts';
import { textureImage } from '../../geometry/texture.ts';
import { writeGenerationOutputs, type UvMesh } from '../generate/shared/output.ts';
import { stageTimer } from '../generate/shared/stage-timer.ts';
import { RemoteFailure } from './adapter.ts';
import { takeSpare, type CpuSlots } from '../cpu-slots.ts';
import { transferBaseColour } from './texture-transfer.ts';

export interface FinishOptions {
  /** Names the server in refusals: `hunyuan3d at http://gpu-1:8081`. */
  service: string;
  repair: boolean;
  progress: ProgressReporter;
  signal: AbortSignal;
  /** Progress range of this step (default [60, 100]). */
  span?: [number, number];
  /** A base-colour image sent beside the model (a provider's separate texture file); used when the model has none. */
  baseColor?: Uint8Array;
  /** The run's share of the cores: the transfer bakes on a second thread while one is free (cpu-slots.ts). */
  cpu?: CpuSlots;
}

/**
 * Puts a separately sent base-colour image on a model whose materials carry no texture of their own
 * (the model's UVs address it). Returns whether it was used.
 */
function adoptSeparateTexture(scene: Scene, image: Uint8Array | undefined, hasUvs: boolean): boolean {
  if (!image || !hasUvs || scene.materials.some((material) => material.baseColorTexture)) return false;
  const mimeType = sniffImageType(image);
  if (mimeType !== 'image/png' && mimeType !== 'image/jpeg' && mimeType !== 'image/webp') return false;
  if (scene.materials.length === 0)
    scene.materials.push({ name: 'provider', baseColor: [1, 1, 1, 1], metallic: 0, roughness: 0.6 });
  for (const material of scene.materials)
    material.baseColorTexture = { name: 'provider base color', encoded: { bytes: image, mimeType } };
  return true;
}

/** Centred on the origin with the longest side 1 unit, or with bbox_condition the exact extents. */
function place(mesh: Mesh, bbox?: [number, number, number]): Mesh {
  const b = meshBounds(mesh);
  const extent = [0, 1, 2].map((k) => Math.max(1e-9, b.max[k] - b.min[k]));
  const centre = [0, 1, 2].map((k) => (b.min[k] + b.max[k]) / 2);
  const scale = bbox?.every((v) => v > 0)
    ? [0, 1, 2].map((k) => bbox[k] / extent[k])
    : [0, 1, 2].map(() => 1 / Math.max(...extent));
  const positions = new Float32Array(mesh.positions.length);
  for (let i = 0; i < positions.length; i++) positions[i] = (mesh.positions[i] - centre[i % 3]) * scale[i % 3];
  return { ...mesh, positions, normals: undefined };
}

async function readModel(glb: Uint8Array, service: string) {
  try {
    const scene = await importModel(glb, { format: 'glb', filename: 'remote.glb' });
    const mesh = flattenScene(scene);
    if (mesh.indices.length === 0) throw new RemoteFailure('garbage', `${service} returned a model without triangles`);
    return { scene, mesh };
  } catch (error) {
    if (error instanceof RemoteFailure) throw error;
    const reason = isGeometryInputError(error) ? error.message : (error as Error).message;
    throw new RemoteFailure(
      'garbage',
      `${service} returned a model Kiln cannot read (${glb.byteLength} bytes): ${reason}`,
    );
  }
}

/** Per source triangle: the texture image (decoded) and colour factor of its material. */
async function triangleLooks(mesh: Mesh, materials: Material[]) {
  const images: (RasterImage | undefined)[] = [];
  for (const material of materials)
    images.push(
      material.baseColorTexture ? await textureImage(material.baseColorTexture).catch(() => undefined) : undefined,
    );
  const materialOf = new Uint32Array(mesh.indices.length / 3);
  for (const group of mesh.groups) materialOf.fill(group.material, group.start, group.start + group.count);
  return { images, materialOf };
}

/**
 * The closed solid the output steps start from. A mesh closed by position is used as it is; one closed
 * only up to float noise (seam vertices a few ULPs apart, as model servers write them) is used with those
 * vertices snapped together (geometry/ops/seam-snap.ts) and the smooth normals the full repair would have
 * given it (the face budget's simplifier weighs them: without them a budget below the model's faces
 * simplified such a model differently than before); anything else goes through the full repair.
 */
export async function closedSolid(
  source: Mesh,
  repair: boolean,
  onRepair: () => void = () => undefined,
): Promise<{ mesh: Mesh; repaired: boolean; snappedVertices?: number }> {
  if (!repair || isWatertight(source)) return { mesh: source, repaired: false };
  onRepair();
  const snapped = snapSeamsClosed(source);
  if (snapped)
    return {
      mesh: computeNormals(snapped.mesh, { smoothAcrossSeams: true }),
      repaired: false,
      snappedVertices: snapped.snappedVertices,
    };
  return { mesh: (await repairToSolid(source)).mesh, repaired: true };
}

export async function finishRemoteModel(
  glb: Uint8Array,
  spec: GenerateSpec,
  options: FinishOptions,
): Promise<EngineResult> {
  const { service, progress, signal } = options;
  const [from, to] = options.span ?? [60, 100];
  const { timings, lap } = stageTimer();
  progress('remote model import', from);
  const { scene, mesh: raw } = await readModel(glb, service);
  const separateTexture = adoptSeparateTexture(scene, options.baseColor, raw.uvs !== undefined);
  lap('import');
  const source = place(raw, spec.bboxCondition);
  const {
    mesh: solid,
    repaired,
    snappedVertices,
  } = await closedSolid(source, options.repair, () => progress('repair', from + (to - from) * 0.05));
  lap('repair');
  const looks = await triangleLooks(source, scene.materials);
  lap('looks');

  const bake = async (atlas: UvMesh, size: number) => {
    const spare = takeSpare(options.cpu);
    try {
      const threads = 1 + spare.helpers;
      return { baseColor: await transferBaseColour(atlas, size, source, scene.materials, looks, { threads }) };
    } finally {
      spare.release();
    }
  };
  const first = scene.materials[0];
  const { files, stats } = await writeGenerationOutputs({
    spec,
    mesh: solid,
    bake,
    metallic: first?.metallic ?? 0,
    roughness: first?.roughness ?? 0.6,
    progress,
    signal,
    span: [from + (to - from) * 0.1, to],
  });
  return {
    files,
    notes: {
      remoteModel: {
        bytes: glb.byteLength,
        faces: raw.indices.length / 3,
        materials: scene.materials.length,
        repaired,
        ...(snappedVertices ? { snappedVertices } : {}),
        ...(separateTexture ? { separateTexture: true } : {}),
      },
      ...stats,
      timings: { ...timings, ...stats.timings },
    },
  };
}
