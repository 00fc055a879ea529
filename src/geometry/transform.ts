/**
 * Node transforms for everything that walks a scene: writers whose format has no hierarchy (OBJ, STL),
 * the flattening of a scene into one mesh, and the renderer. Node TRS → column-major 4×4 matrices, and
 * positions/normals carried through them into fresh typed arrays (never per-vertex objects, so 10M-face
 * meshes stay cheap).
 */
import type { Mesh, Scene, SceneNode } from './mesh.ts';

/** Column-major 4×4 (glTF layout: m[col * 4 + row]). */
export type Mat4 = Float64Array;

export const IDENTITY: Mat4 = Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

/** A unit copy of the node's quaternion (writers and validators want unit rotations). */
export function unitQuaternion(q: readonly number[]): [number, number, number, number] {
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(length > 1e-12) || !Number.isFinite(length)) return [0, 0, 0, 1];
  return [q[0] / length, q[1] / length, q[2] / length, q[3] / length];
}

export function nodeMatrix(node: SceneNode): Mat4 {
  const [x, y, z, w] = unitQuaternion(node.rotation);
  const [sx, sy, sz] = node.scale;
  const m = new Float64Array(16);
  m[0] = (1 - 2 * (y * y + z * z)) * sx;
  m[1] = 2 * (x * y + z * w) * sx;
  m[2] = 2 * (x * z - y * w) * sx;
  m[4] = 2 * (x * y - z * w) * sy;
  m[5] = (1 - 2 * (x * x + z * z)) * sy;
  m[6] = 2 * (y * z + x * w) * sy;
  m[8] = 2 * (x * z + y * w) * sz;
  m[9] = 2 * (y * z - x * w) * sz;
  m[10] = (1 - 2 * (x * x + y * y)) * sz;
  m[12] = node.translation[0];
  m[13] = node.translation[1];
  m[14] = node.translation[2];
  m[15] = 1;
  return m;
}

export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + r] * b[c * 4 + k];
      out[c * 4 + r] = s;
    }
  }
  return out;
}

/** Determinant of the upper 3×3: negative means the transform mirrors, so triangle winding must flip. */
export function determinant3(m: Mat4): number {
  return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) + m[8] * (m[1] * m[6] - m[5] * m[2]);
}

/** Inverse-transpose of the upper 3×3 (row-major 3×3), for carrying normals. */
export function normalMatrix(m: Mat4): Float64Array {
  const a = m[0],
    b = m[4],
    c = m[8];
  const d = m[1],
    e = m[5],
    f = m[9];
  const g = m[2],
    h = m[6],
    i = m[10];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const s = Math.abs(det) > 1e-30 ? 1 / det : 0;
  // Cofactor matrix / det is the inverse transpose.
  return Float64Array.from([
    (e * i - f * h) * s,
    -(d * i - f * g) * s,
    (d * h - e * g) * s,
    -(b * i - c * h) * s,
    (a * i - c * g) * s,
    -(a * h - b * g) * s,
    (b * f - c * e) * s,
    -(a * f - c * d) * s,
    (a * e - b * d) * s,
  ]);
}

export function isIdentity(m: Mat4): boolean {
  for (let k = 0; k < 16; k++) if (Math.abs(m[k] - IDENTITY[k]) > 1e-12) return false;
  return true;
}

export function transformPositions(positions: Float32Array, m: Mat4): Float32Array {
  if (isIdentity(m)) return positions;
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i],
      y = positions[i + 1],
      z = positions[i + 2];
    out[i] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[i + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[i + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  return out;
}

/** Normals through the inverse-transpose, renormalised; zero normals stay zero. */
export function transformNormals(normals: Float32Array, m: Mat4): Float32Array {
  if (isIdentity(m)) return normals;
  const n = normalMatrix(m);
  const out = new Float32Array(normals.length);
  for (let i = 0; i < normals.length; i += 3) {
    const x = normals[i],
      y = normals[i + 1],
      z = normals[i + 2];
    const tx = n[0] * x + n[1] * y + n[2] * z;
    const ty = n[3] * x + n[4] * y + n[5] * z;
    const tz = n[6] * x + n[7] * y + n[8] * z;
    const length = Math.hypot(tx, ty, tz);
    const s = length > 0 ? 1 / length : 0;
    out[i] = tx * s;
    out[i + 1] = ty * s;
    out[i + 2] = tz * s;
  }
  return out;
}

export interface PlacedMesh {
  node: SceneNode;
  mesh: Mesh;
  /** Node to world. */
  matrix: Mat4;
}

/** Depth-first walk over every node with its world matrix, parents before children. */
export function walkNodes(scene: Scene, visit: (node: SceneNode, world: Mat4, depth: number) => void): void {
  const step = (node: SceneNode, parent: Mat4, depth: number) => {
    const world = multiply(parent, nodeMatrix(node));
    visit(node, world, depth);
    for (const child of node.children) step(child, world, depth + 1);
  };
  for (const root of scene.roots) step(root, IDENTITY, 0);
}

/** Every node that carries a non-empty mesh, with its world matrix. */
export function placedMeshes(scene: Scene): PlacedMesh[] {
  const out: PlacedMesh[] = [];
  walkNodes(scene, (node, matrix) => {
    if (node.mesh && node.mesh.indices.length > 0) out.push({ node, mesh: node.mesh, matrix });
  });
  return out;
}
