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
  /** Cell c's triangles are #items[#starts[c] … #starts[c + 1] - 1] (a dense grid in CSR form). */
  readonly #starts: Uint32Array;
  readonly #items: Uint32Array;
  /** The last answer: neighbouring texels usually share it, which bounds the next search to a few cells. */
  #last = 0;

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
    // A surface crosses about dims² of dims³ cells: 2·∛triangles per side keeps a few triangles per cell.
    this.#cell = extent / Math.max(1, Math.min(160, Math.round(2 * Math.cbrt(triangles))));
    this.#min = min;
    this.#dims = max.map((m, k) => Math.max(1, Math.floor((m - min[k]) / this.#cell) + 1));
    this.#seen = new Uint32Array(triangles);
    const cells = this.#dims[0] * this.#dims[1] * this.#dims[2];
    const counts = new Uint32Array(cells + 1);
    for (let t = 0; t < triangles; t++) this.#cover(t, counts, null);
    for (let c = 0; c < cells; c++) counts[c + 1] += counts[c];
    this.#starts = counts;
    this.#items = new Uint32Array(counts[cells]);
    const fill = counts.slice(0, cells);
    for (let t = 0; t < triangles; t++) this.#cover(t, fill, this.#items);
  }

  #key(x: number, y: number, z: number): number {
    return (x * this.#dims[1] + y) * this.#dims[2] + z;
  }

  #coord(value: number, k: number): number {
    return Math.min(this.#dims[k] - 1, Math.max(0, Math.floor((value - this.#min[k]) / this.#cell)));
  }

  /**
   * For every cell the triangle's bounding box overlaps: without `items`, counts it at `counts[cell + 1]`;
   * with them, lists the triangle at `items[counts[cell]++]`. Two passes over the same cells in the same
   * order, with no closure or array per triangle: every bake thread builds the grid for ~40k triangles.
   */
  #cover(t: number, counts: Uint32Array, items: Uint32Array | null): void {
    const P = this.#p;
    const a = this.#i[t * 3] * 3,
      b = this.#i[t * 3 + 1] * 3,
      c = this.#i[t * 3 + 2] * 3;
    const x0 = this.#coord(Math.min(P[a], P[b], P[c]), 0),
      x1 = this.#coord(Math.max(P[a], P[b], P[c]), 0);
    const y0 = this.#coord(Math.min(P[a + 1], P[b + 1], P[c + 1]), 1),
      y1 = this.#coord(Math.max(P[a + 1], P[b + 1], P[c + 1]), 1);
    const z0 = this.#coord(Math.min(P[a + 2], P[b + 2], P[c + 2]), 2),
      z1 = this.#coord(Math.max(P[a + 2], P[b + 2], P[c + 2]), 2);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++)
        for (let z = z0; z <= z1; z++) {
          const cell = this.#key(x, y, z);
          if (items) items[counts[cell]++] = t;
          else counts[cell + 1]++;
        }
  }

  /**
   * The closest surface point to (x, y, z), exact. The previous answer gives a first bound r: only
   * cells within r of the point can hold a nearer triangle (each triangle is listed in every cell its
   * box overlaps), and neighbouring texels keep r to a cell or two. When r spans too many cells the
   * search widens in rings from the point's cell instead. Allocation-free: it runs once per texel.
   */
  closest(x: number, y: number, z: number): SurfaceHit {
    const triangle = this.closestInto(x, y, z, this.#answer);
    return { triangle, bary: [this.#answer[0], this.#answer[1], this.#answer[2]] };
  }

  readonly #answer = new Float64Array(3);

  /** `closest` without allocating: the triangle is returned, its barycentrics written to `bary`. */
  closestInto(x: number, y: number, z: number, bary: Float64Array): number {
    if (++this.#query === 0xffffffff) this.#seen.fill(0), (this.#query = 1);
    this.#best = this.#distance(this.#last, x, y, z, this.#scratch);
    this.#hit = this.#last;
    this.#bary.set(this.#scratch);
    const r = Math.sqrt(this.#best);
    const x0 = this.#coord(x - r, 0),
      x1 = this.#coord(x + r, 0);
    const y0 = this.#coord(y - r, 1),
      y1 = this.#coord(y + r, 1);
    const z0 = this.#coord(z - r, 2),
      z1 = this.#coord(z + r, 2);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) <= 64) {
      for (let gx = x0; gx <= x1; gx++)
        for (let gy = y0; gy <= y1; gy++) for (let gz = z0; gz <= z1; gz++) this.#visit(this.#key(gx, gy, gz), x, y, z);
    } else {
      this.#rings(x, y, z);
    }
    this.#last = this.#hit;
    bary.set(this.#bary);
    return this.#hit;
  }

  /**
   * Squared distance from the point to triangle t, its closest point's barycentrics into `bary`
   * (for callers that already know which triangle to ask about).
   */
  distanceTo(t: number, x: number, y: number, z: number, bary: Float64Array): number {
    const d = this.#distance(t, x, y, z, this.#scratch);
    bary.set(this.#scratch);
    return d;
  }

  #best = Infinity;
  #query = 0;
  #seen = new Uint32Array(0);
  #hit = 0;
  readonly #bary = new Float64Array(3);
  readonly #scratch: [number, number, number] = [0, 0, 0];

  #visit(cell: number, x: number, y: number, z: number): void {
    for (let n = this.#starts[cell], end = this.#starts[cell + 1]; n < end; n++) {
      const t = this.#items[n];
      // A triangle is listed in every cell its box overlaps: test it once per query.
      if (this.#seen[t] === this.#query) continue;
      this.#seen[t] = this.#query;
      const d = this.#distance(t, x, y, z, this.#scratch);
      // Ties go to the lower triangle index, so the answer does not depend on the previous query's
      // (which differs between the threads of a tiled bake, each taking its own bands of texels).
      if (d < this.#best || (d === this.#best && t < this.#hit)) {
        this.#best = d;
        this.#hit = t;
        this.#bary.set(this.#scratch);
      }
    }
  }

  #rings(x: number, y: number, z: number): void {
    const cx = this.#coord(x, 0),
      cy = this.#coord(y, 1),
      cz = this.#coord(z, 2);
    const maxRing = Math.max(...this.#dims);
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let gx = Math.max(0, cx - ring); gx <= Math.min(this.#dims[0] - 1, cx + ring); gx++)
        for (let gy = Math.max(0, cy - ring); gy <= Math.min(this.#dims[1] - 1, cy + ring); gy++)
          for (let gz = Math.max(0, cz - ring); gz <= Math.min(this.#dims[2] - 1, cz + ring); gz++) {
            if (Math.max(Math.abs(gx - cx), Math.abs(gy - cy), Math.abs(gz - cz)) === ring)
              this.#visit(this.#key(gx, gy, gz), x, y, z);
          }
      // Every point outside the searched block is at least `ring · cell` away.
      if (Math.sqrt(this.#best) <= ring * this.#cell) return;
    }
  }

  /** Squared distance from the point to triangle t; `out` gets the closest point's barycentrics. */
  #distance(t: number, px: number, py: number, pz: number, out: [number, number, number]): number {
    const P = this.#p;
    const ia = this.#i[t * 3] * 3,
      ib = this.#i[t * 3 + 1] * 3,
      ic = this.#i[t * 3 + 2] * 3;
    const ax = P[ia],
      ay = P[ia + 1],
      az = P[ia + 2];
    const abx = P[ib] - ax,
      aby = P[ib + 1] - ay,
      abz = P[ib + 2] - az;
    const acx = P[ic] - ax,
      acy = P[ic + 1] - ay,
      acz = P[ic + 2] - az;
    const apx = px - ax,
      apy = py - ay,
      apz = pz - az;
    const d1 = abx * apx + aby * apy + abz * apz;
    const d2 = acx * apx + acy * apy + acz * apz;
    let u: number, v: number; // weights of b and c
    if (d1 <= 0 && d2 <= 0) (u = 0), (v = 0);
    else {
      const bpx = px - P[ib],
        bpy = py - P[ib + 1],
        bpz = pz - P[ib + 2];
      const d3 = abx * bpx + aby * bpy + abz * bpz;
      const d4 = acx * bpx + acy * bpy + acz * bpz;
      const cpx = px - P[ic],
        cpy = py - P[ic + 1],
        cpz = pz - P[ic + 2];
      const d5 = abx * cpx + aby * cpy + abz * cpz;
      const d6 = acx * cpx + acy * cpy + acz * cpz;
      const vc = d1 * d4 - d3 * d2,
        vb = d5 * d2 - d1 * d6,
        va = d3 * d6 - d5 * d4;
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
    const qx = ax + abx * u + acx * v - px,
      qy = ay + aby * u + acy * v - py,
      qz = az + abz * u + acz * v - pz;
    return qx * qx + qy * qy + qz * qz;
  }
}
