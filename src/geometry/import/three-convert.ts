/**
 * Converts what three.js loaders produce (an Object3D tree of meshes with BufferGeometry and
 * materials) into Kiln's Scene: nodes keep their names and local transforms, triangle soup becomes an
 * indexed mesh again, material groups map onto Scene.materials, UVs flip to v-down where the source
 * format is v-up, and captured textures become encoded bytes.
 */
import {
  DoubleSide,
  type BufferGeometry,
  type Material as ThreeMaterial,
  type Object3D,
  type Texture as ThreeTexture,
} from 'three';
import sharp from 'sharp';
import type { Material, MaterialGroup, Mesh, Scene, SceneNode, Texture } from '../mesh.ts';
import { decodeImage } from '../texture.ts';
import { dedupeVertices } from './dedupe.ts';
import { resolveTexture, textureSource, type ResolveContext, type TextureSource } from './three-shim.ts';

export interface ConvertOptions extends ResolveContext {
  /** The source stores v upwards (OBJ, FBX, USD): flip to glTF's v-down. */
  flipV: boolean;
  /** Replaces the default reading of a three material (OBJ uses its MTL data). */
  material?: (material: ThreeMaterial) => Promise<Material>;
}

export async function sceneFromThree(root: Object3D, options: ConvertOptions): Promise<Scene> {
  const materials: Material[] = [];
  const materialIndex = new Map<ThreeMaterial | null, number>();
  // USD and FBX build one three material per mesh even when meshes share a material: merge equal ones.
  const byContent = new Map<string, number>();
  const textures = new Map<string, Promise<Texture | undefined>>();
  const texture = (t: ThreeTexture | null | undefined): Promise<Texture | undefined> => {
    const source = textureSource(t);
    if (!source) return Promise.resolve(undefined);
    if (!textures.has(source.url)) textures.set(source.url, resolveTexture(source, options));
    return textures.get(source.url)!;
  };
  const indexOf = async (material: ThreeMaterial | null): Promise<number> => {
    const known = materialIndex.get(material);
    if (known !== undefined) return known;
    const converted = !material
      ? { name: 'default', baseColor: [0.8, 0.8, 0.8, 1] as Material['baseColor'], metallic: 0, roughness: 0.6 }
      : options.material
        ? await options.material(material)
        : await readMaterial(material, texture, options);
    const key = material ? contentKey(material) : 'default';
    let index = byContent.get(key);
    if (index === undefined) {
      materials.push(converted);
      index = materials.length - 1;
      byContent.set(key, index);
    }
    materialIndex.set(material, index);
    return index;
  };

  let unnamed = 0;
  if (!root.name) root.name = 'root';
  const convertNode = async (object: Object3D): Promise<SceneNode> => {
    const node: SceneNode = {
      name: object.name || `${object.type.toLowerCase()}_${++unnamed}`,
      translation: [object.position.x, object.position.y, object.position.z],
      rotation: [object.quaternion.x, object.quaternion.y, object.quaternion.z, object.quaternion.w],
      scale: [object.scale.x, object.scale.y, object.scale.z],
      children: [],
    };
    const asMesh = object as Object3D & {
      isMesh?: boolean;
      geometry?: BufferGeometry;
      material?: ThreeMaterial | ThreeMaterial[];
    };
    if (asMesh.isMesh && asMesh.geometry) {
      const list = Array.isArray(asMesh.material) ? asMesh.material : [asMesh.material ?? null];
      const slots: number[] = [];
      for (const m of list) slots.push(await indexOf(m));
      node.mesh = meshFromGeometry(asMesh.geometry, slots, options.flipV);
    }
    for (const child of object.children) node.children.push(await convertNode(child));
    return node;
  };
  const top = await convertNode(root);
  return { materials, roots: [top] };
}

function contentKey(material: ThreeMaterial): string {
  const m = material as ThreeMaterial & Record<string, any>;
  const maps = ['map', 'normalMap', 'metalnessMap', 'roughnessMap'].map((k) => textureSource(m[k])?.url ?? '');
  return JSON.stringify([
    m.name,
    m.type,
    m.color?.getHex?.(),
    m.metalness,
    m.roughness,
    m.shininess,
    m.opacity,
    m.side,
    maps,
  ]);
}

/** A three BufferGeometry as an indexed Mesh; `slots` maps three material indices to Scene materials. */
export function meshFromGeometry(geometry: BufferGeometry, slots: number[], flipV: boolean): Mesh | undefined {
  const position = geometry.getAttribute('position');
  if (!position || position.count === 0) return undefined;
  const positions = readAttribute(position, 3);
  const normalAttr = geometry.getAttribute('normal');
  const uvAttr = geometry.getAttribute('uv');
  const normals = normalAttr && normalAttr.count === position.count ? readAttribute(normalAttr, 3) : undefined;
  const uvs = uvAttr && uvAttr.count === position.count ? readAttribute(uvAttr, 2) : undefined;
  if (uvs && flipV) for (let i = 1; i < uvs.length; i += 2) uvs[i] = 1 - uvs[i];

  let indexed: { positions: Float32Array; normals?: Float32Array; uvs?: Float32Array; indices: Uint32Array };
  if (geometry.index) {
    indexed = { positions, normals, uvs, indices: Uint32Array.from(geometry.index.array as ArrayLike<number>) };
  } else {
    indexed = dedupeVertices({ positions, normals, uvs });
  }
  const cornerCount = indexed.indices.length - (indexed.indices.length % 3);
  const { indices, groups } = orderGroups(indexed.indices.subarray(0, cornerCount), geometry.groups, slots);
  if (indices.length === 0) return undefined;
  return { positions: indexed.positions, normals: indexed.normals, uvs: indexed.uvs, indices, groups };
}

/**
 * three's groups may leave gaps, overlap or come out of order; Kiln's must tile the triangles in
 * order. Triangles are copied group by group; ones outside every group use the first material.
 */
function orderGroups(
  indices: Uint32Array,
  threeGroups: { start: number; count: number; materialIndex?: number }[],
  slots: number[],
): { indices: Uint32Array; groups: MaterialGroup[] } {
  const triangles = indices.length / 3;
  const fallback = slots[0] ?? 0;
  if (threeGroups.length === 0) return { indices, groups: [{ start: 0, count: triangles, material: fallback }] };
  const owner = new Int32Array(triangles).fill(-1);
  for (const g of threeGroups) {
    const from = Math.max(0, Math.floor(g.start / 3));
    const to = Math.min(triangles, Math.floor((g.start + (Number.isFinite(g.count) ? g.count : indices.length)) / 3));
    const material = slots[g.materialIndex ?? 0] ?? fallback;
    for (let t = from; t < to; t++) if (owner[t] === -1) owner[t] = material;
  }
  for (let t = 0; t < triangles; t++) if (owner[t] === -1) owner[t] = fallback;
  const order = [...new Set(owner)];
  const out = new Uint32Array(indices.length);
  const groups: MaterialGroup[] = [];
  let written = 0;
  for (const material of order) {
    const start = written;
    for (let t = 0; t < triangles; t++) {
      if (owner[t] !== material) continue;
      out.set(indices.subarray(t * 3, t * 3 + 3), written * 3);
      written++;
    }
    groups.push({ start, count: written - start, material });
  }
  return { indices: out, groups };
}

function readAttribute(
  attribute: {
    count: number;
    itemSize: number;
    getComponent(i: number, k: number): number;
    array: ArrayLike<number>;
    isInterleavedBufferAttribute?: boolean;
    normalized?: boolean;
  },
  size: number,
): Float32Array {
  const out = new Float32Array(attribute.count * size);
  if (
    !attribute.isInterleavedBufferAttribute &&
    attribute.itemSize === size &&
    attribute.array instanceof Float32Array
  ) {
    out.set(attribute.array.subarray(0, out.length));
    return out;
  }
  for (let i = 0; i < attribute.count; i++) {
    for (let k = 0; k < size; k++) out[i * size + k] = k < attribute.itemSize ? attribute.getComponent(i, k) : 0;
  }
  return out;
}

type TextureOf = (t: ThreeTexture | null | undefined) => Promise<Texture | undefined>;

async function readMaterial(material: ThreeMaterial, texture: TextureOf, options: ConvertOptions): Promise<Material> {
  const m = material as ThreeMaterial & Record<string, any>;
  const color = m.color ? [m.color.r, m.color.g, m.color.b] : [1, 1, 1];
  const roughness =
    typeof m.roughness === 'number'
      ? m.roughness
      : typeof m.shininess === 'number'
        ? roughnessFromShininess(m.shininess)
        : 0.6;
  const out: Material = {
    name: material.name || 'material',
    baseColor: [color[0], color[1], color[2], typeof m.opacity === 'number' ? m.opacity : 1],
    metallic: typeof m.metalness === 'number' ? m.metalness : 0,
    roughness,
  };
  if (m.side === DoubleSide) out.doubleSided = true;
  if (m.isMeshBasicMaterial) out.unlit = true;
  const base = await texture(m.map);
  if (base) out.baseColorTexture = base;
  const normal = await texture(m.normalMap);
  if (normal) out.normalTexture = normal;
  const metalSource = textureSource(m.metalnessMap);
  const roughSource = textureSource(m.roughnessMap);
  if (metalSource || roughSource) {
    const packed = await packMetallicRoughness(
      metalSource,
      roughSource,
      texture,
      m.metalnessMap,
      m.roughnessMap,
      options,
    );
    if (packed) {
      out.metallicRoughnessTexture = packed;
      // glTF multiplies map and factor: a map is only meaningful with full factors.
      if (metalSource) out.metallic = 1;
      if (roughSource) out.roughness = 1;
    }
  }
  return out;
}

/** Blinn-Phong exponent to a perceptual roughness of similar highlight width. */
export function roughnessFromShininess(shininess: number): number {
  return Math.min(1, Math.max(0.04, Math.sqrt(2 / (Math.max(0, shininess) + 2))));
}

/** Separate metalness and roughness maps packed the glTF way (G = roughness, B = metallic). */
async function packMetallicRoughness(
  metalSource: TextureSource | undefined,
  roughSource: TextureSource | undefined,
  texture: TextureOf,
  metalMap: ThreeTexture | undefined,
  roughMap: ThreeTexture | undefined,
  options: ConvertOptions,
): Promise<Texture | undefined> {
  if (metalSource && roughSource && metalSource.url === roughSource.url) return texture(metalMap);
  const [metal, rough] = await Promise.all([
    texture(metalSource ? metalMap : undefined),
    texture(roughSource ? roughMap : undefined),
  ]);
  if (!metal && !rough) return undefined;
  try {
    const images = await Promise.all(
      [metal, rough].map((t) => (t?.encoded ? decodeImage(t.encoded.bytes) : undefined)),
    );
    const width = Math.max(...images.map((i) => i?.width ?? 0));
    const height = Math.max(...images.map((i) => i?.height ?? 0));
    const channel = async (image: (typeof images)[number], fallback: number, prefer: number): Promise<Uint8Array> => {
      if (!image) return new Uint8Array(width * height).fill(fallback);
      const pick = image.channels >= 3 ? prefer : 0;
      const plane = new Uint8Array(image.width * image.height);
      for (let i = 0; i < plane.length; i++) plane[i] = image.data[i * image.channels + pick];
      if (image.width === width && image.height === height) return plane;
      const resized = await sharp(plane, { raw: { width: image.width, height: image.height, channels: 1 } })
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer();
      return new Uint8Array(resized);
    };
    const [m, r] = await Promise.all([channel(images[0], 255, 2), channel(images[1], 255, 1)]);
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) {
      rgb[i * 3] = 255;
      rgb[i * 3 + 1] = r[i];
      rgb[i * 3 + 2] = m[i];
    }
    const png = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    return { name: 'metallic_roughness', encoded: { bytes: new Uint8Array(png), mimeType: 'image/png' } };
  } catch {
    options.logger.info(`${options.label}: metallic/roughness maps could not be decoded; skipped`);
    return undefined;
  }
}
