/** Finding triangles whose UV images overlap (with positive area) inside a UV layout. */

/**
 * Triangles that overlap an earlier triangle. Triangles are binned into a uniform grid (about one per
 * cell on average); a pair is examined once, in the first cell both boxes cover, and separated by the
 * six edge axes. Neighbours that only touch along an edge or at a corner are separated with zero gap
 * and do not count; they still need the test, since a fan folding past 360° overlaps itself.
 */
export function overlappingTriangles(indices: Uint32Array, uvs: Float32Array): Uint8Array {
  const faces = indices.length / 3;
  const flagged = new Uint8Array(faces);
  if (faces < 2) return flagged;
  const grid = Math.max(1, Math.min(4096, Math.ceil(Math.sqrt(faces))));
  const box = new Float32Array(faces * 4); // minU, maxU, minV, maxV
  const cells = new Uint16Array(faces * 4); // x0, x1, y0, y1
  const cellOf = (x: number): number => Math.min(grid - 1, Math.max(0, Math.floor(x * grid)));
  const start = new Uint32Array(grid * grid + 1);
  for (let t = 0; t < faces; t++) {
    const a = indices[t * 3] * 2,
      b = indices[t * 3 + 1] * 2,
      c = indices[t * 3 + 2] * 2;
    const u0 = Math.min(uvs[a], uvs[b], uvs[c]),
      u1 = Math.max(uvs[a], uvs[b], uvs[c]);
    const v0 = Math.min(uvs[a + 1], uvs[b + 1], uvs[c + 1]),
      v1 = Math.max(uvs[a + 1], uvs[b + 1], uvs[c + 1]);
    box[t * 4] = u0;
    box[t * 4 + 1] = u1;
    box[t * 4 + 2] = v0;
    box[t * 4 + 3] = v1;
    const x0 = cellOf(u0),
      x1 = cellOf(u1),
      y0 = cellOf(v0),
      y1 = cellOf(v1);
    cells[t * 4] = x0;
    cells[t * 4 + 1] = x1;
    cells[t * 4 + 2] = y0;
    cells[t * 4 + 3] = y1;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) start[y * grid + x + 1]++;
  }
  for (let i = 0; i < grid * grid; i++) start[i + 1] += start[i];
  const entries = new Uint32Array(start[grid * grid]);
  const cursor = start.slice(0, grid * grid);
  for (let t = 0; t < faces; t++)
    for (let y = cells[t * 4 + 2]; y <= cells[t * 4 + 3]; y++)
      for (let x = cells[t * 4]; x <= cells[t * 4 + 1]; x++) entries[cursor[y * grid + x]++] = t;
  for (let cy = 0; cy < grid; cy++)
    for (let cx = 0; cx < grid; cx++) {
      const cell = cy * grid + cx;
      for (let i = start[cell] + 1; i < start[cell + 1]; i++) {
        const t = entries[i];
        if (flagged[t]) continue;
        for (let j = start[cell]; j < i; j++) {
          const u = entries[j];
          if (flagged[u]) continue;
          // Boxes must overlap with area, and the pair is handled only in the first shared cell.
          if (box[t * 4] >= box[u * 4 + 1] || box[u * 4] >= box[t * 4 + 1]) continue;
          if (box[t * 4 + 2] >= box[u * 4 + 3] || box[u * 4 + 2] >= box[t * 4 + 3]) continue;
          if (Math.max(cells[t * 4], cells[u * 4]) !== cx || Math.max(cells[t * 4 + 2], cells[u * 4 + 2]) !== cy)
            continue;
          if (sharedCorners(indices, t, u) === 2 && signedArea(indices, uvs, t) * signedArea(indices, uvs, u) > 0) {
            // Same winding across a shared edge (reversed in one of them) puts them on opposite sides.
            continue;
          }
          if (overlap(indices, uvs, t, u)) {
            flagged[t] = 1;
            break;
          }
        }
      }
    }
  return flagged;
}

function sharedCorners(I: Uint32Array, t: number, u: number): number {
  let n = 0;
  for (let i = 0; i < 3; i++) {
    const v = I[t * 3 + i];
    if (v === I[u * 3] || v === I[u * 3 + 1] || v === I[u * 3 + 2]) n++;
  }
  return n;
}

function signedArea(I: Uint32Array, uv: Float32Array, t: number): number {
  const a = I[t * 3] * 2,
    b = I[t * 3 + 1] * 2,
    c = I[t * 3 + 2] * 2;
  return (uv[b] - uv[a]) * (uv[c + 1] - uv[a + 1]) - (uv[b + 1] - uv[a + 1]) * (uv[c] - uv[a]);
}

const xs = new Float64Array(6),
  ys = new Float64Array(6);

/** Separating-axis test: do the two UV triangles share interior area? */
function overlap(I: Uint32Array, uv: Float32Array, t: number, u: number): boolean {
  for (let k = 0; k < 3; k++) {
    xs[k] = uv[I[t * 3 + k] * 2];
    ys[k] = uv[I[t * 3 + k] * 2 + 1];
    xs[k + 3] = uv[I[u * 3 + k] * 2];
    ys[k + 3] = uv[I[u * 3 + k] * 2 + 1];
  }
  const scale = Math.max(
    Math.abs(xs[1] - xs[0]),
    Math.abs(ys[1] - ys[0]),
    Math.abs(xs[4] - xs[3]),
    Math.abs(ys[4] - ys[3]),
  );
  const eps = scale * 1e-6;
  for (let tri = 0; tri < 2; tri++)
    for (let k = 0; k < 3; k++) {
      const i = tri * 3 + k,
        j = tri * 3 + ((k + 1) % 3);
      const nx = ys[j] - ys[i],
        ny = xs[i] - xs[j];
      const len = Math.hypot(nx, ny);
      if (len === 0) return false; // degenerate triangles cover no area
      let minA = Infinity,
        maxA = -Infinity,
        minB = Infinity,
        maxB = -Infinity;
      for (let m = 0; m < 3; m++) {
        const pa = (xs[m] * nx + ys[m] * ny) / len,
          pb = (xs[m + 3] * nx + ys[m + 3] * ny) / len;
        if (pa < minA) minA = pa;
        if (pa > maxA) maxA = pa;
        if (pb < minB) minB = pb;
        if (pb > maxB) maxB = pb;
      }
      if (maxA <= minB + eps || maxB <= minA + eps) return false;
    }
  return true;
}
