/** Finding triangles whose UV images overlap (with positive area) inside a UV layout. */

/**
 * Triangles that overlap an earlier triangle. Triangles are binned into a uniform grid (about one per
 * cell on average), then candidate pairs in a cell are separated by the six edge axes; neighbours that
 * only touch along an edge or at a corner are separated with zero gap and do not count. Neighbours
 * still need the test: a fan folding past 360° around a vertex overlaps itself.
 */
export function overlappingTriangles(indices: Uint32Array, uvs: Float32Array): Uint8Array {
  const faces = indices.length / 3;
  const flagged = new Uint8Array(faces);
  if (faces < 2) return flagged;
  const grid = Math.max(1, Math.min(4096, Math.ceil(Math.sqrt(faces))));
  const cellOf = (x: number): number => Math.min(grid - 1, Math.max(0, Math.floor(x * grid)));
  const bounds = (t: number): [number, number, number, number] => {
    const a = indices[t * 3] * 2, b = indices[t * 3 + 1] * 2, c = indices[t * 3 + 2] * 2;
    return [
      cellOf(Math.min(uvs[a], uvs[b], uvs[c])),
      cellOf(Math.max(uvs[a], uvs[b], uvs[c])),
      cellOf(Math.min(uvs[a + 1], uvs[b + 1], uvs[c + 1])),
      cellOf(Math.max(uvs[a + 1], uvs[b + 1], uvs[c + 1])),
    ];
  };
  const start = new Uint32Array(grid * grid + 1);
  for (let t = 0; t < faces; t++) {
    const [x0, x1, y0, y1] = bounds(t);
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) start[y * grid + x + 1]++;
  }
  for (let i = 0; i < grid * grid; i++) start[i + 1] += start[i];
  const entries = new Uint32Array(start[grid * grid]);
  const cursor = start.slice(0, grid * grid);
  for (let t = 0; t < faces; t++) {
    const [x0, x1, y0, y1] = bounds(t);
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) entries[cursor[y * grid + x]++] = t;
  }
  for (let cell = 0; cell < grid * grid; cell++) {
    for (let i = start[cell]; i < start[cell + 1]; i++) {
      const t = entries[i];
      if (flagged[t]) continue;
      for (let j = start[cell]; j < i; j++) {
        const u = entries[j];
        if (flagged[u]) continue;
        if (overlap(indices, uvs, t, u)) {
          flagged[t] = 1;
          break;
        }
      }
    }
  }
  return flagged;
}

const xs = new Float64Array(6), ys = new Float64Array(6);

/** Separating-axis test: do the two UV triangles share interior area? */
function overlap(I: Uint32Array, uv: Float32Array, t: number, u: number): boolean {
  for (let k = 0; k < 3; k++) {
    xs[k] = uv[I[t * 3 + k] * 2];
    ys[k] = uv[I[t * 3 + k] * 2 + 1];
    xs[k + 3] = uv[I[u * 3 + k] * 2];
    ys[k + 3] = uv[I[u * 3 + k] * 2 + 1];
  }
  const scale = Math.max(Math.abs(xs[1] - xs[0]), Math.abs(ys[1] - ys[0]), Math.abs(xs[4] - xs[3]), Math.abs(ys[4] - ys[3]));
  const eps = scale * 1e-6;
  for (let tri = 0; tri < 2; tri++)
    for (let k = 0; k < 3; k++) {
      const i = tri * 3 + k, j = tri * 3 + ((k + 1) % 3);
      const nx = ys[j] - ys[i], ny = xs[i] - xs[j];
      const len = Math.hypot(nx, ny);
      if (len === 0) return false; // degenerate triangles cover no area
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (let m = 0; m < 3; m++) {
        const pa = (xs[m] * nx + ys[m] * ny) / len, pb = (xs[m + 3] * nx + ys[m + 3] * ny) / len;
        if (pa < minA) minA = pa;
        if (pa > maxA) maxA = pa;
        if (pb < minB) minB = pb;
        if (pb > maxB) maxB = pb;
      }
      if (maxA <= minB + eps || maxB <= minA + eps) return false;
    }
  return true;
}
