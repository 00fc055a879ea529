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
    const position = doc.createAccessor().setType('VEC3').setArray(source.positions).setBuffer(this.buffer);
    const normal = source.normals
      ? doc.createAccessor().setType('VEC3').setArray(unitNormals(source.normals)).setBuffer(this.buffer)
      : undefined;
    const uv = source.uvs
      ? doc.createAccessor().setType('VEC2').setArray(source.uvs).setBuffer(this.buffer)
      : undefined;
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
  const builder = new GlbBuilder();
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
  const bytes = glbContainer(json, Object.values(resources)[0]);
  logger.debug({ bytes: bytes.byteLength }, 'glb written');
  return bytes;
}

const pad4 = (n: number): number => Math.ceil(n / 4) * 4;

/**
 * The GLB container around the JSON and the binary buffer, byte for byte what gltf-transform's
 * `writeBinary` makes (JSON padded with spaces, the buffer with zeros, little-endian headers) but
 * written once into one array: `writeBinary` copies the whole binary three more times (chunk, padding,
 * file), which at a 6M-face high-poly mesh or beside 12K maps was most of the export's time.
 */
function glbContainer(json: object, bin: Uint8Array | undefined): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(text.byteLength);
  const binLength = bin && bin.byteLength > 0 ? pad4(bin.byteLength) : 0;
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
  if (bin && binLength > 0) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true); // 'BIN\0'
    out.set(bin, at + 8); // the padding stays zero
  }
  return out;
}
