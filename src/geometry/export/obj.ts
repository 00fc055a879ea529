/**
 * Wavefront OBJ writer: `<stem>.obj`, `<stem>.mtl` and the material maps as PNGs beside them.
 * OBJ has no transforms, so every node is written in world space as its own `o`/`g` block; quads
 * marked in `mesh.quads` are written as real 4-vertex faces; v is flipped (OBJ's v grows upwards).
 * MTL carries the classic terms (Kd, Ks, Ns, d, illum) plus the PBR extension (Pm, Pr, map_Pm,
 * map_Pr, norm); unlit (Shaded) materials use illum 0 so viewers skip lighting.
 */
import type { Logger } from '../../logger.ts';
import { silentLogger } from '../../logger.ts';
import type { Scene } from '../mesh.ts';
import { CONTENT_TYPES, type ExportedFile } from '../formats.ts';
import { polygonsOf } from './polygons.ts';
import { defaultTextureNamer, sidecarTextures, type MaterialMaps, type TextureNamer } from './sidecar.ts';
import { num, TextChunks } from './text-chunks.ts';
import { determinant3, placedMeshes, transformNormals, transformPositions } from '../transform.ts';

const SPACE = 32,
  NEWLINE = 10,
  SLASH = 47,
  F = 102;

export interface ObjOptions {
  /** File name stem: `<stem>.obj` and `<stem>.mtl`. Default `model`. */
  stem?: string;
  /** Names the texture PNGs. Default `texture_<channel>.png` (then `_2`, `_3` … for later materials). */
  textureNamer?: TextureNamer;
  logger?: Logger;
}

/** OBJ/MTL names run to the end of the line and some readers split on spaces: keep them plain. */
export function plainName(name: string, fallback: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return cleaned.length > 0 ? cleaned : fallback;
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    return count === 0 ? name : `${name}_${count + 1}`;
  });
}

function mtlText(materials: Map<number, MaterialMaps>, names: Map<number, string>): string {
  const lines = ['# Kiln material library'];
  for (const [index, { material, maps }] of materials) {
    const [r, g, b, a] = material.baseColor;
    // Maps hold final values (factors baked in), so the colour terms are white where a map exists.
    const kd = maps.diffuse ? [1, 1, 1] : [r, g, b];
    lines.push('', `newmtl ${names.get(index)}`);
    lines.push(`Kd ${kd.map(num).join(' ')}`, 'Ka 0 0 0');
    if (material.unlit) {
      lines.push('Ks 0 0 0', `d ${num(a)}`, 'illum 0');
    } else {
      const shininess = (10 * (1 - material.roughness)) ** 2;
      lines.push('Ks 0.5 0.5 0.5', `Ns ${num(shininess)}`, `d ${num(a)}`, 'illum 2');
      lines.push(`Pm ${num(material.metallic)}`, `Pr ${num(material.roughness)}`);
    }
    if (maps.diffuse) lines.push(`map_Kd ${maps.diffuse}`);
    if (maps.normal) lines.push(`map_Bump ${maps.normal}`, `norm ${maps.normal}`);
    if (maps.metallic) lines.push(`map_Pm ${maps.metallic}`);
    if (maps.roughness) lines.push(`map_Pr ${maps.roughness}`);
  }
  return lines.join('\n') + '\n';
}

export async function writeObj(scene: Scene, options: ObjOptions = {}): Promise<ExportedFile[]> {
  const logger = options.logger ?? silentLogger;
  const stem = options.stem ?? 'model';
  const sidecar = await sidecarTextures(scene, options.textureNamer ?? defaultTextureNamer);
  const materialNames = new Map<number, string>();
  const plain = uniqueNames([...sidecar.materials].map(([i, m]) => plainName(m.material.name, `material_${i}`)));
  [...sidecar.materials.keys()].forEach((index, k) => {
    materialNames.set(index, plain[k]);
  });

  const text = new TextChunks();
  text.push('# Kiln OBJ export\n');
  if (materialNames.size > 0) text.push(`mtllib ${stem}.mtl\n`);
  const placed = placedMeshes(scene);
  const objectNames = uniqueNames(placed.map(({ node }, k) => plainName(node.name, `node_${k + 1}`)));
  // OBJ numbers v, vt and vn separately: a node without UVs or normals must not shift the others.
  let base = 1;
  let uvBase = 1;
  let normalBase = 1;
  let quads = 0;
  placed.forEach(({ mesh, matrix }, k) => {
    const p = transformPositions(mesh.positions, matrix);
    const n = mesh.normals ? transformNormals(mesh.normals, matrix) : undefined;
    const uv = mesh.uvs;
    const flip = determinant3(matrix) < 0;
    text.push(`o ${objectNames[k]}\ng ${objectNames[k]}\n`);
    const triple = (prefix: string, values: Float32Array) => {
      for (let i = 0; i < values.length; i += 3) {
        text.push(prefix);
        text.float(values[i]);
        text.byte(SPACE);
        text.float(values[i + 1]);
        text.byte(SPACE);
        text.float(values[i + 2]);
        text.byte(NEWLINE);
      }
    };
    triple('v ', p);
    if (uv) {
      for (let i = 0; i < uv.length; i += 2) {
        text.push('vt ');
        text.float(uv[i]);
        text.byte(SPACE);
        text.float(1 - uv[i + 1]);
        text.byte(NEWLINE);
      }
    }
    if (n) triple('vn ', n);
    const polygons = polygonsOf(mesh);
    quads += polygons.quadCount;
    const corner = (v: number) => {
      text.byte(SPACE);
      text.uint(v + base);
      if (!uv && !n) return;
      text.byte(SLASH);
      if (uv) text.uint(v + uvBase);
      if (!n) return;
      text.byte(SLASH);
      text.uint(v + normalBase);
    };
    let cursor = 0;
    let current = -1;
    const c = polygons.corners;
    for (let f = 0; f < polygons.faceCount; f++) {
      const size = polygons.faceSizes[f];
      const material = polygons.faceMaterials[f];
      if (material !== current) {
        current = material;
        const name = materialNames.get(material);
        if (name) text.push(`usemtl ${name}\n`);
      }
      text.byte(F);
      if (flip) for (let j = 0; j < size; j++) corner(c[cursor + ((size - j) % size)]);
      else for (let j = 0; j < size; j++) corner(c[cursor + j]);
      text.byte(NEWLINE);
      cursor += size;
    }
    base += p.length / 3;
    if (uv) uvBase += uv.length / 2;
    if (n) normalBase += n.length / 3;
  });
  logger.debug({ objects: placed.length, quads }, 'obj written');

  const files: ExportedFile[] = [{ name: `${stem}.obj`, bytes: text.bytes(), contentType: CONTENT_TYPES.obj }];
  if (materialNames.size > 0) {
    files.push({
      name: `${stem}.mtl`,
      bytes: new TextEncoder().encode(mtlText(sidecar.materials, materialNames)),
      contentType: CONTENT_TYPES.mtl,
    });
  }
  files.push(...sidecar.files);
  return files;
}
