/** Finding triangles whose UV images overlap (with positive area) inside a UV layout. */

/**
 * Triangles that overlap an earlier triangle. Triangles are binned into a uniform grid (about one per
 * cell on average); a pair is examined once, in the first cell both boxes cover, and separated by the
 * six edge axes. Neighbours that only touch along an edge or at a corner are separated with zero gap
 * and do not count; they still need the test, since a fan folding past 360° overlaps itself.
 *
 * Cells are visited in row order, and in a cell each triangle against the earlier ones; a triangle is
 * flagged by the first overlapping pair in that order whose two triangles are both still unflagged (so
 * the answer depends on that order, which must stay). Each cell entry carries a copy of its box and
 * first cell, so the inner loop reads memory in sequence rather than per triangle.
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
  const entryBox = new Float32Array(entries.length * 4);
  const entryFirstCell = new Uint16Array(entries.length * 2); // x0, y0 of the entry's triangle
  const cursor = start.slice(0, grid * grid);
  for (let t = 0; t < faces; t++)
    for (let y = cells[t * 4 + 2]; y <= cells[t * 4 + 3]; y++)
      for (let x = cells[t * 4]; x <= cells[t * 4 + 1]; x++) {
        const e = cursor[y * grid + x]++;
        entries[e] = t;
        entryBox[e * 4] = box[t * 4];
        entryBox[e * 4 + 1] = box[t * 4 + 1];
        entryBox[e * 4 + 2] = box[t * 4 + 2];
        entryBox[e * 4 + 3] = box[t * 4 + 3];
        entryFirstCell[e * 2] = cells[t * 4];
        entryFirstCell[e * 2 + 1] = cells[t * 4 + 2];
      }
  for (let cy = 0; cy < grid; cy++)
    for (let cx = 0; cx < grid; cx++) {
      const cell = cy * grid + cx;
      for (let i = start[cell] + 1; i < start[cell + 1]; i++) {
        const t = entries[i];
        if (flagged[t]) continue;
        const tMinU = entryBox[i * 4],
          tMaxU = entryBox[i * 4 + 1],
          tMinV = entryBox[i * 4 + 2],
          tMaxV = entryBox[i * 4 + 3];
        const tX0 = entryFirstCell[i * 2],
          tY0 = entryFirstCell[i * 2 + 1];
        for (let j = start[cell]; j < i; j++) {
          // Boxes must overlap with area, and the pair is handled only in the first shared cell.
          if (tMinU >= entryBox[j * 4 + 1] || entryBox[j * 4] >= tMaxU) continue;
          if (tMinV >= entryBox[j * 4 + 3] || entryBox[j * 4 + 2] >= tMaxV) continue;
          if (Math.max(tX0, entryFirstCell[j * 2]) !== cx || Math.max(tY0, entryFirstCell[j * 2 + 1]) !== cy) continue;
          const u = entries[j];
          if (flagged[u]) continue;
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

/**
 * Separating-axis test: do the two UV triangles share interior area?
 *
 * On each axis the corners are first projected onto the unnormalised edge normal: dividing by its
 * (positive) length is monotone, so when those projections already separate (touching included), the
 * normalised ones do too, with or without the tolerance, and the length (a `Math.hypot`, the costly
 * part) is needed only on axes where they overlap. Same answers as normalising every axis.
 */
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
      let minA = Infinity,
        maxA = -Infinity,
        minB = Infinity,
        maxB = -Infinity;
      for (let m = 0; m < 3; m++) {
        const pa = xs[m] * nx + ys[m] * ny,
          pb = xs[m + 3] * nx + ys[m + 3] * ny;
        if (pa < minA) minA = pa;
        if (pa > maxA) maxA = pa;
        if (pb < minB) minB = pb;
        if (pb > maxB) maxB = pb;
      }
      // Also covers a degenerate edge (a zero normal projects everything to 0): no area, no overlap.
      if (maxA <= minB || maxB <= minA) return false;
      const len = Math.hypot(nx, ny);
      // Rounded division is monotone, so the extremes of the quotients are the quotients of the extremes.
      const lowA = minA / len,
        highA = maxA / len,
        lowB = minB / len,
        highB = maxB / len;
      if (highA <= lowB + eps || highB <= lowA + eps) return false;
    }
  return true;
}
