/**
 * Rebuilding a closed solid from a broken mesh (open shells, non-manifold edges, self-intersections):
 * inside/outside by winding numbers along rays in all three axes (majority vote, so a ray slipping
 * through a hole is outvoted), distance to the surface near it for a smooth iso-surface, then
 * marching tetrahedra (meshFromGrid) for a closed, consistently wound result.
 */
import type { Mesh } from '../mesh.ts';
import { meshBounds } from '../mesh.ts';
import { meshFromGrid } from './mesh-from-grid.ts';
import { surfaceArea } from './measure.ts';

export interface VoxelRebuildOptions {
  /** Grid cells along the longest side of the bounding box. Default 128. */
  resolution?: number;
  /**
   * Half-thickness (world units) given to sheet-like inputs that enclose almost no volume, so an open
   * surface becomes a thin solid instead of vanishing. Default: 0.75 cell, applied only to such inputs.
   */
  shellThickness?: number;
}

export interface VoxelRebuild {
  mesh: Mesh;
  resolution: number;
  cell: number;
  thickened: boolean;
}

export function voxelRebuild(mesh: Mesh, options: VoxelRebuildOptions = {}): VoxelRebuild {
  const resolution = Math.max(8, Math.floor(options.resolution ?? 128));
  const bounds = meshBounds(mesh);
  const extent = [0, 1, 2].map((k) => bounds.max[k] - bounds.min[k]);
  const cell = Math.max(...extent) / resolution || 1;
  const pad = 3;
  const dims = extent.map((e) => Math.ceil(e / cell) + 1 + 2 * pad) as [number, number, number];
  const origin = [0, 1, 2].map((k) => bounds.min[k] - pad * cell) as [number, number, number];
  const [nx, ny, nz] = dims;
  const votes = new Uint8Array(nx * ny * nz);
  for (let axis = 0; axis < 3; axis++) castRays(mesh, axis, dims, origin, cell, votes);
  let insideCount = 0;
  for (let i = 0; i < votes.length; i++) if (votes[i] >= 2) insideCount++;
  const band = 2 * cell;
  const distance = distanceBand(mesh, dims, origin, cell, band);
  // Sheet-like input: the enclosed volume is small next to area × cell.
  const thin = insideCount * cell ** 3 < 0.5 * surfaceArea(mesh) * cell;
  const shell = options.shellThickness ?? (thin ? 0.75 * cell : 0);
  const field = distance; // reused in place
  for (let i = 0; i < field.length; i++) {
    const d = field[i];
    let f = votes[i] >= 2 ? -d : d;
    if (shell > 0 && d - shell < f) f = d - shell;
    field[i] = f;
  }
  const rebuilt = meshFromGrid(field, dims, origin, cell, 0);
  return { mesh: rebuilt, resolution, cell, thickened: shell > 0 };
}

/**
 * Adds one vote to every grid point whose winding number along `axis` (rays from −∞) is positive.
 * Rays are nudged off the lattice by an irrational fraction of a cell so they do not graze edges.
 */
function castRays(mesh: Mesh, axis: number, dims: number[], origin: number[], cell: number, votes: Uint8Array): void {
  const u = (axis + 1) % 3,
    v = (axis + 2) % 3,
    w = axis;
  const nu = dims[u],
    nv = dims[v],
    nw = dims[w];
  const strides = [1, dims[0], dims[0] * dims[1]];
  const nudgeU = 0.0001234567 * cell,
    nudgeV = 0.0000765432 * cell;
  const { positions: P, indices: I } = mesh;
  const faces = I.length / 3;
  // Two passes: count crossings per ray, then fill (depth, sign) into one flat buffer.
  const counts = new Uint32Array(nu * nv + 1);
  const visit = (fill: ((ray: number, depth: number, sign: number) => void) | null): void => {
    for (let t = 0; t < faces; t++) {
      const a = I[t * 3] * 3,
        b = I[t * 3 + 1] * 3,
        c = I[t * 3 + 2] * 3;
      const au = P[a + u],
        av = P[a + v],
        bu = P[b + u],
        bv = P[b + v],
        cu = P[c + u],
        cv = P[c + v];
      const area = (bu - au) * (cv - av) - (bv - av) * (cu - au);
      if (area === 0) continue;
      const sign = area > 0 ? -1 : 1; // normal along +axis: leaving the solid
      const i0 = Math.max(0, Math.ceil((Math.min(au, bu, cu) - origin[u] - nudgeU) / cell));
      const i1 = Math.min(nu - 1, Math.floor((Math.max(au, bu, cu) - origin[u] - nudgeU) / cell));
      const j0 = Math.max(0, Math.ceil((Math.min(av, bv, cv) - origin[v] - nudgeV) / cell));
      const j1 = Math.min(nv - 1, Math.floor((Math.max(av, bv, cv) - origin[v] - nudgeV) / cell));
      for (let j = j0; j <= j1; j++) {
        const pv = origin[v] + j * cell + nudgeV;
        for (let i = i0; i <= i1; i++) {
          const pu = origin[u] + i * cell + nudgeU;
          const w0 = ((bu - pu) * (cv - pv) - (bv - pv) * (cu - pu)) / area;
          const w1 = ((cu - pu) * (av - pv) - (cv - pv) * (au - pu)) / area;
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          const ray = j * nu + i;
          if (fill) fill(ray, w0 * P[a + w] + w1 * P[b + w] + w2 * P[c + w], sign);
          else counts[ray + 1]++;
        }
      }
    }
  };
  visit(null);
  for (let r = 0; r < nu * nv; r++) counts[r + 1] += counts[r];
  const total = counts[nu * nv];
  const depths = new Float32Array(total);
  const signs = new Int8Array(total);
  const cursor = counts.slice(0, nu * nv);
  visit((ray, depth, sign) => {
    const o = cursor[ray]++;
    depths[o] = depth;
    signs[o] = sign;
  });
  for (let j = 0; j < nv; j++)
    for (let i = 0; i < nu; i++) {
      const ray = j * nu + i;
      const start = counts[ray],
        end = counts[ray + 1];
      if (start === end) continue;
      // Insertion sort: rays cross a handful of surfaces.
      for (let x = start + 1; x < end; x++) {
        const d = depths[x],
          s = signs[x];
        let y = x - 1;
        while (y >= start && depths[y] > d) {
          depths[y + 1] = depths[y];
          signs[y + 1] = signs[y];
          y--;
        }
        depths[y + 1] = d;
        signs[y + 1] = s;
      }
      let winding = 0;
      let next = start;
      const base = i * strides[u] + j * strides[v];
      for (let k = 0; k < nw; k++) {
        const depth = origin[w] + k * cell;
        while (next < end && depths[next] < depth) winding += signs[next++];
        if (winding > 0) votes[base + k * strides[w]]++;
      }
    }
}

/** Unsigned distance from each grid point to the surface, exact within `band`, `band` beyond. */
function distanceBand(mesh: Mesh, dims: number[], origin: number[], cell: number, band: number): Float32Array {
  const [nx, ny, nz] = dims;
  const out = new Float32Array(nx * ny * nz).fill(band);
  const { positions: P, indices: I } = mesh;
  const q = new Float64Array(3);
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t] * 3,
      b = I[t + 1] * 3,
      c = I[t + 2] * 3;
    const lo = [0, 1, 2].map((k) =>
      Math.max(0, Math.ceil((Math.min(P[a + k], P[b + k], P[c + k]) - band - origin[k]) / cell)),
    );
    const hi = [0, 1, 2].map((k) =>
      Math.min(dims[k] - 1, Math.floor((Math.max(P[a + k], P[b + k], P[c + k]) + band - origin[k]) / cell)),
    );
    for (let z = lo[2]; z <= hi[2]; z++)
      for (let y = lo[1]; y <= hi[1]; y++)
        for (let x = lo[0]; x <= hi[0]; x++) {
          q[0] = origin[0] + x * cell;
          q[1] = origin[1] + y * cell;
          q[2] = origin[2] + z * cell;
          const d = pointTriangleDistance(q, P, a, b, c);
          const i = x + nx * (y + ny * z);
          if (d < out[i]) out[i] = d;
        }
  }
  return out;
}

/** Distance from point q to triangle (a, b, c) (offsets into P), by the closest-point regions. */
function pointTriangleDistance(q: Float64Array, P: Float32Array, a: number, b: number, c: number): number {
  const abx = P[b] - P[a],
    aby = P[b + 1] - P[a + 1],
    abz = P[b + 2] - P[a + 2];
  const acx = P[c] - P[a],
    acy = P[c + 1] - P[a + 1],
    acz = P[c + 2] - P[a + 2];
  const apx = q[0] - P[a],
    apy = q[1] - P[a + 1],
    apz = q[2] - P[a + 2];
  const d1 = abx * apx + aby * apy + abz * apz,
    d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) return Math.hypot(apx, apy, apz);
  const bpx = q[0] - P[b],
    bpy = q[1] - P[b + 1],
    bpz = q[2] - P[b + 2];
  const d3 = abx * bpx + aby * bpy + abz * bpz,
    d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) return Math.hypot(bpx, bpy, bpz);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const s = d1 / (d1 - d3);
    return Math.hypot(apx - s * abx, apy - s * aby, apz - s * abz);
  }
  const cpx = q[0] - P[c],
    cpy = q[1] - P[c + 1],
    cpz = q[2] - P[c + 2];
  const d5 = abx * cpx + aby * cpy + abz * cpz,
    d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) return Math.hypot(cpx, cpy, cpz);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const s = d2 / (d2 - d6);
    return Math.hypot(apx - s * acx, apy - s * acy, apz - s * acz);
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const s = (d4 - d3) / (d4 - d3 + (d5 - d6));
    const bcx = P[c] - P[b],
      bcy = P[c + 1] - P[b + 1],
      bcz = P[c + 2] - P[b + 2];
    return Math.hypot(bpx - s * bcx, bpy - s * bcy, bpz - s * bcz);
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom,
    w = vc * denom;
  return Math.hypot(apx - abx * v - acx * w, apy - aby * v - acy * w, apz - abz * v - acz * w);
}
