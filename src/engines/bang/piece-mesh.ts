/**
 * Solid pieces back to Kiln meshes. Triangles that come from the input surface keep its material and
 * UVs (manifold-3d carries the UVs as interpolated vertex properties); triangles made by the cuts get
 * the interior material. Triangles are ordered by material so each material is one group.
 */
import type { Material, MaterialGroup, Mesh } from '../../geometry/mesh.ts';
import { computeNormals } from '../../geometry/ops/index.ts';
import type { SolidMesh } from './solid-mesh.ts';

/** The colour of faces the cuts expose: a neutral, matte clay so pieces read as cut open. */
export function interiorMaterial(): Material {
  return { name: 'interior', baseColor: [0.62, 0.56, 0.5, 1], metallic: 0, roughness: 0.85 };
}

export interface PieceMeshOptions {
  /** Material index of each input triangle. */
  inputMaterials: Uint32Array;
  /** Material index for cut faces. */
  interior: number;
  /** Multiplies every position (reference_scale). Default 1. */
  scale?: number;
}

export interface PieceMesh {
  mesh: Mesh;
  /** Input triangle per output triangle, −1 for cut faces. */
  sourceFace: Int32Array;
}

export function pieceMesh(solid: SolidMesh, options: PieceMeshOptions): PieceMesh {
  const scale = options.scale ?? 1;
  const nt = solid.faces.length;
  const material = new Uint32Array(nt);
  for (let t = 0; t < nt; t++)
    material[t] = solid.faces[t] >= 0 ? options.inputMaterials[solid.faces[t]] : options.interior;
  // Stable order by material, one group per material.
  const order = Array.from({ length: nt }, (_, t) => t).sort((a, b) => material[a] - material[b] || a - b);
  // Output vertices: one per pool vertex and UV on input faces; cut faces meet the surface at a sharp
  // edge, so they get their own copies of their vertices and the per-vertex normals stay crisp there.
  const p = solid.pool.positions,
    uv = solid.uvs;
  const positions: number[] = [],
    uvs: number[] | undefined = uv ? [] : undefined;
  const onSurface = new Map<number, number>(),
    onCut = new Map<number, number>();
  const otherUv = new Map<string, number>();
  const vertexOf = (t: number, k: number): number => {
    const v = solid.triangles[3 * t + k];
    const u0 = uv ? uv[6 * t + 2 * k] : 0,
      u1 = uv ? uv[6 * t + 2 * k + 1] : 0;
    const cut = solid.faces[t] < 0;
    const map = cut ? onCut : onSurface;
    let id = map.get(v);
    if (id !== undefined && !cut && uvs && (uvs[2 * id] !== u0 || uvs[2 * id + 1] !== u1)) {
      const key = `${v}:${u0}:${u1}`;
      id = otherUv.get(key);
      if (id === undefined) otherUv.set(key, (id = positions.length / 3));
      else return id;
    } else if (id !== undefined) return id;
    else map.set(v, (id = positions.length / 3));
    positions.push(p[3 * v] * scale, p[3 * v + 1] * scale, p[3 * v + 2] * scale);
    uvs?.push(u0, u1);
    return id;
  };
  const indices = new Uint32Array(nt * 3);
  const sourceFace = new Int32Array(nt);
  const groups: MaterialGroup[] = [];
  order.forEach((t, i) => {
    for (let k = 0; k < 3; k++) indices[3 * i + k] = vertexOf(t, k);
    sourceFace[i] = solid.faces[t];
    const last = groups[groups.length - 1];
    if (last && last.material === material[t]) last.count++;
    else groups.push({ start: i, count: 1, material: material[t] });
  });
  const mesh = computeNormals({
    positions: Float32Array.from(positions),
    indices,
    uvs: uvs ? Float32Array.from(uvs) : undefined,
    groups,
  });
  return { mesh, sourceFace };
}
