/**
 * GLB writer (glTF 2.0 via @gltf-transform/core): PBR metallic-roughness materials, KHR_materials_unlit
 * for unlit (Shaded) ones, one glTF node per scene node with its name and TRS, one primitive per
 * material group. Vertex data goes in as the mesh's own typed arrays (shared by a mesh's primitives),
 * so a 10M-face mesh costs its arrays plus the one output buffer, never per-vertex objects.
 */
import {
  Document,
  Format,
  NodeIO,
  type Material as GltfMaterial,
  type Mesh as GltfMesh,
  type Node as GltfNode,
  type Texture as GltfTexture,
} from '@gltf-transform/core';
import { KHRMaterialsUnlit } from '@gltf-transform/extensions';
import type { Logger } from '../../logger.ts';
import { silentLogger } from '../../logger.ts';
import type { Material, Mesh, Scene, SceneNode, Texture } from '../mesh.ts';
import { coveringGroups } from './polygons.ts';
import { encodePortableTextures, portableTextureBytes } from './textures.ts';
import { unitQuaternion } from '../transform.ts';
import type { Rig } from '../rig.ts';
import { attachRig } from './rig-gltf.ts';

export interface GlbOptions {
  logger?: Logger;
  /** `asset.generator` in the file. Default `Kiln`. */
  generator?: string;
  /** A skeleton, skin and clips for the mesh of the scene's first root node (rig-gltf.ts). */
  rig?: Rig;
  /**
   * Vertex data put in place after gltf-transform has laid out the file (default true, see
   * `withVertexData`); false hands every array to gltf-transform, which tests compare against.
   */
  vertexStandIns?: boolean;
}

/** Unit normals as glTF requires; returns the input when it already complies. Zero normals become +Y. */
export function unitNormals(normals: Float32Array): Float32Array {
  let compliant = true;
  for (let i = 0; i < normals.length && compliant; i += 3) {
    const l = normals[i] * normals[i] + normals[i + 1] * normals[i + 1] + normals[i + 2] * normals[i + 2];
    if (!(Math.abs(l - 1) < 1e-4)) compliant = false;
  }
  if (compliant) return normals;
  const out = new Float32Array(normals.length);
  for (let i = 0; i < normals.length; i += 3) {
    const x = normals[i],
      y = normals[i + 1],
      z = normals[i + 2];
    const l = Math.hypot(x, y, z);
    if (l > 1e-20 && Number.isFinite(l)) {
      out[i] = x / l;
      out[i + 1] = y / l;
      out[i + 2] = z / l;
    } else out[i + 1] = 1;
  }
  return out;
}

class GlbBuilder {
  readonly doc = new Document();
  private readonly buffer = this.doc.createBuffer();
  private readonly unlit = this.doc.createExtension(KHRMaterialsUnlit);
  private readonly textures = new Map<Texture, GltfTexture>();
  private readonly materials: (GltfMaterial | undefined)[] = [];
  /** One glTF mesh per Kiln mesh: nodes that share a mesh (instances) share its data in the file too. */
  private readonly meshes = new Map<Mesh, GltfMesh | undefined>();
  private usedUnlit = false;
  /** Per glTF mesh in creation order (the file's order): its real vertex arrays when stand-ins were used. */
  readonly vertexData: (VertexAttributes | undefined)[] = [];
  standInsUnreachable = false;

  constructor(private readonly vertexStandIns: boolean) {}

  async addMaterials(materials: Material[]): Promise<void> {
    await encodePortableTextures(materials);
    for (const material of materials) this.materials.push(await this.material(material));
  }

  private async texture(texture: Texture): Promise<GltfTexture> {
    let out = this.textures.get(texture);
    if (!out) {
      const { bytes, mimeType } = await portableTextureBytes(texture);
      out = this.doc
        .createTexture(texture.name ?? '')
        .setImage(bytes)
        .setMimeType(mimeType);
      this.textures.set(texture, out);
    }
    return out;
  }

  private async material(source: Material): Promise<GltfMaterial> {
    const m = this.doc
      .createMaterial(source.name)
      .setBaseColorFactor([...source.baseColor])
      .setMetallicFactor(clamp01(source.metallic))
      .setRoughnessFactor(clamp01(source.roughness))
      .setDoubleSided(source.doubleSided ?? false);
    if (source.baseColor[3] < 1) m.setAlphaMode('BLEND');
    if (source.baseColorTexture) m.setBaseColorTexture(await this.texture(source.baseColorTexture));
    if (source.unlit) {
      m.setExtension('KHR_materials_unlit', this.unlit.createUnlit());
      this.usedUnlit = true;
      return m;
    }
    if (source.metallicRoughnessTexture)
      m.setMetallicRoughnessTexture(await this.texture(source.metallicRoughnessTexture));
    if (source.normalTexture) m.setNormalTexture(await this.texture(source.normalTexture));
    return m;
  }

  private mesh(source: Mesh, name: string): GltfMesh | undefined {
    const doc = this.doc;
    const vertexCount = source.positions.length / 3;
    const attributes: VertexAttributes = { POSITION: source.positions };
    if (source.normals) attributes.NORMAL = unitNormals(source.normals);
    if (source.uvs) attributes.TEXCOORD_0 = source.uvs;
    const standIn = this.vertexStandIns && vertexCount > 0;
    this.vertexData.push(standIn ? attributes : undefined);
    // gltf-transform interleaves vertex data one component at a time through its property graph (about
    // 1 s per 6M-face mesh): it gets a one-vertex stand-in of each array, and `writeGlb` puts the real
    // data in the layout gltf-transform chose (same bytes, see `withVertexData`).
    const accessorOf = (array: Float32Array, type: 'VEC2' | 'VEC3') =>
      doc
        .createAccessor()
        .setType(type)
        .setArray(standIn ? array.slice(0, type === 'VEC3' ? 3 : 2) : array)
        .setBuffer(this.buffer);
    const position = accessorOf(attributes.POSITION, 'VEC3');
    const normal = attributes.NORMAL ? accessorOf(attributes.NORMAL, 'VEC3') : undefined;
    const uv = attributes.TEXCOORD_0 ? accessorOf(attributes.TEXCOORD_0, 'VEC2') : undefined;
    const mesh = doc.createMesh(name);
    for (const group of coveringGroups(source)) {
      const start = group.start;
      const end = group.start + group.count;
      const range = source.indices.subarray(start * 3, end * 3);
      // Small meshes get 16-bit indices (half the size); large ones keep the mesh's own Uint32Array view.
      const indices = vertexCount <= 0xffff ? Uint16Array.from(range) : range;
      const primitive = doc
        .createPrimitive()
        .setAttribute('POSITION', position)
        .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(this.buffer));
      if (normal) primitive.setAttribute('NORMAL', normal);
      if (uv) primitive.setAttribute('TEXCOORD_0', uv);
      const material = this.materials[group.material];
      if (material) primitive.setMaterial(material);
      mesh.addPrimitive(primitive);
    }
    // Its accessors still go into the file, where no primitive would lead to them: write it plainly.
    if (standIn && mesh.listPrimitives().length === 0) this.standInsUnreachable = true;
    return mesh.listPrimitives().length > 0 ? mesh : undefined;
  }

  node(source: SceneNode): GltfNode {
    const node = this.doc
      .createNode(source.name)
      .setTranslation([...source.translation])
      .setRotation(unitQuaternion(source.rotation))
      .setScale([...source.scale]);
    if (source.mesh && source.mesh.indices.length > 0) {
      if (!this.meshes.has(source.mesh)) this.meshes.set(source.mesh, this.mesh(source.mesh, source.name));
      const mesh = this.meshes.get(source.mesh);
      if (mesh) node.setMesh(mesh);
    }
    for (const child of source.children) node.addChild(this.node(child));
    return node;
  }

  finish(): void {
    if (!this.usedUnlit) this.unlit.dispose();
  }
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

export async function writeGlb(scene: Scene, options: GlbOptions = {}): Promise<Uint8Array> {
  const logger = options.logger ?? silentLogger;
  const fast = options.vertexStandIns === false ? undefined : await documentBytes(scene, options, true);
  const bytes = fast ?? (await documentBytes(scene, options, false));
  if (!bytes) throw new Error('The GLB writer produced no file.');
  logger.debug({ bytes: bytes.byteLength, vertexStandIns: fast !== undefined }, 'glb written');
  return bytes;
}

async function documentBytes(
  scene: Scene,
  options: GlbOptions,
  vertexStandIns: boolean,
): Promise<Uint8Array | undefined> {
  const builder = new GlbBuilder(vertexStandIns);
  builder.doc.getRoot().getAsset().generator = options.generator ?? 'Kiln';
  await builder.addMaterials(scene.materials);
  const gltfScene = builder.doc.createScene('Scene');
  if (scene.extras) gltfScene.setExtras(scene.extras);
  const roots = scene.roots.map((root) => builder.node(root));
  for (const root of roots) gltfScene.addChild(root);
  builder.doc.getRoot().setDefaultScene(gltfScene);
  if (options.rig) attachRig(builder.doc, roots[0], options.rig);
  builder.finish();
  const io = new NodeIO().registerExtensions([KHRMaterialsUnlit]);
  const { json, resources } = await io.writeJSON(builder.doc, { format: Format.GLB });
  const bin = Object.values(resources)[0];
  if (!vertexStandIns || !builder.vertexData.some(Boolean)) return glbContainer(json, bin);
  if (builder.standInsUnreachable || !LITTLE_ENDIAN) return undefined;
  return withVertexData(json as unknown as GltfJson, bin, builder.vertexData);
}

const pad4 = (n: number): number => Math.ceil(n / 4) * 4;

/** Typed arrays use the platform's byte order; glTF's is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

type VertexAttributes = { POSITION: Float32Array; NORMAL?: Float32Array; TEXCOORD_0?: Float32Array };

interface GltfJson {
  accessors?: { bufferView?: number; byteOffset?: number; count: number; min?: number[]; max?: number[] }[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number }[];
  buffers?: { byteLength: number; uri?: string }[];
  images?: { bufferView?: number }[];
  meshes?: { primitives: { attributes: Record<string, number> }[] }[];
}

/** Per component, the least and greatest finite value, as gltf-transform's `getMin`/`getMax` give them. */
function extremes(array: Float32Array, size: number): { min: number[]; max: number[] } {
  const min = new Array<number>(size).fill(Infinity);
  const max = new Array<number>(size).fill(-Infinity);
  for (let i = 0; i < array.length; i += size)
    for (let j = 0; j < size; j++) {
      const value = array[i + j];
      if (Number.isFinite(value)) {
        min[j] = Math.min(min[j], value);
        max[j] = Math.max(max[j], value);
      }
    }
  return { min: min.map(Math.fround), max: max.map(Math.fround) };
}

/**
 * The GLB of a document written with one-vertex stand-ins, with the real vertex data put back: the
 * counts and POSITION bounds in the JSON, each interleaved view at its real length, every view after
 * it moved along by gltf-transform's own rule (views back to back, each image followed by zeros up to a
 * multiple of 8), the other views' bytes copied. The rule is first checked against the stand-in
 * layout; a document it does not describe (or unexpected vertex data) returns undefined, and the caller
 * writes it the plain way. Same bytes as gltf-transform writing the real arrays.
 */
function withVertexData(
  json: GltfJson,
  bin: Uint8Array | undefined,
  vertexData: readonly (VertexAttributes | undefined)[],
): Uint8Array | undefined {
  const views = json.bufferViews ?? [];
  const accessors = json.accessors ?? [];
  if (!bin || json.buffers?.length !== 1 || json.meshes?.length !== vertexData.length) return undefined;
  // Interleaved views holding stand-ins: their accessors' real arrays and element sizes.
  const filled = new Map<number, { count: number; members: { array: Float32Array; size: number; at: number }[] }>();
  for (let m = 0; m < vertexData.length; m++) {
    const data = vertexData[m];
    if (!data) continue;
    const count = data.POSITION.length / 3;
    const done = new Set<number>();
    for (const primitive of json.meshes[m]!.primitives)
      for (const [key, index] of Object.entries(primitive.attributes)) {
        const array = data[key as keyof VertexAttributes];
        const size = key === 'TEXCOORD_0' ? 2 : 3;
        const accessor = accessors[index];
        if (!array || array.length !== count * size || accessor?.bufferView === undefined) return undefined;
        if (done.has(index)) continue;
        done.add(index);
        let view = filled.get(accessor.bufferView);
        if (!view) filled.set(accessor.bufferView, (view = { count, members: [] }));
        if (view.count !== count || accessor.count !== 1) return undefined;
        view.members.push({ array, size, at: accessor.byteOffset ?? 0 });
        accessor.count = count;
        if (key === 'POSITION') Object.assign(accessor, extremes(array, 3));
      }
  }
  const imageViews = new Set((json.images ?? []).map((image) => image.bufferView));
  const order = views.map((_, i) => i).sort((a, b) => (views[a].byteOffset ?? 0) - (views[b].byteOffset ?? 0));
  const moved = new Array<number>(views.length);
  let written = 0;
  let real = 0;
  for (const i of order) {
    const view = views[i];
    const stride = view.byteStride ?? 0;
    const interleaved = filled.get(i);
    if (view.buffer !== 0 || (view.byteOffset ?? 0) !== written) return undefined;
    if (interleaved && (stride === 0 || view.byteLength !== stride)) return undefined;
    if (interleaved && real % 4) return undefined; // written below as floats in place
    moved[i] = real;
    written += view.byteLength;
    real += interleaved ? interleaved.count * stride : view.byteLength;
    if (imageViews.has(i)) {
      if (written % 8) written += 8 - (written % 8);
      if (real % 8) real += 8 - (real % 8);
    }
  }
  if (written !== json.buffers[0].byteLength || written > bin.byteLength) return undefined;
  json.buffers[0].byteLength = real;
  const placed = views.map((view, i) => ({ from: view.byteOffset ?? 0, length: view.byteLength, to: moved[i] }));
  for (const [i, { count }] of filled) views[i].byteLength = count * (views[i].byteStride ?? 0);
  views.forEach((view, i) => {
    view.byteOffset = moved[i];
  });
  const file = glbContainer(json, undefined, real);
  const start = file.byteLength - pad4(real);
  for (let i = 0; i < views.length; i++) {
    const interleaved = filled.get(i);
    const { from, length, to } = placed[i];
    if (!interleaved) {
      file.set(bin.subarray(from, from + length), start + to);
      continue;
    }
    // Float32 components vertex after vertex (little-endian: checked before).
    const stride = views[i].byteStride! / 4;
    const target = new Float32Array(file.buffer, file.byteOffset + start + to, interleaved.count * stride);
    for (const { array, size, at } of interleaved.members) {
      const offset = at / 4;
      for (let v = 0, o = offset; v < interleaved.count; v++, o += stride)
        for (let j = 0; j < size; j++) target[o + j] = array[v * size + j];
    }
  }
  return file;
}

/**
 * The GLB container around the JSON and the binary buffer, byte for byte what gltf-transform's
 * `writeBinary` makes (JSON padded with spaces, the buffer with zeros, little-endian headers) but
 * written once into one array: `writeBinary` copies the whole binary three more times (chunk, padding,
 * file), which at a 6M-face high-poly mesh or beside 12K maps was most of the export's time. Without
 * `bin`, a binary chunk of `reserved` zero bytes is left for the caller to fill in place.
 */
function glbContainer(json: object, bin: Uint8Array | undefined, reserved = 0): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(text.byteLength);
  const binLength = pad4(bin ? bin.byteLength : reserved);
  const total = 12 + 8 + jsonLength + (binLength > 0 ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  if (binLength > 0) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true); // 'BIN\0'
    if (bin) out.set(bin, at + 8); // the padding stays zero; `reserved` bytes are the caller's to fill
  }
  return out;
}
