/**
 * The generic texel-space baker: every engine's texturing and the Shaded lighting bake run through it.
 * Triangles are rasterised in UV space, position and normal are interpolated per covered texel and a
 * caller-supplied `shade` writes the texel; then charts are dilated outwards so mip-mapping and bilinear
 * filtering do not pull background colour across seams.
 *
 * Memory: the output image plus one byte per texel of coverage (12K RGBA: 604 MB + 151 MB). The
 * per-texel path allocates nothing — `out`, `position`, `normal` and `bary` are reused buffers.
 * `bakeRows` bakes a band of rows into caller-given buffers, texel for texel as the whole-image bake
 * does: bake-tiles.ts runs bands on two threads into shared buffers, then dilates once.
 */
import type { Mesh, RasterImage } from '../mesh.ts';
import { GrowableUint32 } from './pair-table.ts';
import { computeNormals } from './normals.ts';
import { roundHalfUp } from '../rounding.ts';

export interface BakeOptions {
  /** Width and height of the square texture in texels (2048, 4096, 6144, 8192, 12288 …). */
  size: number;
  /** Bytes per texel of the result. Default 4 (RGBA). */
  channels?: 1 | 2 | 3 | 4;
  /** Texels to dilate each chart outwards against seams. Default 4; at most 250. */
  padding?: number;
  /** Value of texels no chart or padding reaches, per channel in 0..1. Default all zero. */
  background?: readonly number[];
  /**
   * Writes one texel. `out` has `channels` entries in 0..1 (zeroed before each call; values are clamped
   * and rounded to bytes). `position` and `normal` (unit) are interpolated in the mesh's space,
   * `triangle` is the triangle index and `bary` its barycentric weights for its three corners.
   * The arrays are reused between calls: copy them if you keep them.
   */
  /**
   * Whether `shade` reads `normal`. Default true; false leaves `normal` unset (zero) and spares its
   * interpolation and normalisation per texel (a lookup by position, like the remote transfer, reads
   * only the position and the triangle).
   */
  normals?: boolean;
  shade: (
    out: Float32Array,
    position: Float32Array,
    normal: Float32Array,
    triangle: number,
    bary: Float32Array,
  ) => void;
}

/**
 * Bakes a texture over the mesh's UVs (glTF convention: (0,0) top-left, v down). Every triangle is
 * guaranteed at least one texel: triangles too small to cover a texel centre get the texel under their
 * centroid. Where charts overlap, the later triangle wins.
 */
export function bakeTexture(mesh: Mesh, options: BakeOptions): RasterImage {
  const { size } = options;
  const channels = options.channels ?? 4;
  if (!mesh.uvs) throw new Error('bakeTexture needs a mesh with UVs (see generateUvAtlas).');
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`bakeTexture: bad size ${size}`);
  const target = createBakeTarget(size, channels, options.background);
  bakeRows(mesh, options, target, 0, size);
  dilateTarget(target, options.padding);
  return { width: size, height: size, channels, data: target.data };
}

/** The buffers a bake writes: the texels and one coverage byte per texel (0 empty, 1 rasterised). */
export interface BakeTarget {
  size: number;
  channels: 1 | 2 | 3 | 4;
  data: Uint8Array;
  coverage: Uint8Array;
}

/**
 * Empty bake buffers, filled with `background`. With `shared`, both live on SharedArrayBuffers so that
 * threads can write disjoint rows of one image (bake-tiles.ts).
 */
export function createBakeTarget(
  size: number,
  channels: 1 | 2 | 3 | 4,
  background?: readonly number[],
  shared = false,
): BakeTarget {
  const bytes = (n: number) => (shared ? new Uint8Array(new SharedArrayBuffer(n)) : new Uint8Array(n));
  const data = bytes(size * size * channels);
  if (background) {
    for (let c = 0; c < channels; c++) {
      const b = Math.round(Math.min(1, Math.max(0, background[c] ?? 0)) * 255);
      if (b !== 0) for (let i = c; i < data.length; i += channels) data[i] = b;
    }
  }
  return { size, channels, data, coverage: bytes(size * size) };
}

/** Dilates the target's charts `padding` texels (default 4, at most 250) against seams. */
export function dilateTarget(target: BakeTarget, padding = 4): void {
  const rings = Math.min(250, Math.max(0, Math.floor(padding)));
  if (rings > 0) dilate(target.data, target.coverage, target.size, target.channels, rings);
}

/**
 * Rasterises the texels of rows [rowStart, rowEnd) into `target`, visiting only the triangles listed
 * in `triangles` (default all, in order). Texel for texel the same as the rows of a whole-image bake:
 * triangles are shaded in index order, and a triangle that covers no texel centre anywhere in the image
 * (its rows outside the range are tested, not shaded) gets its centroid texel if that lies in the range.
 */
export function bakeRows(
  mesh: Mesh,
  options: Pick<BakeOptions, 'shade' | 'normals'>,
  target: BakeTarget,
  rowStart: number,
  rowEnd: number,
  triangles?: Uint32Array,
): void {
  const { shade } = options;
  const withNormal = options.normals !== false;
  const { size, channels, data, coverage } = target;
  const normals = mesh.normals ?? computeNormals(mesh).normals!;
  const { positions: P, uvs, indices: I } = mesh;
  if (!uvs) throw new Error('bakeTexture needs a mesh with UVs (see generateUvAtlas).');
  const UV = uvs;
  const out = new Float32Array(channels);
  const position = new Float32Array(3);
  const normal = new Float32Array(3);
  const bary = new Float32Array(3);

  const write = (
    texel: number,
    t: number,
    w0: number,
    w1: number,
    w2: number,
    a: number,
    b: number,
    c: number,
  ): void => {
    bary[0] = w0;
    bary[1] = w1;
    bary[2] = w2;
    for (let k = 0; k < 3; k++) position[k] = w0 * P[a * 3 + k] + w1 * P[b * 3 + k] + w2 * P[c * 3 + k];
    if (withNormal) {
      for (let k = 0; k < 3; k++)
        normal[k] = w0 * normals[a * 3 + k] + w1 * normals[b * 3 + k] + w2 * normals[c * 3 + k];
      const len = Math.sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]) || 1;
      normal[0] /= len;
      normal[1] /= len;
      normal[2] /= len;
    }
    out.fill(0);
    shade(out, position, normal, t, bary);
    const o = texel * channels;
    for (let k = 0; k < channels; k++) {
      const v = out[k];
      data[o + k] = v >= 1 ? 255 : v > 0 ? roundHalfUp(v * 255) : 0;
    }
    coverage[texel] = 1;
  };

  /** Whether rows [from, to] of the triangle's box hold a texel centre inside it (no shading). */
  const coversAny = (
    from: number,
    to: number,
    x0: number,
    x1: number,
    inv: number,
    ax: number,
    ay: number,
    bx: number,
    by: number,
    cx: number,
    cy: number,
  ): boolean => {
    // The same stepped arithmetic as the shading loop, so a texel on an edge counts the same in both.
    const stepX0 = -(cy - by) * inv,
      stepX1 = -(ay - cy) * inv;
    for (let y = from; y <= to; y++) {
      const py = y + 0.5;
      const px0 = x0 + 0.5;
      let w0 = ((bx - px0) * (cy - py) - (by - py) * (cx - px0)) * inv;
      let w1 = ((cx - px0) * (ay - py) - (cy - py) * (ax - px0)) * inv;
      for (let x = x0; x <= x1; x++, w0 += stepX0, w1 += stepX1) {
        if (w0 >= 0 && w1 >= 0 && 1 - w0 - w1 >= 0) return true;
      }
    }
    return false;
  };

  const listed = triangles ? triangles.length : I.length / 3;
  for (let n = 0; n < listed; n++) {
    const t = triangles ? triangles[n] : n;
    const a = I[t * 3],
      b = I[t * 3 + 1],
      c = I[t * 3 + 2];
    const ax = UV[a * 2] * size,
      ay = UV[a * 2 + 1] * size;
    const bx = UV[b * 2] * size,
      by = UV[b * 2 + 1] * size;
    const cx = UV[c * 2] * size,
      cy = UV[c * 2 + 1] * size;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    let covered = false;
    if (area !== 0 && Number.isFinite(area)) {
      const inv = 1 / area;
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx) - 0.5));
      const x1 = Math.min(size - 1, Math.ceil(Math.max(ax, bx, cx) - 0.5));
      const boxY0 = Math.max(0, Math.floor(Math.min(ay, by, cy) - 0.5));
      const boxY1 = Math.min(size - 1, Math.ceil(Math.max(ay, by, cy) - 0.5));
      const y0 = Math.max(boxY0, rowStart);
      const y1 = Math.min(boxY1, rowEnd - 1);
      const pax = P[a * 3],
        pay = P[a * 3 + 1],
        paz = P[a * 3 + 2];
      const pbx = P[b * 3],
        pby = P[b * 3 + 1],
        pbz = P[b * 3 + 2];
      const pcx = P[c * 3],
        pcy = P[c * 3 + 1],
        pcz = P[c * 3 + 2];
      const nax = normals[a * 3],
        nay = normals[a * 3 + 1],
        naz = normals[a * 3 + 2];
      const nbx = normals[b * 3],
        nby = normals[b * 3 + 1],
        nbz = normals[b * 3 + 2];
      const ncx = normals[c * 3],
        ncy = normals[c * 3 + 1],
        ncz = normals[c * 3 + 2];
      // Edge functions step linearly along a row: w0 and w1 gain a constant per texel.
      const stepX0 = -(cy - by) * inv,
        stepX1 = -(ay - cy) * inv;
      // Once a weight is negative and its step cannot raise it, no later texel of the row is inside:
      // adding a non-positive step never increases a float, and w2 = (1 − w0) − w1 never increases
      // while both steps are non-negative. So the row ends there, texel for texel as a full scan
      // (thin UV slivers leave most of their box's texels after the covered run).
      const ends0 = stepX0 <= 0,
        ends1 = stepX1 <= 0,
        ends2 = stepX0 >= 0 && stepX1 >= 0;
      for (let y = y0; y <= y1; y++) {
        const py = y + 0.5;
        const px0 = x0 + 0.5;
        let w0 = ((bx - px0) * (cy - py) - (by - py) * (cx - px0)) * inv;
        let w1 = ((cx - px0) * (ay - py) - (cy - py) * (ax - px0)) * inv;
        for (let x = x0; x <= x1; x++, w0 += stepX0, w1 += stepX1) {
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) {
            if ((w0 < 0 && ends0) || (w1 < 0 && ends1) || (w2 < 0 && ends2)) break;
            continue;
          }
          // Inlined `write` (the hot path at 12K: ~150M texels).
          bary[0] = w0;
          bary[1] = w1;
          bary[2] = w2;
          position[0] = w0 * pax + w1 * pbx + w2 * pcx;
          position[1] = w0 * pay + w1 * pby + w2 * pcy;
          position[2] = w0 * paz + w1 * pbz + w2 * pcz;
          if (withNormal) {
            const nx = w0 * nax + w1 * nbx + w2 * ncx,
              ny = w0 * nay + w1 * nby + w2 * ncy,
              nz = w0 * naz + w1 * nbz + w2 * ncz;
            const len = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
            normal[0] = nx / len;
            normal[1] = ny / len;
            normal[2] = nz / len;
          }
          for (let k = 0; k < channels; k++) out[k] = 0;
          shade(out, position, normal, t, bary);
          const texel = y * size + x;
          const o = texel * channels;
          for (let k = 0; k < channels; k++) {
            const v = out[k];
            data[o + k] = v >= 1 ? 255 : v > 0 ? roundHalfUp(v * 255) : 0;
          }
          coverage[texel] = 1;
          covered = true;
        }
      }
      // Rows of the box this call does not own decide only whether the centroid fallback is due.
      if (!covered && boxY0 < rowStart)
        covered = coversAny(boxY0, Math.min(boxY1, rowStart - 1), x0, x1, inv, ax, ay, bx, by, cx, cy);
      if (!covered && boxY1 >= rowEnd)
        covered = coversAny(Math.max(boxY0, rowEnd), boxY1, x0, x1, inv, ax, ay, bx, by, cx, cy);
    }
    if (!covered) {
      const mx = Math.min(size - 1, Math.max(0, Math.floor((ax + bx + cx) / 3)));
      const my = Math.min(size - 1, Math.max(0, Math.floor((ay + by + cy) / 3)));
      if (Number.isFinite(mx) && Number.isFinite(my) && my >= rowStart && my < rowEnd)
        write(my * size + mx, t, 1 / 3, 1 / 3, 1 / 3, a, b, c);
    }
  }
}

/** Grows covered texels outwards `padding` rings (8-neighbourhood), copying the nearest texel. */
function dilate(data: Uint8Array, coverage: Uint8Array, size: number, channels: number, padding: number): void {
  let frontier = new GrowableUint32(1 << 16);
  for (let y = 0; y < size; y++) {
    const row = y * size;
    for (let x = 0; x < size; x++) {
      const i = row + x;
      if (coverage[i] !== 1) continue;
      if (
        (x > 0 && coverage[i - 1] === 0) ||
        (x < size - 1 && coverage[i + 1] === 0) ||
        (y > 0 && coverage[i - size] === 0) ||
        (y < size - 1 && coverage[i + size] === 0)
      )
        frontier.push(i);
    }
  }
  for (let step = 1; step <= padding && frontier.length > 0; step++) {
    const next = new GrowableUint32(frontier.length * 2);
    const list = frontier.data;
    for (let f = 0; f < frontier.length; f++) {
      const i = list[f];
      const x = i % size,
        y = (i - x) / size;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= size) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= size) continue;
          const j = ny * size + nx;
          if (coverage[j] !== 0) continue;
          coverage[j] = step + 1;
          // Byte by byte: a copyWithin call per grown texel cost more than its few bytes.
          for (let k = 0, from = i * channels, to = j * channels; k < channels; k++) data[to + k] = data[from + k];
          next.push(j);
        }
      }
    }
    frontier = next;
  }
}
