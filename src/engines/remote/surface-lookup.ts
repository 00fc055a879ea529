/**
 * Closest point on a triangle mesh, through a uniform grid of triangle boxes. The remote pipeline uses
 * it to carry a model server's texture onto Kiln's own mesh: each texel of the new atlas looks up the
 * nearest point of the server's surface and reads the server's texture there.
 */
import type { Mesh } from '../../geometry/mesh.ts';

export interface SurfaceHit {
  triangle: number;
  /** Barycentric weights of the closest point for the triangle's three corners. */
  bary: [number, number, number];
}

export class SurfaceLookup {
  readonly #p: Float32Array;
  readonly #i: Uint32Array;
  readonly #min: number[];
  readonly #cell: number;
  readonly #dims: number[];
  readonly #cells = new Map<number, number[]>();

  constructor(mesh: Mesh) {
    this.#p = mesh.positions;
    this.#i = mesh.indices;
    const triangles = this.#i.length / 3;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let v = 0; v < this.#p.length; v += 3) {
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k], this.#p[v + k]);
        max[k] = Math.max(max[k], this.#p[v + k]);
      }
    }
    const extent = Math.max(1e-9, ...max.map((m, k) => m - min[k]));
    // About one triangle per cell along a surface: cells ~ triangles^(1/2) per side of the box.
    this.#cell = extent / Math.max(1, Math.min(256, Math.round(Math.sqrt(triangles))));
    this.#min = min;
    this.#dims = max.map((m, k) => Math.max(1, Math.ceil((m - min[k]) / this.#cell) + 1));
    for (let t = 0; t < triangles; t++) this.#insert(t);
  }

  #key(x: number, y: number, z: number): number {
    return (x * this.#dims[1] + y) * this.#dims[2] + z;
  }

  #coord(value: number, k: number): number {
    return Math.min(this.#dims[k] - 1, Math.max(0, Math.floor((value - this.#min[k]) / this.#cell)));
  }

  #insert(t: number): void {
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let c = 0; c < 3; c++) {
      const v = this.#i[t * 3 + c] * 3;
      for (let k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k], this.#p[v + k]);
        hi[k] = Math.max(hi[k], this.#p[v + k]);
      }
    }
    const a = lo.map((v, k) => this.#coord(v, k));
    const b = hi.map((v, k) => this.#coord(v, k));
    for (let x = a[0]; x <= b[0]; x++)
      for (let y = a[1]; y <= b[1]; y++)
        for (let z = a[2]; z <= b[2]; z++) {
          const key = this.#key(x, y, z);
          const list = this.#cells.get(key);
          if (list) list.push(t);
          else this.#cells.set(key, [t]);
        }
  }

  /** The closest surface point to (x, y, z): grid rings are searched outwards until no nearer one can exist. */
  closest(x: number, y: number, z: number): SurfaceHit {
    const c = [this.#coord(x, 0), this.#coord(y, 1), this.#coord(z, 2)];
    let best = Infinity;
    const hit: SurfaceHit = { triangle: 0, bary: [1, 0, 0] };
    const scratch: [number, number, number] = [0, 0, 0];
    const maxRing = Math.max(...this.#dims);
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let dx = -ring; dx <= ring; dx++)
        for (let dy = -ring; dy <= ring; dy++)
          for (let dz = -ring; dz <= ring; dz++) {
            if (Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz)) !== ring) continue;
            const gx = c[0] + dx, gy = c[1] + dy, gz = c[2] + dz;
            if (gx < 0 || gy < 0 || gz < 0 || gx >= this.#dims[0] || gy >= this.#dims[1] || gz >= this.#dims[2]) continue;
            for (const t of this.#cells.get(this.#key(gx, gy, gz)) ?? []) {
              const d = this.#distance(t, x, y, z, scratch);
              if (d < best) {
                best = d;
                hit.triangle = t;
                hit.bary = [scratch[0], scratch[1], scratch[2]];
              }
            }
          }
      // Every point outside the searched block is at least `ring * cell` away.
      if (best !== Infinity && Math.sqrt(best) <= ring * this.#cell) break;
    }
    return hit;
  }

  /** Squared distance from the point to triangle t; `out` gets the closest point's barycentrics. */
  #distance(t: number, px: number, py: number, pz: number, out: [number, number, number]): number {
    const P = this.#p;
    const ia = this.#i[t * 3] * 3, ib = this.#i[t * 3 + 1] * 3, ic = this.#i[t * 3 + 2] * 3;
    const ax = P[ia], ay = P[ia + 1], az = P[ia + 2];
    const abx = P[ib] - ax, aby = P[ib + 1] - ay, abz = P[ib + 2] - az;
    const acx = P[ic] - ax, acy = P[ic + 1] - ay, acz = P[ic + 2] - az;
    const apx = px - ax, apy = py - ay, apz = pz - az;
    const d1 = abx * apx + aby * apy + abz * apz;
    const d2 = acx * apx + acy * apy + acz * apz;
    let u: number, v: number; // weights of b and c
    if (d1 <= 0 && d2 <= 0) (u = 0), (v = 0);
    else {
      const bpx = px - P[ib], bpy = py - P[ib + 1], bpz = pz - P[ib + 2];
      const d3 = abx * bpx + aby * bpy + abz * bpz;
      const d4 = acx * bpx + acy * bpy + acz * bpz;
      const cpx = px - P[ic], cpy = py - P[ic + 1], cpz = pz - P[ic + 2];
      const d5 = abx * cpx + aby * cpy + abz * cpz;
      const d6 = acx * cpx + acy * cpy + acz * cpz;
      const vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
      if (d3 >= 0 && d4 <= d3) (u = 1), (v = 0);
      else if (d6 >= 0 && d5 <= d6) (u = 0), (v = 1);
      else if (vc <= 0 && d1 >= 0 && d3 <= 0) (u = d1 / (d1 - d3)), (v = 0);
      else if (vb <= 0 && d2 >= 0 && d6 <= 0) (u = 0), (v = d2 / (d2 - d6));
      else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
        (u = 1 - w), (v = w);
      } else {
        const denom = 1 / (va + vb + vc || 1e-30);
        (u = vb * denom), (v = vc * denom);
      }
    }
    out[0] = 1 - u - v;
    out[1] = u;
    out[2] = v;
    const qx = ax + abx * u + acx * v - px, qy = ay + aby * u + acy * v - py, qz = az + abz * u + acz * v - pz;
    return qx * qx + qy * qy + qz * qz;
  }
}
