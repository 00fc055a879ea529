/**
 * The Shaded material variant: each material's base colour with a fixed, soft lighting baked in, drawn
 * unlit. Lighting is evaluated in world space (so every piece of a scene is lit from the same side)
 * with the ops texel-space baker over the mesh's own UVs: for every texel, base colour (texture ×
 * factor, in linear light) × (hemisphere ambient + wrapped key light along the interpolated normal).
 */
import type { Logger } from '../../logger.ts';
import { silentLogger } from '../../logger.ts';
import type { Material, Mesh, RasterImage, Scene, SceneNode } from '../mesh.ts';
import { defaultMaterial } from '../mesh.ts';
import { bakeTexture, flattenScene, generateUvAtlas, triangleMaterials } from '../ops/index.ts';
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

async function bakeMaterial(world: Mesh, source: Material, sampleMap: boolean, options: ShadedOptions): Promise<RasterImage> {
  const base = source.baseColorTexture && sampleMap ? await textureImage(source.baseColorTexture) : undefined;
  const sample = base ? sampler(base) : undefined;
  const size = base ? Math.max(base.width, base.height) : (options.textureSize ?? 1024);
  const [fr, fg, fb] = source.baseColor;
  // The map keeps the source map's alpha; the factor's alpha stays a factor (see shadedScene).
  const translucent = base !== undefined && (base.channels === 2 || base.channels === 4);
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
      if (translucent) out[3] = colour[3];
    },
  });
}

/** One baked texture: a source material over either the scene's own UVs or one unwrapped mesh. */
interface BakeUnit {
  source: Material;
  /** False for meshes unwrapped here: their fresh UVs do not address the source's colour map. */
  sampleMap: boolean;
  name: string;
}

/**
 * A scene with the same nodes whose materials are unlit ones carrying the baked colour. Meshes with UVs
 * bake into one texture per material, shared across nodes like the source's maps; a mesh without UVs
 * is given its own atlas (ops generateUvAtlas) and its own baked material, so atlases never overlap.
 */
export async function shadedScene(scene: Scene, options: ShadedOptions = {}): Promise<Scene> {
  const logger = options.logger ?? silentLogger;
  const units: BakeUnit[] = [];
  const unitIndex = new Map<string, number>();
  const unitFor = (key: string, make: () => BakeUnit): number => {
    let index = unitIndex.get(key);
    if (index === undefined) {
      index = units.push(make()) - 1;
      unitIndex.set(key, index);
    }
    return index;
  };
  let unwrapped = 0;
  const mapNode = (node: SceneNode): SceneNode => {
    let mesh = node.mesh;
    if (mesh && mesh.indices.length > 0) {
      const own = !mesh.uvs;
      const atlas = own ? unwrapped++ : -1;
      if (own) mesh = generateUvAtlas(mesh, { textureSize: options.textureSize ?? 1024, padding: options.padding ?? 4 });
      const groups = mesh.groups.map((group) => {
        const source = scene.materials[group.material] ?? defaultMaterial();
        const key = own ? `own:${atlas}:${group.material}` : `shared:${group.material}`;
        const name = own ? `${source.name}_${node.name}_shaded` : `${source.name}_shaded`;
        return { ...group, material: unitFor(key, () => ({ source, sampleMap: !own, name })) };
      });
      mesh = { ...mesh, groups };
    }
    return { ...node, mesh, children: node.children.map(mapNode) };
  };
  const roots = scene.roots.map(mapNode);
  const shadedSceneOut: Scene = { materials: [], roots };
  const world = flattenScene(shadedSceneOut);
  const perTriangle = triangleMaterials(world);
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    const started = Date.now();
    const image = await bakeMaterial(subMesh(world, perTriangle, index), unit.source, unit.sampleMap, options);
    shadedSceneOut.materials.push({
      name: unit.name,
      baseColor: [1, 1, 1, unit.source.baseColor[3]],
      metallic: 0,
      roughness: 1,
      unlit: true,
      doubleSided: unit.source.doubleSided,
      baseColorTexture: { name: unit.name, image },
    });
    logger.debug({ material: unit.name, size: image.width, ms: Date.now() - started }, 'shaded colour baked');
  }
  if (unwrapped > 0) logger.info({ meshes: unwrapped }, 'meshes without UVs were unwrapped for the Shaded bake');
  return shadedSceneOut;
}
