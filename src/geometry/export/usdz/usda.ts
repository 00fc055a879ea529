/**
 * The root layer of a USDZ as USDA text: one `Xform` per scene node (name made a valid identifier,
 * its TRS as translate/orient/scale ops), a `Mesh` child carrying points, polygons (real quads where
 * the mesh marks them), vertex normals and `primvars:st` (v flipped: USD's t grows upwards), and a
 * UsdPreviewSurface material per scene material whose textures live inside the package.
 */
import type { Material, Mesh, Scene, SceneNode, Texture } from '../../mesh.ts';
import { meshBounds } from '../../mesh.ts';
import { polygonsOf, usedMaterials } from '../polygons.ts';
import { num, TextChunks } from '../text-chunks.ts';
import { unitQuaternion } from '../../transform.ts';

export interface UsdaOptions {
  /** Path inside the package of each texture the materials use. */
  texturePath: (texture: Texture) => string;
  /** Default 1 (Kiln scenes are in metres, like glTF). */
  metersPerUnit?: number;
}

/** A valid USD prim name, unique among its siblings (`taken` is updated). */
export function primName(name: string, taken: Set<string>, fallback: string): string {
  let base = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (base.length === 0) base = fallback;
  if (/^[0-9]/.test(base)) base = `_${base}`;
  let candidate = base;
  for (let k = 2; taken.has(candidate); k++) candidate = `${base}_${k}`;
  taken.add(candidate);
  return candidate;
}

const OPEN = 40,
  CLOSE = 41;

const tuple = (values: ArrayLike<number>) => `(${Array.from(values, num).join(', ')})`;

class UsdaWriter {
  readonly text = new TextChunks();
  private readonly materialPaths = new Map<number, string>();

  constructor(
    private readonly scene: Scene,
    private readonly options: UsdaOptions,
  ) {}

  line(indent: number, text: string): void {
    this.text.push(`${'    '.repeat(indent)}${text}\n`);
  }

  write(): Uint8Array[] {
    this.text.push('#usda 1.0\n(\n    customLayerData = {\n        string creator = "Kiln"\n    }\n');
    this.text.push(`    defaultPrim = "Root"\n    metersPerUnit = ${num(this.options.metersPerUnit ?? 1)}\n`);
    this.text.push('    upAxis = "Y"\n)\n\n');
    this.line(0, 'def Xform "Root" (');
    this.line(1, 'kind = "component"');
    this.line(0, ')');
    this.line(0, '{');
    const taken = new Set<string>(['Materials']);
    if (this.scene.materials.length > 0) this.materials();
    for (const root of this.scene.roots) this.node(root, 1, '/Root', taken);
    this.line(0, '}');
    return this.text.parts();
  }

  private materials(): void {
    this.line(1, 'def Scope "Materials"');
    this.line(1, '{');
    const taken = new Set<string>();
    this.scene.materials.forEach((material, index) => {
      const name = primName(material.name, taken, `material_${index}`);
      const path = `/Root/Materials/${name}`;
      this.materialPaths.set(index, path);
      this.material(material, name, path);
    });
    this.line(1, '}');
  }

  private material(material: Material, name: string, path: string): void {
    const at = 2;
    this.line(at, `def Material "${name}"`);
    this.line(at, '{');
    this.line(at + 1, `token outputs:surface.connect = <${path}/Surface.outputs:surface>`);
    const textured = Boolean(material.baseColorTexture || material.metallicRoughnessTexture || material.normalTexture);
    // Surface
    this.line(at + 1, 'def Shader "Surface"');
    this.line(at + 1, '{');
    const s = at + 2;
    this.line(s, 'uniform token info:id = "UsdPreviewSurface"');
    const [r, g, b, a] = material.baseColor;
    const colour = material.baseColorTexture ? `.connect = <${path}/BaseColor.outputs:rgb>` : ` = ${tuple([r, g, b])}`;
    if (material.unlit) {
      // USD has no unlit model: the baked colour goes to emission, with no diffuse or specular response.
      this.line(s, 'color3f inputs:diffuseColor = (0, 0, 0)');
      this.line(s, `color3f inputs:emissiveColor${colour}`);
      this.line(s, 'int inputs:useSpecularWorkflow = 1');
      this.line(s, 'color3f inputs:specularColor = (0, 0, 0)');
      this.line(s, 'float inputs:roughness = 1');
    } else {
      this.line(s, `color3f inputs:diffuseColor${colour}`);
      this.line(s, 'int inputs:useSpecularWorkflow = 0');
      if (material.metallicRoughnessTexture) {
        this.line(s, `float inputs:metallic.connect = <${path}/MetallicRoughness.outputs:b>`);
        this.line(s, `float inputs:roughness.connect = <${path}/MetallicRoughness.outputs:g>`);
      } else {
        this.line(s, `float inputs:metallic = ${num(clamp01(material.metallic))}`);
        this.line(s, `float inputs:roughness = ${num(clamp01(material.roughness))}`);
      }
      if (material.normalTexture) this.line(s, `normal3f inputs:normal.connect = <${path}/Normal.outputs:rgb>`);
    }
    if (a < 1) this.line(s, `float inputs:opacity = ${num(a)}`);
    this.line(s, 'token outputs:surface');
    this.line(at + 1, '}');
    if (textured) {
      this.line(at + 1, 'def Shader "TexCoord"');
      this.line(at + 1, '{');
      this.line(s, 'uniform token info:id = "UsdPrimvarReader_float2"');
      this.line(s, 'string inputs:varname = "st"');
      this.line(s, 'float2 outputs:result');
      this.line(at + 1, '}');
    }
    if (material.baseColorTexture) {
      this.texture(at + 1, path, 'BaseColor', material.baseColorTexture, 'sRGB', [r, g, b, a], undefined, ['rgb']);
    }
    if (!material.unlit && material.metallicRoughnessTexture) {
      const scale = [1, clamp01(material.roughness), clamp01(material.metallic), 1];
      this.texture(at + 1, path, 'MetallicRoughness', material.metallicRoughnessTexture, 'raw', scale, undefined, [
        'g',
        'b',
      ]);
    }
    if (!material.unlit && material.normalTexture) {
      this.texture(at + 1, path, 'Normal', material.normalTexture, 'raw', [2, 2, 2, 1], [-1, -1, -1, 0], ['rgb']);
    }
    this.line(at, '}');
  }

  private texture(
    at: number,
    path: string,
    name: string,
    texture: Texture,
    colorSpace: 'sRGB' | 'raw',
    scale: number[],
    bias: number[] | undefined,
    outputs: ('rgb' | 'g' | 'b')[],
  ): void {
    this.line(at, `def Shader "${name}"`);
    this.line(at, '{');
    const s = at + 1;
    this.line(s, 'uniform token info:id = "UsdUVTexture"');
    this.line(s, `asset inputs:file = @${this.options.texturePath(texture)}@`);
    this.line(s, `float2 inputs:st.connect = <${path}/TexCoord.outputs:result>`);
    this.line(s, `token inputs:sourceColorSpace = "${colorSpace}"`);
    this.line(s, 'token inputs:wrapS = "repeat"');
    this.line(s, 'token inputs:wrapT = "repeat"');
    this.line(s, `float4 inputs:scale = ${tuple(scale)}`);
    if (bias) this.line(s, `float4 inputs:bias = ${tuple(bias)}`);
    for (const output of outputs) this.line(s, output === 'rgb' ? 'float3 outputs:rgb' : `float outputs:${output}`);
    this.line(at, '}');
  }

  private node(node: SceneNode, at: number, parentPath: string, taken: Set<string>): void {
    const name = primName(node.name, taken, 'node');
    const path = `${parentPath}/${name}`;
    const [qx, qy, qz, qw] = unitQuaternion(node.rotation);
    this.line(at, `def Xform "${name}"`);
    this.line(at, '{');
    // Transforms are few numbers: full precision (float32 needs 9 significant digits to round-trip).
    const exact = (values: number[], digits: number) =>
      `(${values.map((v) => String(Number(v.toPrecision(digits)))).join(', ')})`;
    this.line(at + 1, `double3 xformOp:translate = ${exact(node.translation, 17)}`);
    this.line(at + 1, `quatf xformOp:orient = ${exact([qw, qx, qy, qz], 9)}`);
    this.line(at + 1, `float3 xformOp:scale = ${exact(node.scale, 9)}`);
    this.line(at + 1, 'uniform token[] xformOpOrder = ["xformOp:translate", "xformOp:orient", "xformOp:scale"]');
    const children = new Set<string>();
    if (node.mesh && node.mesh.indices.length > 0) this.mesh(node.mesh, at + 1, primName('mesh', children, 'mesh'));
    for (const child of node.children) this.node(child, at + 1, path, children);
    this.line(at, '}');
  }

  private mesh(mesh: Mesh, at: number, name: string): void {
    const polygons = polygonsOf(mesh);
    const used = usedMaterials(mesh).filter((m) => this.materialPaths.has(m));
    const bound = used.length > 0;
    this.line(
      at,
      `def Mesh "${name}"${bound ? ' (\n' + '    '.repeat(at + 1) + 'prepend apiSchemas = ["MaterialBindingAPI"]\n' + '    '.repeat(at) + ')' : ''}`,
    );
    this.line(at, '{');
    const s = at + 1;
    const { min, max } = meshBounds(mesh);
    this.line(s, `float3[] extent = [${tuple(min)}, ${tuple(max)}]`);
    this.line(s, 'uniform token subdivisionScheme = "none"');
    this.line(s, 'uniform token orientation = "rightHanded"');
    const doubleSided = used.some((m) => this.scene.materials[m].doubleSided);
    this.line(s, `uniform bool doubleSided = ${doubleSided ? 1 : 0}`);
    this.array(s, 'point3f[] points', mesh.positions, 3);
    this.intArray(s, 'int[] faceVertexCounts', polygons.faceSizes);
    this.intArray(s, 'int[] faceVertexIndices', polygons.corners);
    if (mesh.normals) {
      this.array(
        s,
        'normal3f[] normals',
        mesh.normals,
        3,
        ' (\n' + '    '.repeat(s + 1) + 'interpolation = "vertex"\n' + '    '.repeat(s) + ')',
      );
    }
    if (mesh.uvs) {
      const st = new Float32Array(mesh.uvs.length);
      for (let i = 0; i < st.length; i += 2) {
        st[i] = mesh.uvs[i];
        st[i + 1] = 1 - mesh.uvs[i + 1];
      }
      this.array(
        s,
        'texCoord2f[] primvars:st',
        st,
        2,
        ' (\n' + '    '.repeat(s + 1) + 'interpolation = "vertex"\n' + '    '.repeat(s) + ')',
      );
    }
    if (used.length === 1) {
      this.line(s, `rel material:binding = <${this.materialPaths.get(used[0])}>`);
    } else if (used.length > 1) {
      this.line(s, 'uniform token subsetFamily:materialBind:familyType = "partition"');
      const taken = new Set<string>();
      for (const material of used) {
        const faces: number[] = [];
        for (let f = 0; f < polygons.faceCount; f++) if (polygons.faceMaterials[f] === material) faces.push(f);
        const subset = primName(`subset_${material}`, taken, 'subset');
        this.line(s, `def GeomSubset "${subset}" (`);
        this.line(s + 1, 'prepend apiSchemas = ["MaterialBindingAPI"]');
        this.line(s, ')');
        this.line(s, '{');
        this.line(s + 1, 'uniform token elementType = "face"');
        this.line(s + 1, 'uniform token familyName = "materialBind"');
        this.intArray(s + 1, 'int[] indices', Uint32Array.from(faces));
        this.line(s + 1, `rel material:binding = <${this.materialPaths.get(material)}>`);
        this.line(s, '}');
      }
    }
    this.line(at, '}');
  }

  private array(at: number, declaration: string, values: Float32Array, width: 2 | 3, metadata = ''): void {
    const text = this.text;
    text.push(`${'    '.repeat(at)}${declaration} = [`);
    for (let i = 0; i < values.length; i += width) {
      if (i > 0) text.push(', ');
      text.byte(OPEN);
      text.float(values[i]);
      for (let k = 1; k < width; k++) {
        text.push(', ');
        text.float(values[i + k]);
      }
      text.byte(CLOSE);
    }
    text.push(`]${metadata}\n`);
  }

  private intArray(at: number, declaration: string, values: ArrayLike<number>): void {
    const text = this.text;
    text.push(`${'    '.repeat(at)}${declaration} = [`);
    for (let i = 0; i < values.length; i++) {
      if (i > 0) text.push(', ');
      text.uint(values[i]);
    }
    text.push(']\n');
  }
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** The layer as consecutive UTF-8 chunks (the packer copies them straight into the zip). */
export function usdaText(scene: Scene, options: UsdaOptions): Uint8Array[] {
  return new UsdaWriter(scene, options).write();
}
