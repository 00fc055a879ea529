/**
 * The whole splitter on a closed mesh: segment the surface, cut the solid, read the pieces back as
 * meshes. manifold-3d validates the input as a closed solid; the cuts work on SolidMesh (solid-mesh.ts).
 * Used by the engine, the tests and bench/bang-psb.ts.
 */
import type { Mesh } from '../../geometry/mesh.ts';
import { triangleMaterials } from '../../geometry/ops/index.ts';
import { agglomerate, type AgglomerateOptions } from './agglomerate.ts';
import { pieceMesh } from './piece-mesh.ts';
import { buildInputSolid, discardManifold, isKernelAbort, loadManifold } from './solid.ts';
import { makeKernel, VertexPool } from './solid-mesh.ts';
import { splitSolid, type SplitOptions } from './split.ts';
import { buildSurfaceGraph } from './surface-graph.ts';

export interface SplitMeshOptions extends SplitOptions {
  segmentation?: AgglomerateOptions;
  /** Material index for the faces the cuts expose. Default: one past the mesh's highest material. */
  interiorMaterial?: number;
  /**
   * The input node of each triangle, when the mesh is a flattened scene: faces of different nodes (or
   * of different materials, always) are cheap to cut apart, so authored parts tend to stay whole.
   */
  faceNodes?: ArrayLike<number>;
  /** Multiplies every output position. Default 1. */
  scale?: number;
  /** Called between stages with a fraction 0–1 of the split done. */
  onProgress?: (stage: 'segment' | 'cut' | 'pieces', fraction: number) => void;
}

export interface SplitMeshResult {
  pieces: Mesh[];
  /** Per piece, per triangle: the input triangle it comes from, −1 for cut faces. */
  sourceFaces: Int32Array[];
  /** Piece index per input triangle (the piece holding most of its area). */
  faceLabels: Int32Array;
  /** Enclosed volume per piece, and of the input (before `scale`). */
  volumes: number[];
  inputVolume: number;
  treeSplits: number;
  fallbackSplits: number;
  /** Tree splits tried (accepted or rejected for a too-small side or a failed cut). */
  attempts: number;
}

/**
 * Splits a closed mesh (throws if it is not one: repair first). If the geometry kernel aborts, the split
 * is retried once on a fresh kernel instance without bounded (box) cuts, the rarer code path.
 */
export async function splitMesh(mesh: Mesh, options: SplitMeshOptions): Promise<SplitMeshResult> {
  try {
    return await splitOnce(mesh, options);
  } catch (error) {
    if (!isKernelAbort(error) || options.localCuts === false) throw error;
    discardManifold();
    return await splitOnce(mesh, { ...options, localCuts: false });
  }
}

/** Node × material per triangle, or undefined when the whole input is one region. */
function inputRegions(materials: Uint32Array, nodes: ArrayLike<number> | undefined): Int32Array | undefined {
  const regions = new Int32Array(materials.length);
  const ids = new Map<number, number>();
  for (let t = 0; t < materials.length; t++) {
    const key = (nodes ? nodes[t] : 0) * 65536 + materials[t];
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    regions[t] = id;
  }
  return ids.size > 1 ? regions : undefined;
}

async function splitOnce(mesh: Mesh, options: SplitMeshOptions): Promise<SplitMeshResult> {
  const wasm = await loadManifold();
  options.onProgress?.('segment', 0);
  const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
  const inputMaterials = triangleMaterials(mesh);
  const regions = inputRegions(inputMaterials, options.faceNodes);
  const tree = agglomerate(graph, regions ? { ...options.segmentation, regions } : options.segmentation);
  const interior = options.interiorMaterial ?? inputMaterials.reduce((m, x) => Math.max(m, x), 0) + 1;
  const input = buildInputSolid(wasm, mesh);
  const pool = new VertexPool();
  const kernel = makeKernel(wasm, input.originalId, pool, !!mesh.uvs);
  // The input solid as manifold-3d read it (merged at UV seams, validated closed); consumed here.
  const [whole] = kernel.fromManifold(input.solid, true);
  delete whole.foreign;
  options.onProgress?.('cut', 0.3);
  const split = splitSolid({ kernel, graph, tree }, whole, options);
  options.onProgress?.('pieces', 0.8);
  const pieces: Mesh[] = [];
  const sourceFaces: Int32Array[] = [];
  const faceLabels = new Int32Array(graph.faceCount);
  const best = new Float64Array(graph.faceCount);
  split.pieces.forEach((solid, index) => {
    const piece = pieceMesh(solid, { inputMaterials, interior, scale: options.scale });
    pieces.push(piece.mesh);
    sourceFaces.push(piece.sourceFace);
    const area = new Map<number, number>();
    const p = piece.mesh.positions,
      I = piece.mesh.indices;
    for (let t = 0; t < piece.sourceFace.length; t++) {
      const f = piece.sourceFace[t];
      if (f < 0) continue;
      const a = 3 * I[3 * t],
        b = 3 * I[3 * t + 1],
        c = 3 * I[3 * t + 2];
      const ux = p[b] - p[a],
        uy = p[b + 1] - p[a + 1],
        uz = p[b + 2] - p[a + 2];
      const vx = p[c] - p[a],
        vy = p[c + 1] - p[a + 1],
        vz = p[c + 2] - p[a + 2];
      area.set(f, (area.get(f) ?? 0) + Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx));
    }
    for (const [f, a] of area) {
      if (a > best[f]) {
        best[f] = a;
        faceLabels[f] = index;
      }
    }
  });
  return {
    pieces,
    sourceFaces,
    faceLabels,
    volumes: split.volumes,
    inputVolume: split.inputVolume,
    treeSplits: split.treeSplits,
    fallbackSplits: split.fallbackSplits,
    attempts: split.attempts,
  };
}
