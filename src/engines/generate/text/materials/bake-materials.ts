/**
 * Bakes the per-part procedural materials into glTF PBR maps of one size: base colour (sRGB RGBA),
 * metallic-roughness (G roughness, B metallic) and a tangent-space normal map.
 *
 * One shader evaluation per texel: the colour goes through bakeTexture's `out`, while roughness,
 * metallic and relief height are written to side buffers at the texel the interpolated UV falls in.
 * The side buffers are then dilated like the baker dilates its charts, and the normal map is derived
 * from the height buffer's texel-space gradient (within a chart that is the tangent-space gradient).
 * `bakeMaterialsTiled` bakes the same maps in bands on two threads when a core is free (bake-tiles.ts).
 */
import type { Mesh, RasterImage } from '../../../../geometry/mesh.ts';
import { bakeTexture, triangleMaterials } from '../../../../geometry/ops/index.ts';
import { roundHalfUp } from '../../../../geometry/rounding.ts';
import {
  bakeTiled,
  type BakeLayer,
  type BakeShaderFactory,
  type TiledBakeOptions,
} from '../../../../geometry/ops/bake-tiles.ts';
import type { Logger } from '../../../../logger.ts';
import type { PartMaterial } from '../generators/build.ts';
import { createNoise } from './noise.ts';
import { createShader, type ShaderStyle, type SurfaceSample, type SurfaceShader } from './shaders.ts';

export interface MaterialMaps {
  baseColor: RasterImage;
  metallicRoughness: RasterImage;
  normal?: RasterImage;
}

export interface BakeMaterialOptions {
  size: number;
  seed: number;
  style: ShaderStyle;
  /** Also derive a normal map from the relief. Default true. */
  normalMap?: boolean;
  /** Texels of dilation around charts. Default 4 (matches generateUvAtlas's default gutter). */
  padding?: number;
  /** Relief strength of the normal map. Default 1. */
  bumpStrength?: number;
  /** Material index per triangle when the mesh's groups no longer carry the parts (see partsByPosition). */
  triangleMaterials?: Uint16Array | Uint32Array;
}

/**
 * Grows filled texels into empty neighbours, `steps` rings deep (4-neighbourhood). `filled`: 0 empty,
 * 1 baked, k + 1 ring k. An empty texel takes its first neighbour (left, right, up, down) filled before
 * this ring, so a ring does not depend on the order its texels are met in: the first ring scans the
 * map, and each later ring visits only the neighbours of the texels the ring before it grew (a scan of
 * the whole map per ring cost more than the growing). The three side buffers are named rather than
 * looped over per texel for the same reason.
 */
function dilate(sides: SideBuffers, size: number, steps: number): void {
  const { rough, metal, height, filled } = sides;
  // Whether texel j (empty, in column x) grows in the ring marked `mark`; if so, copied and marked.
  const grow = (j: number, x: number, mark: number): boolean => {
    let from = -1;
    if (x > 0 && filled[j - 1] && filled[j - 1] < mark) from = j - 1;
    else if (x < size - 1 && filled[j + 1] && filled[j + 1] < mark) from = j + 1;
    else if (j >= size && filled[j - size] && filled[j - size] < mark) from = j - size;
    else if (j < size * (size - 1) && filled[j + size] && filled[j + size] < mark) from = j + size;
    if (from < 0) return false;
    filled[j] = mark;
    rough[j] = rough[from];
    metal[j] = metal[from];
    height[j] = height[from];
    return true;
  };
  let grown: number[] = [];
  for (let y = 0, j = 0; y < size; y++) {
    for (let x = 0; x < size; x++, j++) if (!filled[j] && grow(j, x, 2)) grown.push(j);
  }
  for (let s = 2; s <= steps && grown.length > 0; s++) {
    const mark = s + 1;
    const next: number[] = [];
    for (const j of grown) {
      const x = j % size;
      if (x > 0 && !filled[j - 1] && grow(j - 1, x - 1, mark)) next.push(j - 1);
      if (x < size - 1 && !filled[j + 1] && grow(j + 1, x + 1, mark)) next.push(j + 1);
      if (j >= size && !filled[j - size] && grow(j - size, x, mark)) next.push(j - size);
      if (j < size * (size - 1) && !filled[j + size] && grow(j + size, x, mark)) next.push(j + size);
    }
    grown = next;
  }
}

/** Where the colour layer's shading writes roughness, metallic and relief: one byte per texel each. */
interface SideBuffers {
  rough: Uint8Array;
  metal: Uint8Array;
  height: Uint8Array;
  /** 0 empty, 1 baked (then dilation rings). */
  filled: Uint8Array;
}

function sideBuffers(size: number, shared: boolean): SideBuffers {
  // Bytes, not floats: at 12K every side buffer is 151M texels.
  const bytes = () => (shared ? new Uint8Array(new SharedArrayBuffer(size * size)) : new Uint8Array(size * size));
  return { rough: bytes(), metal: bytes(), height: bytes(), filled: bytes() };
}

/** What both bake threads build the materials' shading from (structured-cloneable; the side buffers shared). */
export interface MaterialShaderInput {
  materials: PartMaterial[];
  seed: number;
  style: ShaderStyle;
  size: number;
  padding: number;
  triangleMaterials: Uint16Array | Uint32Array;
  sides: SideBuffers;
}

/**
 * The colour layer (bake-tiles.ts factory): per texel one shader evaluation, colour into `out`, the rest
 * into the side buffers at the texel the interpolated UV falls in, which is the texel being baked (its
 * centre's UV), so two threads baking different rows never write the same side texel.
 */
export const materialLayers: BakeShaderFactory<MaterialShaderInput> = (mesh, input) => {
  const { size, style, sides } = input;
  const { rough, metal, height, filled } = sides;
  const noise = createNoise(input.seed);
  const shaders: SurfaceShader[] = input.materials.map((m) => createShader(m.kind, m.colour, noise, style));
  const triMaterial = input.triangleMaterials;
  const sample: SurfaceSample = { r: 0, g: 0, b: 0, roughness: 0, metallic: 0, height: 0 };
  const { indices } = mesh;
  const uvs = mesh.uvs!;
  const shade: BakeLayer['shade'] = (out, p, n, triangle, bary) => {
    shaders[triMaterial[triangle]](p, n, sample);
    out[0] = sample.r;
    out[1] = sample.g;
    out[2] = sample.b;
    out[3] = 1;
    const a = indices[triangle * 3],
      b = indices[triangle * 3 + 1],
      c = indices[triangle * 3 + 2];
    const u = bary[0] * uvs[a * 2] + bary[1] * uvs[b * 2] + bary[2] * uvs[c * 2];
    const v = bary[0] * uvs[a * 2 + 1] + bary[1] * uvs[b * 2 + 1] + bary[2] * uvs[c * 2 + 1];
    const x = Math.min(size - 1, Math.max(0, Math.floor(u * size)));
    const y = Math.min(size - 1, Math.max(0, Math.floor(v * size)));
    const t = y * size + x;
    // roundHalfUp, not Math.round: the same bytes (every value here is within 0..255) without a
    // mispredicted branch per texel (geometry/rounding.ts).
    rough[t] = roundHalfUp(Math.min(1, Math.max(0.02, sample.roughness)) * 255);
    metal[t] = roundHalfUp(sample.metallic * 255);
    height[t] = roundHalfUp((Math.max(-1, Math.min(1, sample.height)) * 0.5 + 0.5) * 255);
    filled[t] = 1;
  };
  return [{ channels: 4, padding: input.padding, shade }];
};

function shaderInput(mesh: Mesh, materials: PartMaterial[], options: BakeMaterialOptions, shared: boolean) {
  const { size, seed, style, padding = 4 } = options;
  if (!mesh.uvs) throw new Error('bakeMaterials needs UVs');
  const input: MaterialShaderInput = {
    materials,
    seed,
    style,
    size,
    padding,
    triangleMaterials: options.triangleMaterials ?? triangleMaterials(mesh),
    sides: sideBuffers(size, shared),
  };
  return input;
}

/** Byte differences of two heights, -255..255. */
const HEIGHT_STEPS = 511;

/** The metallic-roughness and normal maps from the side buffers, beside the baked colour. */
function finishMaps(baseColor: RasterImage, input: MaterialShaderInput, options: BakeMaterialOptions): MaterialMaps {
  const { size, padding } = input;
  const { normalMap = true, bumpStrength = 1 } = options;
  const { rough, metal, height, filled } = input.sides;
  dilate(input.sides, size, padding + 1);
  const mr = new Uint8Array(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    mr[i * 3] = 255;
    mr[i * 3 + 1] = filled[i] ? rough[i] : 200;
    mr[i * 3 + 2] = metal[i];
  }
  const maps: MaterialMaps = { baseColor, metallicRoughness: { width: size, height: size, channels: 3, data: mr } };
  if (normalMap) {
    const nm = new Uint8Array(size * size * 3);
    // Relief in texels: a height step of 1 spans about 1/64 of the asset, whatever the map size.
    const k = (bumpStrength * (size / 2048) * 0.9 * 2) / 255;
    // A texel's normal depends only on its two byte differences (511 × 511 pairs, most texels flat),
    // so each pair's three bytes are worked out once, when first met, instead of per texel.
    const pairs = new Uint8Array(HEIGHT_STEPS * HEIGHT_STEPS * 4);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const hl = height[x > 0 ? i - 1 : i],
          hr = height[x < size - 1 ? i + 1 : i];
        const hu = height[y > 0 ? i - size : i],
          hd = height[y < size - 1 ? i + size : i];
        const pair = ((hr - hl + 255) * HEIGHT_STEPS + (hd - hu + 255)) * 4;
        if (pairs[pair + 3] === 0) {
          // glTF tangent space: +X along +u, +Y towards the image's top (decreasing v).
          const nx = -(hr - hl) * k,
            ny = (hd - hu) * k;
          const inv = 1 / Math.sqrt(nx * nx + ny * ny + 1);
          pairs[pair] = (nx * inv * 127.5 + 128) | 0;
          pairs[pair + 1] = (ny * inv * 127.5 + 128) | 0;
          pairs[pair + 2] = (inv * 127.5 + 128) | 0;
          pairs[pair + 3] = 1;
        }
        nm[i * 3] = pairs[pair];
        nm[i * 3 + 1] = pairs[pair + 1];
        nm[i * 3 + 2] = pairs[pair + 2];
      }
    }
    maps.normal = { width: size, height: size, channels: 3, data: nm };
  }
  return maps;
}

/** The maps on this thread alone. */
export function bakeMaterials(mesh: Mesh, materials: PartMaterial[], options: BakeMaterialOptions): MaterialMaps {
  const input = shaderInput(mesh, materials, options, false);
  const [layer] = materialLayers(mesh, input);
  const baseColor = bakeTexture(mesh, { size: input.size, channels: 4, padding: input.padding, shade: layer.shade });
  return finishMaps(baseColor, input, options);
}

/**
 * The same maps, byte for byte, with the colour layer baked in bands on this thread and, with `threads`
 * 2 and a ready helper, a second one (bake-tiles.ts); the side buffers are then shared between them.
 */
export async function bakeMaterialsTiled(
  mesh: Mesh,
  materials: PartMaterial[],
  options: BakeMaterialOptions & {
    threads?: number;
    logger?: Logger;
    /** Band height and the smallest map a helper bakes (bake-tiles.ts defaults; tests use small maps). */
    tiling?: Pick<TiledBakeOptions, 'bandRows' | 'minSizeForHelper'>;
  },
): Promise<MaterialMaps> {
  const threads = options.threads ?? 1;
  const input = shaderInput(mesh, materials, options, threads > 1);
  const [baseColor] = await bakeTiled(
    mesh,
    { module: import.meta.url, name: 'materialLayers', input },
    { ...options.tiling, size: input.size, threads, logger: options.logger },
  );
  return finishMaps(baseColor, input, options);
}
