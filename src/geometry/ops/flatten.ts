/** Merging a scene's node tree into one world-space mesh. */
import type { MaterialGroup, Mesh, Scene, SceneNode } from '../mesh.ts';
import { computeNormals } from './normals.ts';
import { determinant3, normalMatrix, placedMeshes } from '../transform.ts';

/** World matrix of every node that carries a mesh, in depth-first order. */
export function meshInstances(scene: Scene): { node: SceneNode; mesh: Mesh; world: Float64Array }[] {
  return placedMeshes(scene).map(({ node, mesh, matrix }) => ({ node, mesh, world: matrix }));
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
    const [n00, n01, n02, n10, n11, n12, n20, n21, n22] = normalMatrix(m);
    const flip = determinant3(m) < 0;
    for (let v = 0; v < n; v++) {
      const x = mesh.positions[v * 3],
        y = mesh.positions[v * 3 + 1],
        z = mesh.positions[v * 3 + 2];
      const o = (vBase + v) * 3;
      positions[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
      positions[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
      positions[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
      const nx = mesh.normals![v * 3],
        ny = mesh.normals![v * 3 + 1],
        nz = mesh.normals![v * 3 + 2];
      const tx = n00 * nx + n01 * ny + n02 * nz;
      const ty = n10 * nx + n11 * ny + n12 * nz;
      const tz = n20 * nx + n21 * ny + n22 * nz;
      const len = Math.hypot(tx, ty, tz) || 1;
      normals[o] = tx / len;
      normals[o + 1] = ty / len;
      normals[o + 2] = tz / len;
      if (uvs && mesh.uvs) {
        uvs[(vBase + v) * 2] = mesh.uvs[v * 2];
        uvs[(vBase + v) * 2 + 1] = mesh.uvs[v * 2 + 1];
      }
    }
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
    for (const group of mesh.groups)
      groups.push({ start: group.start + iBase / 3, count: group.count, material: group.material });
    vBase += n;
    iBase += mesh.indices.length;
  }
  return { positions, normals, indices, groups, ...(uvs ? { uvs } : {}), ...(quads ? { quads } : {}) };
}
