/**
 * glb and self-contained gltf through glTF-Transform with all Khronos extensions, including Draco
 * (draco3dgltf) and meshopt (meshoptimizer) compressed geometry. The decoders load once, lazily.
 */
import {
  NodeIO,
  type Accessor,
  type Document,
  type Material as GltfMaterial,
  type Mesh as GltfMesh,
  type Node,
  type Texture as GltfTexture,
} from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRONOS_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import draco3d from 'draco3dgltf';
import { GeometryInputError } from '../errors.ts';
import type { Material, MaterialGroup, Mesh, Scene, SceneNode, Texture } from '../mesh.ts';
import type { Logger } from '../../logger.ts';
import { checkGltfJson, parseJson, readGlbHeader } from './gltf-check.ts';
import type { ImportLimits } from './limits.ts';
import { encodedTexture } from './three-shim.ts';

export interface GltfContext {
  limits: ImportLimits;
  logger: Logger;
}

let io: Promise<NodeIO> | undefined;

function getIo(): Promise<NodeIO> {
  io ??= Promise.all([MeshoptDecoder.ready, draco3d.createDecoderModule()]).then(([, dracoDecoder]) =>
    new NodeIO()
      // EXT_meshopt_compression is not a KHR extension, so KHRONOS_EXTENSIONS leaves it out.
      .registerExtensions([...KHRONOS_EXTENSIONS, EXTMeshoptCompression])
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'draco3d.decoder': dracoDecoder }),
  );
  return io;
}

export async function importGltf(bytes: Uint8Array, binary: boolean, ctx: GltfContext): Promise<Scene> {
  const label = binary ? 'glb' : 'gltf';
  const json = binary ? readGlbHeader(bytes).json : parseJson(new TextDecoder().decode(bytes), label);
  checkGltfJson(json, binary ? readGlbHeader(bytes).binLength : 0, ctx.limits, label);
  const reader = await getIo();
  let document: Document;
  try {
    document = binary ? await reader.readBinary(bytes) : await reader.readJSON({ json, resources: {} });
  } catch (error) {
    ctx.logger.debug({ err: error }, 'glTF read failed');
    throw new GeometryInputError(
      'malformed',
      `The ${label} file could not be read as glTF 2.0 (it may be truncated or corrupt). Export it again.`,
    );
  }
  return sceneFromDocument(document, label, ctx);
}

async function sceneFromDocument(document: Document, label: string, ctx: GltfContext): Promise<Scene> {
  const root = document.getRoot();
  const materials: Material[] = [];
  const materialIndex = new Map<GltfMaterial | null, number>();
  const textures = new Map<GltfTexture, Promise<Texture | undefined>>();
  const texture = (t: GltfTexture | null): Promise<Texture | undefined> => {
    if (!t) return Promise.resolve(undefined);
    if (!textures.has(t)) textures.set(t, readTexture(t, label, ctx));
    return textures.get(t)!;
  };
  const indexOf = async (material: GltfMaterial | null): Promise<number> => {
    let index = materialIndex.get(material);
    if (index === undefined) {
      materials.push(await readMaterial(material, texture));
      index = materials.length - 1;
      materialIndex.set(material, index);
    }
    return index;
  };
  const meshes = new Map<GltfMesh, Mesh | undefined>();
  const convert = async (node: Node): Promise<SceneNode> => {
    const gltfMesh = node.getMesh();
    if (gltfMesh && !meshes.has(gltfMesh)) meshes.set(gltfMesh, await readMesh(gltfMesh, indexOf));
    const children: SceneNode[] = [];
    for (const child of node.listChildren()) children.push(await convert(child));
    return {
      name: node.getName() || gltfMesh?.getName() || 'node',
      translation: [...node.getTranslation()] as SceneNode['translation'],
      rotation: [...node.getRotation()] as SceneNode['rotation'],
      scale: [...node.getScale()] as SceneNode['scale'],
      mesh: gltfMesh ? meshes.get(gltfMesh) : undefined,
      children,
    };
  };
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const tops = scene ? scene.listChildren() : root.listNodes().filter((n) => !n.getParentNode());
  const roots: SceneNode[] = [];
  for (const node of tops) roots.push(await convert(node));
  return { materials, roots };
}

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

async function readMesh(
  mesh: GltfMesh,
  materialOf: (m: GltfMaterial | null) => Promise<number>,
): Promise<Mesh | undefined> {
  const parts: Part[] = [];
  for (const primitive of mesh.listPrimitives()) {
    const mode = primitive.getMode();
    const position = primitive.getAttribute('POSITION');
    if (!position || ![TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN].includes(mode)) continue;
    const vertexCount = position.getCount();
    const indexAccessor = primitive.getIndices();
    const raw = indexAccessor ? Uint32Array.from(indexAccessor.getArray() as ArrayLike<number>) : sequence(vertexCount);
    const indices =
      mode === TRIANGLES
        ? raw.subarray(0, raw.length - (raw.length % 3))
        : mode === TRIANGLE_STRIP
          ? fromStrip(raw)
          : fromFan(raw);
    for (let i = 0; i < indices.length; i++) {
      if (indices[i] >= vertexCount) {
        throw new GeometryInputError(
          'malformed',
          `Mesh "${mesh.getName()}" refers to vertices that do not exist; export it again.`,
        );
      }
    }
    const normal = primitive.getAttribute('NORMAL');
    const uv = primitive.getAttribute('TEXCOORD_0');
    parts.push(
      compact({
        positions: readFloats(position, 3),
        normals: normal && normal.getCount() === vertexCount ? readFloats(normal, 3) : undefined,
        uvs: uv && uv.getCount() === vertexCount ? readFloats(uv, 2) : undefined,
        indices,
        material: await materialOf(primitive.getMaterial()),
      }),
    );
  }
  if (parts.length === 0) return undefined;
  // One Mesh per glTF mesh: primitives become material groups over concatenated vertices.
  const totalVertices = parts.reduce((n, p) => n + p.positions.length / 3, 0);
  const totalCorners = parts.reduce((n, p) => n + p.indices.length, 0);
  const withNormals = parts.every((p) => p.normals);
  const withUvs = parts.some((p) => p.uvs);
  const positions = new Float32Array(totalVertices * 3);
  const normals = withNormals ? new Float32Array(totalVertices * 3) : undefined;
  const uvs = withUvs ? new Float32Array(totalVertices * 2) : undefined;
  const indices = new Uint32Array(totalCorners);
  const groups: MaterialGroup[] = [];
  let vertexBase = 0;
  let corner = 0;
  for (const part of parts) {
    positions.set(part.positions, vertexBase * 3);
    if (normals) normals.set(part.normals!, vertexBase * 3);
    if (uvs && part.uvs) uvs.set(part.uvs, vertexBase * 2);
    for (let i = 0; i < part.indices.length; i++) indices[corner + i] = part.indices[i] + vertexBase;
    const start = corner / 3;
    const count = part.indices.length / 3;
    const last = groups[groups.length - 1];
    if (last && last.material === part.material) last.count += count;
    else if (count > 0) groups.push({ start, count, material: part.material });
    corner += part.indices.length;
    vertexBase += part.positions.length / 3;
  }
  return { positions, normals, uvs, indices, groups };
}

type Part = {
  positions: Float32Array;
  normals?: Float32Array;
  uvs?: Float32Array;
  indices: Uint32Array;
  material: number;
};

/** Drops vertices no triangle uses: writers often give every primitive the whole vertex buffer. */
function compact(part: Part): Part {
  const count = part.positions.length / 3;
  const remap = new Int32Array(count).fill(-1);
  let used = 0;
  for (const i of part.indices) if (remap[i] === -1) remap[i] = used++;
  if (used === count) return part;
  const pick = (source: Float32Array | undefined, size: number): Float32Array | undefined => {
    if (!source) return undefined;
    const out = new Float32Array(used * size);
    for (let v = 0; v < count; v++)
      if (remap[v] >= 0) out.set(source.subarray(v * size, v * size + size), remap[v] * size);
    return out;
  };
  return {
    positions: pick(part.positions, 3)!,
    normals: pick(part.normals, 3),
    uvs: pick(part.uvs, 2),
    indices: part.indices.map((i) => remap[i]),
    material: part.material,
  };
}

/** Float values of an accessor, de-quantised where the file stores normalised integers. */
function readFloats(accessor: Accessor, size: number): Float32Array {
  const array = accessor.getArray();
  const count = accessor.getCount();
  if (array instanceof Float32Array && accessor.getElementSize() === size)
    return Float32Array.from(array.subarray(0, count * size));
  const out = new Float32Array(count * size);
  const element: number[] = [];
  for (let i = 0; i < count; i++) {
    accessor.getElement(i, element);
    for (let k = 0; k < size; k++) out[i * size + k] = element[k] ?? 0;
  }
  return out;
}

function sequence(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

function fromStrip(strip: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.max(0, strip.length - 2) * 3);
  for (let i = 0; i + 2 < strip.length; i++) {
    const even = i % 2 === 0;
    out.set(even ? [strip[i], strip[i + 1], strip[i + 2]] : [strip[i + 1], strip[i], strip[i + 2]], i * 3);
  }
  return out;
}

function fromFan(fan: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.max(0, fan.length - 2) * 3);
  for (let i = 1; i + 1 < fan.length; i++) out.set([fan[0], fan[i], fan[i + 1]], (i - 1) * 3);
  return out;
}

async function readMaterial(
  material: GltfMaterial | null,
  texture: (t: GltfTexture | null) => Promise<Texture | undefined>,
): Promise<Material> {
  if (!material) return { name: 'default', baseColor: [1, 1, 1, 1], metallic: 1, roughness: 1 };
  const out: Material = {
    name: material.getName() || 'material',
    baseColor: [...material.getBaseColorFactor()] as Material['baseColor'],
    metallic: material.getMetallicFactor(),
    roughness: material.getRoughnessFactor(),
  };
  const base = await texture(material.getBaseColorTexture());
  if (base) out.baseColorTexture = base;
  const mr = await texture(material.getMetallicRoughnessTexture());
  if (mr) out.metallicRoughnessTexture = mr;
  const normal = await texture(material.getNormalTexture());
  if (normal) out.normalTexture = normal;
  if (material.getDoubleSided()) out.doubleSided = true;
  if (material.getExtension('KHR_materials_unlit')) out.unlit = true;
  return out;
}

async function readTexture(texture: GltfTexture, label: string, ctx: GltfContext): Promise<Texture | undefined> {
  const image = texture.getImage();
  if (!image) return undefined;
  const mime = texture.getMimeType();
  if (mime === 'image/ktx2') {
    ctx.logger.info({ texture: texture.getName() }, `${label}: KTX2 texture cannot be decoded; skipped`);
    return undefined;
  }
  return encodedTexture(image, texture.getName() || texture.getURI() || undefined, { logger: ctx.logger, label });
}
