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
import { bakeTexture } from '../../../../geometry/ops/index.ts';
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
  triangleMaterials?: Uint16Array;
}

function triangleMaterials(mesh: Mesh): Uint16Array {
  const out = new Uint16Array(mesh.indices.length / 3);
  for (const g of mesh.groups) out.fill(g.material, g.start, g.start + g.count);
  return out;
}

/**
 * Grows filled texels into empty neighbours, `steps` rings deep (4-neighbourhood). Scanline passes over
 * typed arrays only, so a 12K map needs no per-texel lists. `filled`: 0 empty, 1 baked, k + 1 ring k.
 */
function dilate(buffers: Uint8Array[], filled: Uint8Array, size: number, steps: number): void {
  for (let s = 1; s <= steps; s++) {
    const mark = s + 1;
    let grew = false;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const j = y * size + x;
        if (filled[j]) continue;
        let from = -1;
        if (x > 0 && filled[j - 1] && filled[j - 1] < mark) from = j - 1;
        else if (x < size - 1 && filled[j + 1] && filled[j + 1] < mark) from = j + 1;
        else if (y > 0 && filled[j - size] && filled[j - size] < mark) from = j - size;
        else if (y < size - 1 && filled[j + size] && filled[j + size] < mark) from = j + size;
        if (from < 0) continue;
        filled[j] = mark;
        for (const b of buffers) b[j] = b[from];
        grew = true;
      }
    }
    if (!grew) break;
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
  triangleMaterials: Uint16Array;
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
    shaders[triMaterial[triangle]](p[0], p[1], p[2], n[0], n[1], n[2], sample);
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

/** The metallic-roughness and normal maps from the side buffers, beside the baked colour. */
function finishMaps(baseColor: RasterImage, input: MaterialShaderInput, options: BakeMaterialOptions): MaterialMaps {
  const { size, padding } = input;
  const { normalMap = true, bumpStrength = 1 } = options;
  const { rough, metal, height, filled } = input.sides;
  dilate([rough, metal, height], filled, size, padding + 1);
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
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const hl = height[x > 0 ? i - 1 : i],
          hr = height[x < size - 1 ? i + 1 : i];
        const hu = height[y > 0 ? i - size : i],
          hd = height[y < size - 1 ? i + size : i];
        // glTF tangent space: +X along +u, +Y towards the image's top (decreasing v).
        const nx = -(hr - hl) * k,
          ny = (hd - hu) * k;
        const inv = 1 / Math.sqrt(nx * nx + ny * ny + 1);
        nm[i * 3] = (nx * inv * 127.5 + 128) | 0;
        nm[i * 3 + 1] = (ny * inv * 127.5 + 128) | 0;
        nm[i * 3 + 2] = (inv * 127.5 + 128) | 0;
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
