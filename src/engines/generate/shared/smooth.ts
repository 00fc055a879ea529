/** Taubin (λ|μ) smoothing: removes grid and silhouette stair-steps without shrinking the shape. */
import type { Mesh } from '../../../geometry/mesh.ts';

/** Vertex neighbour lists (CSR) from the triangles. */
export function vertexNeighbours(
  indices: Uint32Array,
  vertexCount: number,
): { offsets: Uint32Array; list: Uint32Array } {
  const degree = new Uint32Array(vertexCount + 1);
  for (let i = 0; i < indices.length; i++) degree[indices[i]] += 2;
  const offsets = new Uint32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) offsets[v + 1] = offsets[v] + degree[v];
  const fill = offsets.slice(0, vertexCount);
  const list = new Uint32Array(offsets[vertexCount]);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t],
      b = indices[t + 1],
      c = indices[t + 2];
    list[fill[a]++] = b;
    list[fill[a]++] = c;
    list[fill[b]++] = c;
    list[fill[b]++] = a;
    list[fill[c]++] = a;
    list[fill[c]++] = b;
  }
  // Each edge is listed from both of its triangles; the duplicates only double the uniform weights.
  return { offsets, list };
}

export function taubinSmooth(mesh: Mesh, iterations: number, lambda = 0.5, mu = -0.53): Mesh {
  if (iterations <= 0) return mesh;
  const n = mesh.positions.length / 3;
  const { offsets, list } = vertexNeighbours(mesh.indices, n);
  let p = Float32Array.from(mesh.positions);
  let next = new Float32Array(p.length);
  for (let it = 0; it < iterations * 2; it++) {
    const factor = it % 2 === 0 ? lambda : mu;
    for (let v = 0; v < n; v++) {
      const start = offsets[v],
        end = offsets[v + 1];
      if (end === start) {
        next[v * 3] = p[v * 3];
        next[v * 3 + 1] = p[v * 3 + 1];
        next[v * 3 + 2] = p[v * 3 + 2];
        continue;
      }
      let sx = 0,
        sy = 0,
        sz = 0;
      for (let k = start; k < end; k++) {
        const u = list[k] * 3;
        sx += p[u];
        sy += p[u + 1];
        sz += p[u + 2];
      }
      const inv = 1 / (end - start);
      next[v * 3] = p[v * 3] + factor * (sx * inv - p[v * 3]);
      next[v * 3 + 1] = p[v * 3 + 1] + factor * (sy * inv - p[v * 3 + 1]);
      next[v * 3 + 2] = p[v * 3 + 2] + factor * (sz * inv - p[v * 3 + 2]);
    }
    [p, next] = [next, p];
  }
  return { ...mesh, positions: p, normals: undefined };
}
