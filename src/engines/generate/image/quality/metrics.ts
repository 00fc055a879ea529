/**
 * Reconstruction quality measures used by bench/image-quality.ts and the tests: F-score at a distance
 * threshold and Chamfer distance over points sampled on both surfaces, and volumetric IoU by
 * voxelising both meshes (inside by ray parity along three axes, majority vote, so that meshes with
 * small holes still count their inside). Distances are in the units the caller passes (the harness
 * divides by the largest bounding-box side of the reference).
 */
import type { Bounds, Mesh } from '../../../../geometry/mesh.ts';
import { mulberry32 } from '../photo/random.ts';

export { mulberry32 } from '../photo/random.ts';

/** Area-weighted random points on the surface. */
export function samplePoints(mesh: Mesh, count: number, seed = 1): Float64Array {
  const { positions: p, indices: I } = mesh;
  const triangles = I.length / 3;
  const cumulative = new Float64Array(triangles);
  let total = 0;
  for (let t = 0; t < triangles; t++) {
    const a = I[t * 3] * 3,
      b = I[t * 3 + 1] * 3,
      c = I[t * 3 + 2] * 3;
    const ux = p[b] - p[a],
      uy = p[b + 1] - p[a + 1],
      uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a],
      vy = p[c + 1] - p[a + 1],
      vz = p[c + 2] - p[a + 2];
    total += 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    cumulative[t] = total;
  }
  const random = mulberry32(seed);
  const out = new Float64Array(count * 3);
  for (let i = 0; i < count; i++) {
    const target = random() * total;
    let lo = 0,
      hi = triangles - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    let r1 = random(),
      r2 = random();
    if (r1 + r2 > 1) {
      r1 = 1 - r1;
      r2 = 1 - r2;
    }
    const a = I[lo * 3] * 3,
      b = I[lo * 3 + 1] * 3,
      c = I[lo * 3 + 2] * 3;
    for (let k = 0; k < 3; k++) out[i * 3 + k] = p[a + k] + r1 * (p[b + k] - p[a + k]) + r2 * (p[c + k] - p[a + k]);
  }
  return out;
}

/** Nearest-neighbour distances from every point of `query` to the set `points` (uniform grid search). */
export function nearestDistances(query: Float64Array, points: Float64Array): Float64Array {
  const n = points.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++)
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], points[i * 3 + k]);
      max[k] = Math.max(max[k], points[i * 3 + k]);
    }
  const extent = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  const cells = Math.max(1, Math.round(Math.cbrt(n / 2)));
  const size = extent / cells + 1e-12;
  const dims = [0, 1, 2].map((k) => Math.max(1, Math.ceil((max[k] - min[k]) / size) + 1));
  const key = (x: number, y: number, z: number) => x + dims[0] * (y + dims[1] * z);
  const counts = new Uint32Array(dims[0] * dims[1] * dims[2] + 1);
  const cellOf = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const c = key(
      ...([0, 1, 2].map((k) => Math.floor((points[i * 3 + k] - min[k]) / size)) as [number, number, number]),
    );
    cellOf[i] = c;
    counts[c + 1]++;
  }
  for (let c = 1; c < counts.length; c++) counts[c] += counts[c - 1];
  const order = new Uint32Array(n);
  const fill = counts.slice();
  for (let i = 0; i < n; i++) order[fill[cellOf[i]]++] = i;
  const out = new Float64Array(query.length / 3);
  for (let q = 0; q < out.length; q++) {
    const qx = query[q * 3],
      qy = query[q * 3 + 1],
      qz = query[q * 3 + 2];
    const cx = Math.floor((qx - min[0]) / size),
      cy = Math.floor((qy - min[1]) / size),
      cz = Math.floor((qz - min[2]) / size);
    let best = Infinity;
    for (let ring = 0; ; ring++) {
      // Any point in ring r + 1 or beyond is at least r·size away (minus the query's offset in its cell).
      if (best < (ring - 1) * size) break;
      if (ring > Math.max(...dims) + Math.max(Math.abs(cx), Math.abs(cy), Math.abs(cz))) break;
      for (let z = cz - ring; z <= cz + ring; z++) {
        if (z < 0 || z >= dims[2]) continue;
        for (let y = cy - ring; y <= cy + ring; y++) {
          if (y < 0 || y >= dims[1]) continue;
          for (let x = cx - ring; x <= cx + ring; x++) {
            if (x < 0 || x >= dims[0]) continue;
            if (Math.max(Math.abs(x - cx), Math.abs(y - cy), Math.abs(z - cz)) !== ring) continue;
            const c = key(x, y, z);
            for (let j = counts[c]; j < counts[c + 1]; j++) {
              const i = order[j] * 3;
              const d = (points[i] - qx) ** 2 + (points[i + 1] - qy) ** 2 + (points[i + 2] - qz) ** 2;
              if (d < best * best) best = Math.sqrt(d);
            }
          }
        }
      }
    }
    out[q] = best;
  }
  return out;
}

export interface SurfaceScores {
  fScore: number;
  precision: number;
  recall: number;
  /** Mean of the two directed mean nearest distances. */
  chamfer: number;
}

export function surfaceScores(reconstruction: Mesh, reference: Mesh, tau: number, samples = 20000): SurfaceScores {
  const r = samplePoints(reconstruction, samples, 7);
  const g = samplePoints(reference, samples, 11);
  const rg = nearestDistances(r, g);
  const gr = nearestDistances(g, r);
  const precision = rg.filter((d) => d < tau).length / rg.length;
  const recall = gr.filter((d) => d < tau).length / gr.length;
  const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;
  return {
    fScore: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    precision,
    recall,
    chamfer: (mean(rg) + mean(gr)) / 2,
  };
}

/** Occupancy of a `res`-cell grid over `bounds` by ray parity along x, y and z (majority of three). */
export function voxelize(mesh: Mesh, bounds: Bounds, res: number): Uint8Array {
  const size = Math.max(...[0, 1, 2].map((k) => bounds.max[k] - bounds.min[k])) / res;
  const dims = [0, 1, 2].map((k) => Math.max(1, Math.ceil((bounds.max[k] - bounds.min[k]) / size)));
  const votes = new Uint8Array(dims[0] * dims[1] * dims[2]);
  const { positions: p, indices: I } = mesh;
  const strides = [1, dims[0], dims[0] * dims[1]];
  for (let axis = 0; axis < 3; axis++) {
    const [a, b] = [0, 1, 2].filter((k) => k !== axis);
    const hits: number[][] = Array.from({ length: dims[a] * dims[b] }, () => []);
    for (let t = 0; t < I.length; t += 3) {
      const v = [I[t] * 3, I[t + 1] * 3, I[t + 2] * 3];
      const A = v.map((i) => (p[i + a] - bounds.min[a]) / size - 0.5);
      const B = v.map((i) => (p[i + b] - bounds.min[b]) / size - 0.5);
      const D = v.map((i) => (p[i + axis] - bounds.min[axis]) / size - 0.5);
      const area = (A[1] - A[0]) * (B[2] - B[0]) - (A[2] - A[0]) * (B[1] - B[0]);
      if (Math.abs(area) < 1e-12) continue;
      for (
        let j = Math.max(0, Math.ceil(Math.min(...B)));
        j <= Math.min(dims[b] - 1, Math.floor(Math.max(...B)));
        j++
      ) {
        for (
          let i = Math.max(0, Math.ceil(Math.min(...A)));
          i <= Math.min(dims[a] - 1, Math.floor(Math.max(...A)));
          i++
        ) {
          const w0 = ((A[1] - i) * (B[2] - j) - (A[2] - i) * (B[1] - j)) / area;
          const w1 = ((A[2] - i) * (B[0] - j) - (A[0] - i) * (B[2] - j)) / area;
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          hits[i + dims[a] * j].push(w0 * D[0] + w1 * D[1] + w2 * D[2]);
        }
      }
    }
    for (let j = 0; j < dims[b]; j++) {
      for (let i = 0; i < dims[a]; i++) {
        const list = hits[i + dims[a] * j].sort((x, y) => x - y);
        for (let h = 0; h + 1 < list.length; h += 2) {
          for (let t = Math.max(0, Math.ceil(list[h])); t <= Math.min(dims[axis] - 1, Math.floor(list[h + 1])); t++) {
            votes[i * strides[a] + j * strides[b] + t * strides[axis]]++;
          }
        }
      }
    }
  }
  for (let i = 0; i < votes.length; i++) votes[i] = votes[i] >= 2 ? 1 : 0;
  return votes;
}

export function volumetricIoU(a: Mesh, b: Mesh, bounds: Bounds, res = 96): number {
  const va = voxelize(a, bounds, res);
  const vb = voxelize(b, bounds, res);
  let inter = 0,
    union = 0;
  for (let i = 0; i < va.length; i++) {
    if (va[i] && vb[i]) inter++;
    if (va[i] || vb[i]) union++;
  }
  return union ? inter / union : 0;
}
