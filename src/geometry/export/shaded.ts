/**
 * The Shaded material variant: each material's base colour with a fixed, soft lighting baked in, drawn
 * unlit. Lighting is evaluated in world space (so every piece of a scene is lit from the same side)
 * with the ops texel-space baker over the mesh's own UVs: for every texel, base colour (texture ×
 * factor, in linear light) × (hemisphere ambient + wrapped key light along the interpolated normal).
 */
import type { Logger } from '../../logger.ts';
import { silentLogger } from '../../logger.ts';
import type { Material, Mesh, RasterImage, Scene, SceneNode } from '../mesh.ts';
import { bakeTexture, flattenScene, triangleMaterials } from '../ops/index.ts';
import { textureImage } from '../texture.ts';
import { linearToSrgbByte } from './textures.ts';

export interface ShadedOptions {
  /** Texture edge for materials without a colour map (those with one keep its size). Default 1024. */
  textureSize?: number;
  /** Texels of padding around UV charts. Default 4. */
  padding?: number;
  logger?: Logger;
}

/** Direction towards the key light: above, in front (+Z) and to the right of the asset. */
const KEY = normalize([0.45, 0.8, 0.55]);
const KEY_STRENGTH = 0.72;
/** Wrap lighting keeps the terminator soft: faces slightly turned away still catch some light. */
const KEY_WRAP = 0.3;
const SKY = 0.34;
const GROUND = 0.18;

function normalize(v: number[]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** Linear light reaching a surface with unit normal n. */
export function shadedLight(nx: number, ny: number, nz: number): number {
  const ndl = nx * KEY[0] + ny * KEY[1] + nz * KEY[2];
  const key = Math.max(0, (ndl + KEY_WRAP) / (1 + KEY_WRAP));
  const up = ny * 0.5 + 0.5;
  return GROUND + (SKY - GROUND) * up + KEY_STRENGTH * key;
}

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const LUT_SIZE = 16384;
/** Linear → sRGB (0..1) through a table: a pow per channel per texel is too slow for 12K bakes. */
const LINEAR_TO_SRGB = Float32Array.from({ length: LUT_SIZE + 1 }, (_, i) => linearToSrgbByte(i / LUT_SIZE) / 255);

function toSrgb(linear: number): number {
  return LINEAR_TO_SRGB[linear >= 1 ? LUT_SIZE : linear > 0 ? Math.round(linear * LUT_SIZE) : 0];
}

/** Bilinear, wrapping sample of a colour texture in linear light (rgb) and straight alpha. */
function sampler(image: RasterImage): (u: number, v: number, out: Float32Array) => void {
  const { width, height, channels, data } = image;
  const grey = channels < 3;
  const alphaAt = channels === 2 ? 1 : channels === 4 ? 3 : -1;
  return (u, v, out) => {
    const x = (u - Math.floor(u)) * width - 0.5;
    const y = (v - Math.floor(v)) * height - 0.5;
    const x0 = Math.floor(x), y0 = Math.floor(y);
    const fx = x - x0, fy = y - y0;
    const xa = (x0 + width) % width, xb = (x0 + 1 + width) % width;
    const ya = (y0 + height) % height, yb = (y0 + 1 + height) % height;
    const p00 = (ya * width + xa) * channels, p10 = (ya * width + xb) * channels;
    const p01 = (yb * width + xa) * channels, p11 = (yb * width + xb) * channels;
    const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
    for (let c = 0; c < 3; c++) {
      const k = grey ? 0 : c;
      out[c] =
        w00 * SRGB_TO_LINEAR[data[p00 + k]] +
        w10 * SRGB_TO_LINEAR[data[p10 + k]] +
        w01 * SRGB_TO_LINEAR[data[p01 + k]] +
        w11 * SRGB_TO_LINEAR[data[p11 + k]];
    }
    out[3] =
      alphaAt < 0
        ? 1
        : (w00 * data[p00 + alphaAt] + w10 * data[p10 + alphaAt] + w01 * data[p01 + alphaAt] + w11 * data[p11 + alphaAt]) / 255;
  };
}

/** The triangles of one material, sharing the flattened mesh's vertex arrays. */
function subMesh(world: Mesh, materials: Uint32Array, material: number): Mesh {
  let count = 0;
  for (let t = 0; t < materials.length; t++) if (materials[t] === material) count++;
  const indices = new Uint32Array(count * 3);
  let o = 0;
  for (let t = 0; t < materials.length; t++) {
    if (materials[t] !== material) continue;
    indices[o++] = world.indices[t * 3];
    indices[o++] = world.indices[t * 3 + 1];
    indices[o++] = world.indices[t * 3 + 2];
  }
  return { ...world, indices, groups: [{ start: 0, count, material: 0 }], quads: undefined };
}

async function bakeMaterial(world: Mesh, source: Material, options: ShadedOptions): Promise<RasterImage> {
  const base = source.baseColorTexture ? await textureImage(source.baseColorTexture) : undefined;
  const sample = base ? sampler(base) : undefined;
  const size = base ? Math.max(base.width, base.height) : (options.textureSize ?? 1024);
  const [fr, fg, fb, fa] = source.baseColor;
  const translucent = fa < 1 || (base !== undefined && (base.channels === 2 || base.channels === 4));
  const uvs = world.uvs!;
  const indices = world.indices;
  const colour = new Float32Array(4);
  return bakeTexture(world, {
    size,
    channels: translucent ? 4 : 3,
    padding: options.padding ?? 4,
    shade(out, _position, normal, triangle, bary) {
      if (sample) {
        const a = indices[triangle * 3] * 2, b = indices[triangle * 3 + 1] * 2, c = indices[triangle * 3 + 2] * 2;
        const u = bary[0] * uvs[a] + bary[1] * uvs[b] + bary[2] * uvs[c];
        const v = bary[0] * uvs[a + 1] + bary[1] * uvs[b + 1] + bary[2] * uvs[c + 1];
        sample(u, v, colour);
      } else colour.fill(1);
      const light = shadedLight(normal[0], normal[1], normal[2]);
      // The baker rounds out × 255; these are sRGB-encoded values.
      out[0] = toSrgb(colour[0] * fr * light);
      out[1] = toSrgb(colour[1] * fg * light);
      out[2] = toSrgb(colour[2] * fb * light);
      if (translucent) out[3] = colour[3] * fa;
    },
  });
}

/**
 * A scene with the same nodes and meshes whose materials are replaced by unlit ones carrying the baked
 * colour. Every mesh drawn with a material must have UVs (engines unwrap before exporting).
 */
export async function shadedScene(scene: Scene, options: ShadedOptions = {}): Promise<Scene> {
  const logger = options.logger ?? silentLogger;
  const missingUvs = (node: SceneNode): boolean =>
    Boolean(node.mesh && node.mesh.indices.length > 0 && !node.mesh.uvs) || node.children.some(missingUvs);
  if (scene.roots.some(missingUvs)) {
    throw new Error('The Shaded variant bakes into each mesh\'s UVs; unwrap meshes without UVs before exporting.');
  }
  const world = flattenScene(scene);
  const perTriangle = triangleMaterials(world);
  const used = new Set(perTriangle);
  const materials: Material[] = [];
  for (let index = 0; index < scene.materials.length; index++) {
    const source = scene.materials[index];
    const shaded: Material = {
      name: `${source.name}_shaded`,
      baseColor: [1, 1, 1, 1],
      metallic: 0,
      roughness: 1,
      unlit: true,
      doubleSided: source.doubleSided,
    };
    if (used.has(index)) {
      const started = Date.now();
      const image = await bakeMaterial(subMesh(world, perTriangle, index), source, options);
      shaded.baseColorTexture = { name: `${source.name}_shaded`, image };
      logger.debug({ material: source.name, size: image.width, ms: Date.now() - started }, 'shaded colour baked');
    }
    materials.push(shaded);
  }
  return { materials, roots: scene.roots };
}
