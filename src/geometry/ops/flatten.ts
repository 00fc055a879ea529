/** Merging a scene's node tree into one world-space mesh. */
import type { MaterialGroup, Mesh, Scene, SceneNode } from '../mesh.ts';
import { computeNormals } from './normals.ts';

type Mat4 = Float64Array; // column-major

function trs(node: SceneNode): Mat4 {
  const [x, y, z, w] = node.rotation;
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

function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + r] * b[c * 4 + k];
      out[c * 4 + r] = s;
    }
  return out;
}

/** World matrix of every node that carries a mesh, in depth-first order. */
export function meshInstances(scene: Scene): { node: SceneNode; mesh: Mesh; world: Float64Array }[] {
  const found: { node: SceneNode; mesh: Mesh; world: Float64Array }[] = [];
  const visit = (node: SceneNode, parent: Mat4 | null): void => {
    const world = parent ? multiply(parent, trs(node)) : trs(node);
    if (node.mesh && node.mesh.indices.length > 0) found.push({ node, mesh: node.mesh, world });
    for (const child of node.children) visit(child, world);
  };
  for (const root of scene.roots) visit(root, null);
  return found;
}

/**
 * One mesh holding every node's triangles in world space. Material groups are kept (offset per node),
 * normals are transformed (computed for nodes without them), UVs kept where any node has them (zero
 * elsewhere), quad flags kept. Mirroring transforms (negative determinant) flip the winding so the result
 * still winds CCW outward.
 */
export function flattenScene(scene: Scene): Mesh {
  const instances = meshInstances(scene);
  let vertexTotal = 0;
  let indexTotal = 0;
  let anyUv = false;
  let anyQuad = false;
  for (const { mesh } of instances) {
    vertexTotal += mesh.positions.length / 3;
    indexTotal += mesh.indices.length;
    anyUv ||= !!mesh.uvs;
    anyQuad ||= !!mesh.quads;
  }
  const positions = new Float32Array(vertexTotal * 3);
  const normals = new Float32Array(vertexTotal * 3);
  const uvs = anyUv ? new Float32Array(vertexTotal * 2) : undefined;
  const indices = new Uint32Array(indexTotal);
  const quads = anyQuad ? new Uint8Array(indexTotal / 3) : undefined;
  const groups: MaterialGroup[] = [];
  let vBase = 0;
  let iBase = 0;
  for (const { mesh: source, world: m } of instances) {
    const mesh = source.normals ? source : computeNormals(source);
    const n = mesh.positions.length / 3;
    // Normal matrix: inverse transpose of the upper 3×3 (cofactors / det).
    const a = m[0], b = m[4], c = m[8], d = m[1], e = m[5], f = m[9], g = m[2], h = m[6], i = m[10];
    const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    const n00 = e * i - f * h, n01 = -(d * i - f * g), n02 = d * h - e * g;
    const n10 = -(b * i - c * h), n11 = a * i - c * g, n12 = -(a * h - b * g);
    const n20 = b * f - c * e, n21 = -(a * f - c * d), n22 = a * e - b * d;
    for (let v = 0; v < n; v++) {
      const x = mesh.positions[v * 3], y = mesh.positions[v * 3 + 1], z = mesh.positions[v * 3 + 2];
      const o = (vBase + v) * 3;
      positions[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
      positions[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
      positions[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
      const nx = mesh.normals![v * 3], ny = mesh.normals![v * 3 + 1], nz = mesh.normals![v * 3 + 2];
      const tx = n00 * nx + n01 * ny + n02 * nz;
      const ty = n10 * nx + n11 * ny + n12 * nz;
      const tz = n20 * nx + n21 * ny + n22 * nz;
      const len = Math.hypot(tx, ty, tz) * (det < 0 ? -1 : 1) || 1;
      normals[o] = tx / len;
      normals[o + 1] = ty / len;
      normals[o + 2] = tz / len;
      if (uvs && mesh.uvs) {
        uvs[(vBase + v) * 2] = mesh.uvs[v * 2];
        uvs[(vBase + v) * 2 + 1] = mesh.uvs[v * 2 + 1];
      }
    }
    const flip = det < 0;
    const triCount = mesh.indices.length / 3;
    for (let t = 0; t < triCount; t++) {
      // Mirrored quads (a,b,c),(a,c,d) become (a,d,c),(a,c,b): the pair swaps places to stay a valid quad.
      let src = t;
      if (flip && mesh.quads) {
        if (mesh.quads[t]) src = t + 1;
        else if (t > 0 && mesh.quads[t - 1]) src = t - 1;
      }
      const o = iBase + t * 3;
      indices[o] = mesh.indices[src * 3] + vBase;
      indices[o + 1] = mesh.indices[src * 3 + (flip ? 2 : 1)] + vBase;
      indices[o + 2] = mesh.indices[src * 3 + (flip ? 1 : 2)] + vBase;
    }
    if (quads && mesh.quads) quads.set(mesh.quads.subarray(0, triCount), iBase / 3);
    for (const group of mesh.groups) groups.push({ start: group.start + iBase / 3, count: group.count, material: group.material });
    vBase += n;
    iBase += mesh.indices.length;
  }
  return { positions, normals, indices, groups, ...(uvs ? { uvs } : {}), ...(quads ? { quads } : {}) };
}
