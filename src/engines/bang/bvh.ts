/**
 * A bounding-volume hierarchy over triangles for nearest-hit ray queries (the thickness signal).
 * Built by median split along the widest axis of the centroids; flat arrays, no per-node objects.
 */

/**
 * Reorders order[start, end) so that the triangles before `k` are exactly those that come first by
 * (centroid along `axis`, then id) — the halves a full sort would give, in linear expected time
 * (quickselect; the order within each half is left unspecified).
 */
function selectMedian(
  order: Uint32Array,
  start: number,
  end: number,
  k: number,
  centroid: Float64Array,
  axis: number,
): void {
  const less = (a: number, b: number) => {
    const d = centroid[3 * a + axis] - centroid[3 * b + axis];
    return d < 0 || (d === 0 && a < b);
  };
  let lo = start,
    hi = end - 1;
  while (hi > lo) {
    const m = (lo + hi) >> 1;
    const x = order[lo],
      y = order[m],
      z = order[hi];
    const pivot = less(x, y) ? (less(y, z) ? y : less(x, z) ? z : x) : less(x, z) ? x : less(y, z) ? z : y;
    let i = lo,
      j = hi;
    while (i <= j) {
      while (less(order[i], pivot)) i++;
      while (less(pivot, order[j])) j--;
      if (i <= j) {
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

export interface TriangleSoup {
  positions: ArrayLike<number>;
  /** Three vertex indices per triangle. */
  faces: ArrayLike<number>;
}

const LEAF = 4;

export class TriangleBvh {
  private readonly soup: TriangleSoup;
  /** Triangle ids, leaves refer to runs of this array. */
  private readonly order: Uint32Array;
  /** Per node: min xyz, max xyz. */
  private readonly bounds: Float64Array;
  /** Per node: first child (internal) or first triangle (leaf) and count (0 = internal). */
  private readonly first: Uint32Array;
  private readonly count: Uint32Array;

  constructor(soup: TriangleSoup) {
    this.soup = soup;
    const n = soup.faces.length / 3;
    this.order = new Uint32Array(n);
    for (let t = 0; t < n; t++) this.order[t] = t;
    const maxNodes = Math.max(1, 2 * Math.ceil(n / LEAF) * 2);
    this.bounds = new Float64Array(6 * maxNodes);
    this.first = new Uint32Array(maxNodes);
    this.count = new Uint32Array(maxNodes);
    const centroid = new Float64Array(3 * n);
    const p = soup.positions,
      f = soup.faces;
    for (let t = 0; t < n; t++) {
      for (let k = 0; k < 3; k++)
        centroid[3 * t + k] = (p[3 * f[3 * t] + k] + p[3 * f[3 * t + 1] + k] + p[3 * f[3 * t + 2] + k]) / 3;
    }
    let used = 1;
    // Node, its run of `order`, and the axis its parent split along (−1 for the root).
    const stack: [number, number, number, number][] = [[0, 0, n, -1]];
    while (stack.length) {
      const [node, start, end, parentAxis] = stack.pop()!;
      if (end - start <= LEAF) {
        // A leaf keeps the order a full sort along its parent's axis would give it: queries visit
        // its triangles in this order, and it decides ties between equally near hits.
        if (parentAxis >= 0)
          this.order
            .subarray(start, end)
            .sort((a, b) => centroid[3 * a + parentAxis] - centroid[3 * b + parentAxis] || a - b);
        this.fitBounds(node, start, end);
        this.first[node] = start;
        this.count[node] = end - start;
        continue;
      }
      this.fitBounds(node, start, end);
      let axis = 0,
        widest = -1;
      for (let k = 0; k < 3; k++) {
        let lo = Infinity,
          hi = -Infinity;
        for (let i = start; i < end; i++) {
          const c = centroid[3 * this.order[i] + k];
          if (c < lo) lo = c;
          if (c > hi) hi = c;
        }
        if (hi - lo > widest) {
          widest = hi - lo;
          axis = k;
        }
      }
      const mid = (start + end) >> 1;
      selectMedian(this.order, start, end, mid, centroid, axis);
      const left = used;
      used += 2;
      this.first[node] = left;
      this.count[node] = 0;
      stack.push([left, start, mid, axis], [left + 1, mid, end, axis]);
    }
  }

  private fitBounds(node: number, start: number, end: number): void {
    const b = this.bounds,
      p = this.soup.positions,
      f = this.soup.faces;
    b.fill(Infinity, 6 * node, 6 * node + 3);
    b.fill(-Infinity, 6 * node + 3, 6 * node + 6);
    for (let i = start; i < end; i++) {
      const t = this.order[i];
      for (let c = 0; c < 3; c++) {
        const v = 3 * f[3 * t + c];
        for (let k = 0; k < 3; k++) {
          if (p[v + k] < b[6 * node + k]) b[6 * node + k] = p[v + k];
          if (p[v + k] > b[6 * node + 3 + k]) b[6 * node + 3 + k] = p[v + k];
        }
      }
    }
  }

  /**
   * Nearest triangle hit by the ray origin + t·dir (t > 0), skipping triangle `skip`; returns the
   * triangle and writes t to `hit[0]`, or −1 when nothing is hit.
   */
  nearest(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    skip: number,
    hit: Float64Array,
  ): number {
    const ix = 1 / dx,
      iy = 1 / dy,
      iz = 1 / dz;
    const b = this.bounds,
      p = this.soup.positions,
      f = this.soup.faces;
    let best = Infinity,
      bestFace = -1;
    const stack = [0];
    while (stack.length) {
      const node = stack.pop()!;
      let t0 = ((ix >= 0 ? b[6 * node] : b[6 * node + 3]) - ox) * ix;
      let t1 = ((ix >= 0 ? b[6 * node + 3] : b[6 * node]) - ox) * ix;
      const ty0 = ((iy >= 0 ? b[6 * node + 1] : b[6 * node + 4]) - oy) * iy;
      const ty1 = ((iy >= 0 ? b[6 * node + 4] : b[6 * node + 1]) - oy) * iy;
      if (ty0 > t0) t0 = ty0;
      if (ty1 < t1) t1 = ty1;
      const tz0 = ((iz >= 0 ? b[6 * node + 2] : b[6 * node + 5]) - oz) * iz;
      const tz1 = ((iz >= 0 ? b[6 * node + 5] : b[6 * node + 2]) - oz) * iz;
      if (tz0 > t0) t0 = tz0;
      if (tz1 < t1) t1 = tz1;
      if (t1 < Math.max(t0, 0) || t0 > best) continue;
      const count = this.count[node];
      if (count === 0) {
        stack.push(this.first[node], this.first[node] + 1);
        continue;
      }
      for (let i = this.first[node]; i < this.first[node] + count; i++) {
        const t = this.order[i];
        if (t === skip) continue;
        const a = 3 * f[3 * t],
          bb = 3 * f[3 * t + 1],
          c = 3 * f[3 * t + 2];
        const e1x = p[bb] - p[a],
          e1y = p[bb + 1] - p[a + 1],
          e1z = p[bb + 2] - p[a + 2];
        const e2x = p[c] - p[a],
          e2y = p[c + 1] - p[a + 1],
          e2z = p[c + 2] - p[a + 2];
        const px = dy * e2z - dz * e2y,
          py = dz * e2x - dx * e2z,
          pz = dx * e2y - dy * e2x;
        const det = e1x * px + e1y * py + e1z * pz;
        if (Math.abs(det) < 1e-30) continue;
        const inv = 1 / det;
        const sx = ox - p[a],
          sy = oy - p[a + 1],
          sz = oz - p[a + 2];
        const u = (sx * px + sy * py + sz * pz) * inv;
        if (u < 0 || u > 1) continue;
        const qx = sy * e1z - sz * e1y,
          qy = sz * e1x - sx * e1z,
          qz = sx * e1y - sy * e1x;
        const v = (dx * qx + dy * qy + dz * qz) * inv;
        if (v < 0 || u + v > 1) continue;
        const dist = (e2x * qx + e2y * qy + e2z * qz) * inv;
        if (dist > 0 && dist < best) {
          best = dist;
          bestFace = t;
        }
      }
    }
    hit[0] = best;
    return bestFace;
  }
}
