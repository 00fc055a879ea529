/**
 * The Shaded material variant: each material's base colour with a fixed, soft lighting baked in, drawn
 * unlit. Lighting is evaluated in world space (so every piece of a scene is lit from the same side)
 * with the ops texel-space baker over the mesh's own UVs: for every texel, base colour (texture ×
 * factor, in linear light) × (hemisphere ambient + wrapped key light along the interpolated normal).
 * Normal maps are not applied to the light (the bake uses the interpolated vertex normals).
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
/** Linear → sRGB byte through a table: a pow per channel per texel is too slow for 12K bakes. */
const LINEAR_TO_SRGB = Uint8Array.from({ length: LUT_SIZE + 1 }, (_, i) => linearToSrgbByte(i / LUT_SIZE));

function toSrgbByte(linear: number): number {
  return LINEAR_TO_SRGB[linear >= 1 ? LUT_SIZE : linear > 0 ? Math.round(linear * LUT_SIZE) : 0];
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

/** Light values are baked as bytes of light / LIGHT_RANGE; the brightest light is 1.06. */
const LIGHT_RANGE = 1.1;

/**
 * Two passes: the texel baker writes only the light (one byte per texel, the costly part), then one
 * tight loop multiplies it into the colour map texel by texel. The bake covers the colour map at its
 * own size, so texel (x, y) of the light is texel (x, y) of the map — no filtering needed.
 */
async function bakeMaterial(
  world: Mesh,
  source: Material,
  sampleMap: boolean,
  options: ShadedOptions,
): Promise<RasterImage> {
  const base = source.baseColorTexture && sampleMap ? await textureImage(source.baseColorTexture) : undefined;
  const size = base ? Math.max(base.width, base.height) : (options.textureSize ?? 1024);
  const light = bakeTexture(world, {
    size,
    channels: 1,
    padding: options.padding ?? 4,
    shade(out, _position, normal) {
      out[0] = shadedLight(normal[0], normal[1], normal[2]) / LIGHT_RANGE;
    },
  });
  const [fr, fg, fb] = source.baseColor;
  // The map keeps the source map's alpha; the factor's alpha stays a factor (see shadedScene).
  const translucent = base !== undefined && (base.channels === 2 || base.channels === 4);
  const channels = translucent ? 4 : 3;
  const data = new Uint8Array(size * size * channels);
  const lightScale = LIGHT_RANGE / 255;
  const factor = [fr, fg, fb];
  for (let y = 0; y < size; y++) {
    const by = base ? Math.min(base.height - 1, Math.floor((y * base.height) / size)) : 0;
    for (let x = 0; x < size; x++) {
      const texel = y * size + x;
      const l = light.data[texel] * lightScale;
      const o = texel * channels;
      if (!base) {
        for (let c = 0; c < 3; c++) data[o + c] = toSrgbByte(factor[c] * l);
        continue;
      }
      const bx = Math.min(base.width - 1, Math.floor((x * base.width) / size));
      const p = (by * base.width + bx) * base.channels;
      const grey = base.channels < 3;
      for (let c = 0; c < 3; c++)
        data[o + c] = toSrgbByte(SRGB_TO_LINEAR[base.data[p + (grey ? 0 : c)]] * factor[c] * l);
      if (translucent) data[o + 3] = base.data[p + base.channels - 1];
    }
  }
  return { width: size, height: size, channels, data };
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
      if (own)
        mesh = generateUvAtlas(mesh, { textureSize: options.textureSize ?? 1024, padding: options.padding ?? 4 });
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
  const shadedSceneOut: Scene = { materials: [], roots, extras: scene.extras };
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
