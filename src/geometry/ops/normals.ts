/** Vertex and face normals. */
import type { Mesh } from '../mesh.ts';
import { canonicalVertices } from './weld.ts';

export interface ComputeNormalsOptions {
  /**
   * Average across vertices that share a position but were split for another attribute (UV seams), so
   * seams do not show in lighting. Hard edges split on purpose are smoothed too. Default false: each
   * vertex index gets its own normal, so split vertices keep their hard edges.
   */
  smoothAcrossSeams?: boolean;
  /**
   * With smoothAcrossSeams: the mesh's `canonicalVertices(positions, 0)` when the caller already has
   * them (the UV atlas does), so they are not worked out twice.
   */
  positionIds?: Uint32Array;
}

/**
 * Unit normal of every triangle (zero for degenerate triangles). With `areas`, each triangle's area (half
 * the cross product's length, the same double as computing it apart) is written there too, so a caller
 * needing both pays for the one `Math.hypot`.
 */
export function faceNormals(mesh: Mesh, areas?: Float64Array): Float32Array {
  const { positions: p, indices: idx } = mesh;
  const count = idx.length / 3;
  const out = new Float32Array(count * 3);
  for (let t = 0; t < count; t++) {
    const a = idx[t * 3] * 3,
      b = idx[t * 3 + 1] * 3,
      c = idx[t * 3 + 2] * 3;
    const ux = p[b] - p[a],
      uy = p[b + 1] - p[a + 1],
      uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a],
      vy = p[c + 1] - p[a + 1],
      vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    if (areas) areas[t] = len / 2;
    if (len > 0) {
      out[t * 3] = nx / len;
      out[t * 3 + 1] = ny / len;
      out[t * 3 + 2] = nz / len;
    }
  }
  return out;
}

/**
 * A copy of the mesh (sharing positions, indices, uvs) with area-weighted unit vertex normals following
 * the CCW-outward winding. Vertices on no non-degenerate triangle get (0, 1, 0).
 */
export function computeNormals(mesh: Mesh, options: ComputeNormalsOptions = {}): Mesh {
  const { positions: p, indices: idx } = mesh;
  const vertexCount = p.length / 3;
  const key = options.smoothAcrossSeams ? (options.positionIds ?? canonicalVertices(mesh.positions, 0)) : null;
  const acc = new Float32Array(vertexCount * 3);
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t] * 3,
      b = idx[t + 1] * 3,
      c = idx[t + 2] * 3;
    const ux = p[b] - p[a],
      uy = p[b + 1] - p[a + 1],
      uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a],
      vy = p[c + 1] - p[a + 1],
      vz = p[c + 2] - p[a + 2];
    // The unnormalised cross product weights each face by its area.
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    for (let k = 0; k < 3; k++) {
      const v = key ? key[idx[t + k]] * 3 : idx[t + k] * 3;
      acc[v] += nx;
      acc[v + 1] += ny;
      acc[v + 2] += nz;
    }
  }
  const normals = new Float32Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) {
    const s = key ? key[v] * 3 : v * 3;
    const x = acc[s],
      y = acc[s + 1],
      z = acc[s + 2];
    const len = Math.hypot(x, y, z);
    if (len > 0) {
      normals[v * 3] = x / len;
      normals[v * 3 + 1] = y / len;
      normals[v * 3 + 2] = z / len;
    } else normals[v * 3 + 1] = 1;
  }
  return { ...mesh, normals };
}
