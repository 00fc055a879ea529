/**
 * Gathers a scene's node tree into one world-space triangle soup for rasterising: positions,
 * normals (where the mesh has them), UVs, and per triangle its material and the root node (piece)
 * it came from.
 */
import type { Mesh, Scene, SceneNode } from '../mesh.ts';
import { IDENTITY, multiply, nodeMatrix, type Mat4 } from '../transform.ts';

export interface WorldGeometry {
  positions: Float32Array;
  /** Per-vertex world normals; meaningful only for triangles whose `flat` flag is 0. */
  normals: Float32Array;
  uvs: Float32Array;
  /** 1 when the vertex has UVs. */
  hasUv: Uint8Array;
  indices: Uint32Array;
  /** Material index per triangle (into Scene.materials). */
  triMaterial: Int32Array;
  /** Index of the root node each triangle belongs to. */
  triPiece: Int32Array;
  /** 1 when the triangle's mesh has no normals: shade it with its face normal. */
  flat: Uint8Array;
}

interface Placed {
  mesh: Mesh;
  matrix: Mat4;
  piece: number;
}

/** Every mesh of the scene with its world matrix; `offsets[piece]` (optional) moves a whole root. */
export function placedMeshes(scene: Scene, offsets?: ReadonlyArray<[number, number, number]>): Placed[] {
  const out: Placed[] = [];
  const visit = (node: SceneNode, parent: Mat4, piece: number) => {
    const matrix = multiply(parent, nodeMatrix(node));
    if (node.mesh && node.mesh.indices.length > 0) out.push({ mesh: node.mesh, matrix, piece });
    for (const child of node.children) visit(child, matrix, piece);
  };
  scene.roots.forEach((root, piece) => {
    const base = Float64Array.from(IDENTITY);
    const offset = offsets?.[piece];
    if (offset) {
      base[12] = offset[0];
      base[13] = offset[1];
      base[14] = offset[2];
    }
    visit(root, base, piece);
  });
  return out;
}

/** `p`'s points moved by `m`, written from vertex `v0` of `out`. */
function placePositions(p: Float32Array, m: Mat4, out: Float32Array, v0: number): void {
  const n = p.length / 3;
  for (let i = 0; i < n; i++) {
    const x = p[i * 3];
    const y = p[i * 3 + 1];
    const z = p[i * 3 + 2];
    const o = (v0 + i) * 3;
    out[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
}

/**
 * The world positions `worldGeometry` would give, alone: framing a preview needs only its bounds, and
 * normals, UVs and per-triangle tables for that were a third of the preview's time at 150k faces.
 */
export function worldPositions(scene: Scene, offsets?: ReadonlyArray<[number, number, number]>): Float32Array {
  const placed = placedMeshes(scene, offsets);
  let vertexTotal = 0;
  for (const { mesh } of placed) vertexTotal += mesh.positions.length / 3;
  const positions = new Float32Array(vertexTotal * 3);
  let v0 = 0;
  for (const { mesh, matrix } of placed) {
    placePositions(mesh.positions, matrix, positions, v0);
    v0 += mesh.positions.length / 3;
  }
  return positions;
}

export function worldGeometry(scene: Scene, offsets?: ReadonlyArray<[number, number, number]>): WorldGeometry {
  const placed = placedMeshes(scene, offsets);
  let vertexTotal = 0;
  let triangleTotal = 0;
  for (const { mesh } of placed) {
    vertexTotal += mesh.positions.length / 3;
    triangleTotal += mesh.indices.length / 3;
  }
  const positions = new Float32Array(vertexTotal * 3);
  const normals = new Float32Array(vertexTotal * 3);
  const uvs = new Float32Array(vertexTotal * 2);
  const hasUv = new Uint8Array(vertexTotal);
  const indices = new Uint32Array(triangleTotal * 3);
  const triMaterial = new Int32Array(triangleTotal);
  const triPiece = new Int32Array(triangleTotal);
  const flat = new Uint8Array(triangleTotal);
  let v0 = 0;
  let t0 = 0;
  for (const { mesh, matrix: m, piece } of placed) {
    const n = mesh.positions.length / 3;
    placePositions(mesh.positions, m, positions, v0);
    if (mesh.normals) {
      // Normals transform by the inverse transpose; the cofactor matrix is proportional to it.
      const c = [
        m[5] * m[10] - m[6] * m[9],
        m[6] * m[8] - m[4] * m[10],
        m[4] * m[9] - m[5] * m[8],
        m[2] * m[9] - m[1] * m[10],
        m[0] * m[10] - m[2] * m[8],
        m[1] * m[8] - m[0] * m[9],
        m[1] * m[6] - m[2] * m[5],
        m[2] * m[4] - m[0] * m[6],
        m[0] * m[5] - m[1] * m[4],
      ];
      const q = mesh.normals;
      for (let i = 0; i < n; i++) {
        const x = q[i * 3];
        const y = q[i * 3 + 1];
        const z = q[i * 3 + 2];
        const nx = c[0] * x + c[3] * y + c[6] * z;
        const ny = c[1] * x + c[4] * y + c[7] * z;
        const nz = c[2] * x + c[5] * y + c[8] * z;
        const l = Math.hypot(nx, ny, nz) || 1;
        const o = (v0 + i) * 3;
        normals[o] = nx / l;
        normals[o + 1] = ny / l;
        normals[o + 2] = nz / l;
      }
    }
    if (mesh.uvs) {
      uvs.set(mesh.uvs.subarray(0, n * 2), v0 * 2);
      hasUv.fill(1, v0, v0 + n);
    }
    const triangles = mesh.indices.length / 3;
    for (let i = 0; i < mesh.indices.length; i++) indices[t0 * 3 + i] = mesh.indices[i] + v0;
    triMaterial.fill(0, t0, t0 + triangles);
    for (const group of mesh.groups) triMaterial.fill(group.material, t0 + group.start, t0 + group.start + group.count);
    triPiece.fill(piece, t0, t0 + triangles);
    if (!mesh.normals) flat.fill(1, t0, t0 + triangles);
    v0 += n;
    t0 += triangles;
  }
  return { positions, normals, uvs, hasUv, indices, triMaterial, triPiece, flat };
}

/** A bare mesh as world geometry (identity transform, one piece). */
export function meshWorldGeometry(mesh: Mesh): WorldGeometry {
  return worldGeometry(meshScene(mesh));
}

/** A scene of the one mesh, unmoved. */
export function meshScene(mesh: Mesh): Scene {
  return {
    materials: [],
    roots: [{ name: 'mesh', translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1], mesh, children: [] }],
  };
}
