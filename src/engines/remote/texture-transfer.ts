/**
 * The server's base colour carried onto Kiln's new atlas: each texel of the new mesh reads the server's
 * texture at the closest point of the server's surface (SurfaceLookup).
 *
 * Most new triangles lie on one server triangle (the budget step splits the server's triangles, or
 * simplifies only where the surface is flat enough): then the closest point of every texel inside is
 * the texel's own point on that triangle, an affine function of the texel's barycentrics. So each new
 * triangle asks the lookup once (its centre) and checks its corners against the answer; texels of
 * triangles that pass interpolate the corners' server barycentrics instead of searching the grid, and
 * the rest search per texel as before. This took the Medium finish of a 39.6k-face model's bake from
 * 2.9 s to a fraction of it (docs/bench-history/speed.md). The map bakes in bands on two threads when a
 * core is free (bake-tiles.ts).
 */
import {
  bakeTiled,
  type BakeLayer,
  type BakeShaderFactory,
  type TiledBakeOptions,
} from '../../geometry/ops/bake-tiles.ts';
import type { Material, Mesh, RasterImage } from '../../geometry/mesh.ts';
import type { Logger } from '../../logger.ts';
import type { UvMesh } from '../generate/shared/output.ts';
import { SurfaceLookup } from './surface-lookup.ts';

/** Per source triangle: the texture image (decoded) and colour factor of its material. */
export interface TriangleLooks {
  images: (RasterImage | undefined)[];
  materialOf: Uint32Array;
}

/** How far (share of the model's unit size) a corner may sit off the server triangle and still share it. */
const ON_SURFACE = 1e-6;

const srgb = (linear: number) => (linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055);

/** Bilinear, wrapping like glTF's default sampler; RGB in 0..1 into `out`. */
export function sample(image: RasterImage, u: number, v: number, out: Float32Array): void {
  const { width, height, channels, data } = image;
  const x = (u - Math.floor(u)) * width - 0.5;
  const y = (v - Math.floor(v)) * height - 0.5;
  const x0 = Math.floor(x),
    y0 = Math.floor(y);
  const fx = x - x0,
    fy = y - y0;
  // The four texels' offsets, wrapped once per sample rather than once per channel and corner (this
  // runs per texel of the new map: 150M of them at 12K). Inside the image the wrap is the identity, so
  // the modulos run only for the last row and column and outside (12K transfer, one thread: 11.1–11.4
  // → 10.2–10.5 s CPU).
  const left = x0 >= 0 && x0 < width - 1 ? x0 : ((x0 % width) + width) % width,
    right = x0 >= 0 && x0 < width - 1 ? x0 + 1 : (((x0 + 1) % width) + width) % width;
  const top = (y0 >= 0 && y0 < height - 1 ? y0 : ((y0 % height) + height) % height) * width,
    bottom = (y0 >= 0 && y0 < height - 1 ? y0 + 1 : (((y0 + 1) % height) + height) % height) * width;
  const o00 = (top + left) * channels,
    o10 = (top + right) * channels,
    o01 = (bottom + left) * channels,
    o11 = (bottom + right) * channels;
  const last = channels - 1;
  for (let c = 0; c < 3; c++) {
    const k = c < last ? c : last;
    const upper = data[o00 + k] * (1 - fx) + data[o10 + k] * fx;
    const lower = data[o01 + k] * (1 - fx) + data[o11 + k] * fx;
    out[c] = (upper * (1 - fy) + lower * fy) / 255;
  }
}

/**
 * Which server triangle each new triangle lies on, decided on its first texel: -2 not decided yet, -1
 * none (search per texel), else the triangle, with its corners' server barycentrics in `corners`.
 */
class TrianglePlans {
  readonly source: Int32Array;
  readonly corners: Float64Array;
  readonly #bary = new Float64Array(3);

  constructor(
    private readonly atlas: Mesh,
    private readonly lookup: SurfaceLookup,
  ) {
    this.source = new Int32Array(atlas.indices.length / 3).fill(-2);
    this.corners = new Float64Array(atlas.indices.length * 3);
  }

  plan(t: number): number {
    if (this.source[t] !== -2) return this.source[t];
    const P = this.atlas.positions;
    const I = this.atlas.indices;
    // Corners by offset, with no helper closure or array per call: tsx compiles with esbuild's
    // keepNames, which names every closure as it is created (~0.5 µs), and this runs per triangle.
    const a = I[t * 3] * 3,
      b = I[t * 3 + 1] * 3,
      c = I[t * 3 + 2] * 3;
    const cx = (P[a] + P[b] + P[c]) / 3,
      cy = (P[a + 1] + P[b + 1] + P[c + 1]) / 3,
      cz = (P[a + 2] + P[b + 2] + P[c + 2]) / 3;
    const near = ON_SURFACE * ON_SURFACE;
    let s = this.lookup.closestInto(cx, cy, cz, this.#bary);
    if (this.lookup.distanceTo(s, cx, cy, cz, this.#bary) > near) s = -1;
    for (let k = 0; k < 3 && s >= 0; k++) {
      const o = I[t * 3 + k] * 3;
      if (this.lookup.distanceTo(s, P[o], P[o + 1], P[o + 2], this.#bary) > near) s = -1;
      else this.corners.set(this.#bary, t * 9 + k * 3);
    }
    this.source[t] = s;
    return s;
  }
}

/** What both bake threads build the transfer's shading from (structured-cloneable). */
export interface TransferShaderInput {
  /** The server's surface: positions, indices and (when textured) UVs. */
  source: Pick<Mesh, 'positions' | 'indices' | 'uvs'>;
  looks: TriangleLooks;
  /** Per material, its base colour factor in linear RGB. */
  factors: number[][];
}

/**
 * The transfer as one bake layer (bake-tiles.ts factory). Each thread builds its own SurfaceLookup
 * and triangle plans from the same input; the lookup's answers do not depend on the order of queries
 * (ties go to the lower triangle index), so the bands come out the same whichever thread bakes them.
 */
export const transferLayers: BakeShaderFactory<TransferShaderInput> = (atlas, input) => {
  const { source, looks, factors } = input;
  const lookup = new SurfaceLookup(source as Mesh);
  const hitBary = new Float64Array(3);
  const plans = new TrianglePlans(atlas, lookup);
  const { corners } = plans;
  const white = [1, 1, 1];
  const shade: BakeLayer['shade'] = (out, position, _normal, triangle, bary) => {
    let hit = plans.plan(triangle);
    // The hit's barycentrics in locals (a planned triangle's from its corners', as before per component).
    let wa: number, wb: number, wc: number;
    if (hit >= 0) {
      const o = triangle * 9;
      const b0 = bary[0],
        b1 = bary[1],
        b2 = bary[2];
      wa = b0 * corners[o] + b1 * corners[o + 3] + b2 * corners[o + 6];
      wb = b0 * corners[o + 1] + b1 * corners[o + 4] + b2 * corners[o + 7];
      wc = b0 * corners[o + 2] + b1 * corners[o + 5] + b2 * corners[o + 8];
    } else {
      hit = lookup.closestInto(position[0], position[1], position[2], hitBary);
      wa = hitBary[0];
      wb = hitBary[1];
      wc = hitBary[2];
    }
    const material = looks.materialOf[hit];
    const image = looks.images[material];
    const factor = factors[material] ?? white;
    if (image && source.uvs) {
      const a = source.indices[hit * 3] * 2,
        b = source.indices[hit * 3 + 1] * 2,
        c = source.indices[hit * 3 + 2] * 2;
      const UV = source.uvs;
      // Sampled into `out` and scaled there: both hold single precision, as the colour buffer did.
      sample(image, wa * UV[a] + wb * UV[b] + wc * UV[c], wa * UV[a + 1] + wb * UV[b + 1] + wc * UV[c + 1], out);
      for (let k = 0; k < 3; k++) out[k] *= factor[k];
    } else {
      for (let k = 0; k < 3; k++) out[k] = factor[k];
    }
  };
  // The lookup reads the texel's position and triangle only: the bake need not interpolate normals.
  return [{ channels: 3, normals: false, shade }];
};

export interface TransferOptions {
  /** Threads baking bands (bake-tiles.ts; default 1: this thread only). */
  threads?: number;
  logger?: Logger;
  /** Band height and the smallest map a helper bakes (bake-tiles.ts defaults; tests use small maps). */
  tiling?: Pick<TiledBakeOptions, 'bandRows' | 'minSizeForHelper'>;
}

/** The base colour map of `atlas` at `size` texels from the server's materials on `source`. */
export async function transferBaseColour(
  atlas: UvMesh,
  size: number,
  source: Mesh,
  materials: Material[],
  looks: TriangleLooks,
  options: TransferOptions = {},
): Promise<RasterImage> {
  const input: TransferShaderInput = {
    source: { positions: source.positions, indices: source.indices, uvs: source.uvs },
    looks,
    factors: materials.map((m) => (m?.baseColor ?? [1, 1, 1, 1]).slice(0, 3).map(srgb)),
  };
  const [baseColor] = await bakeTiled(
    atlas,
    { module: import.meta.url, name: 'transferLayers', input },
    { ...options.tiling, size, threads: options.threads, logger: options.logger },
  );
  return baseColor;
}
