/**
 * Turns triangle soup (three loaders emit three fresh vertices per triangle) back into an indexed mesh
 * by merging vertices whose position, normal and uv are bit-identical. Nothing is moved: only exact
 * duplicates merge, so UV seams and hard edges stay split.
 */

export interface Soup {
  positions: Float32Array;
  normals?: Float32Array;
  uvs?: Float32Array;
}

export interface Indexed extends Soup {
  indices: Uint32Array;
}

export function dedupeVertices(soup: Soup): Indexed {
  const count = soup.positions.length / 3;
  const stride = 3 + (soup.normals ? 3 : 0) + (soup.uvs ? 2 : 0);
  // One row of raw float bits per vertex, so equality and hashing work on integers.
  const rows = new Uint32Array(count * stride);
  const pos = new Uint32Array(soup.positions.buffer, soup.positions.byteOffset, soup.positions.length);
  const nrm = soup.normals
    ? new Uint32Array(soup.normals.buffer, soup.normals.byteOffset, soup.normals.length)
    : undefined;
  const uv = soup.uvs ? new Uint32Array(soup.uvs.buffer, soup.uvs.byteOffset, soup.uvs.length) : undefined;
  for (let v = 0; v < count; v++) {
    let o = v * stride;
    rows[o++] = normaliseZero(pos[v * 3]);
    rows[o++] = normaliseZero(pos[v * 3 + 1]);
    rows[o++] = normaliseZero(pos[v * 3 + 2]);
    if (nrm) for (let k = 0; k < 3; k++) rows[o++] = normaliseZero(nrm[v * 3 + k]);
    if (uv) for (let k = 0; k < 2; k++) rows[o++] = normaliseZero(uv[v * 2 + k]);
  }
  let size = 1;
  while (size < count * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const remap = new Uint32Array(count);
  const firstOf = new Uint32Array(count);
  let unique = 0;
  for (let v = 0; v < count; v++) {
    let h = 2166136261;
    const base = v * stride;
    for (let k = 0; k < stride; k++) h = Math.imul(h ^ rows[base + k], 16777619);
    let slot = (h >>> 0) & (size - 1);
    for (;;) {
      const u = table[slot];
      if (u === -1) {
        table[slot] = unique;
        firstOf[unique] = v;
        remap[v] = unique++;
        break;
      }
      const other = firstOf[u] * stride;
      let same = true;
      for (let k = 0; k < stride; k++)
        if (rows[other + k] !== rows[base + k]) {
          same = false;
          break;
        }
      if (same) {
        remap[v] = u;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  const positions = new Float32Array(unique * 3);
  const normals = soup.normals ? new Float32Array(unique * 3) : undefined;
  const uvs = soup.uvs ? new Float32Array(unique * 2) : undefined;
  for (let u = 0; u < unique; u++) {
    const v = firstOf[u];
    positions.set(soup.positions.subarray(v * 3, v * 3 + 3), u * 3);
    if (normals) normals.set(soup.normals!.subarray(v * 3, v * 3 + 3), u * 3);
    if (uvs) uvs.set(soup.uvs!.subarray(v * 2, v * 2 + 2), u * 2);
  }
  return { positions, normals, uvs, indices: remap };
}

/** -0 and +0 are the same vertex. */
function normaliseZero(bits: number): number {
  return bits === 0x80000000 ? 0 : bits;
}
