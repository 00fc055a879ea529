/**
 * OBJ (+ MTL from the companion files when the upload packaged them). Geometry comes from Kiln's own
 * reader (obj-parse.ts; OBJLoader was 1.5–5× slower and needed twice the memory, see BENCHMARKS.md); MTL is read
 * with three's MTLLoader and mapped to Kiln materials here, textures taken from the companions by name.
 */
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import type { Material, Scene, SceneNode, Texture } from '../mesh.ts';
import type { ImportLimits } from './limits.ts';
import { parseObj } from './obj-parse.ts';
import { roughnessFromShininess } from './three-convert.ts';
import { encodedTexture, findCompanion, type ResolveContext } from './three-shim.ts';
import { checkCounts } from './validate.ts';

type MtlInfo = Record<string, any>;

export async function importObj(bytes: Uint8Array, ctx: ResolveContext & { limits: ImportLimits }): Promise<Scene> {
  // Count faces from the bytes first so an oversized file is refused before any memory is spent on it.
  checkCounts(countObjTriangles(bytes), 0, ctx.limits, 'OBJ');
  const document = parseObj(new TextDecoder().decode(bytes));
  const library = readMaterialLibraries(document.mtllibs, ctx);
  const textures = new Map<string, Promise<Texture | undefined>>();
  const texture = (statement: unknown): Promise<Texture | undefined> => {
    const file = textureFile(statement);
    if (!file) return Promise.resolve(undefined);
    if (!textures.has(file)) {
      const bytes = findCompanion(file, ctx.companions);
      if (!bytes) ctx.logger.info({ texture: file }, 'OBJ: texture is not inside the upload; skipped');
      textures.set(file, bytes ? encodedTexture(bytes, file.split(/[\\/]/).pop(), ctx) : Promise.resolve(undefined));
    }
    return textures.get(file)!;
  };
  const materials: Material[] = [];
  const materialIndex = new Map<string, number>();
  const roots: SceneNode[] = [];
  for (const object of document.objects) {
    const slots: number[] = [];
    for (const name of object.materialNames) {
      if (!materialIndex.has(name)) {
        materials.push(await fromMtl(name, library[name], texture));
        materialIndex.set(name, materials.length - 1);
      }
      slots.push(materialIndex.get(name)!);
    }
    for (const group of object.mesh.groups) group.material = slots[group.material];
    roots.push({
      name: object.name,
      translation: [0, 0, 0],
      rotation: [0, 0, 0, 1],
      scale: [1, 1, 1],
      mesh: object.mesh,
      children: [],
    });
  }
  return { materials, roots };
}

function readMaterialLibraries(names: string[], ctx: ResolveContext): Record<string, MtlInfo> {
  const library: Record<string, MtlInfo> = {};
  for (const name of names) {
    const bytes = findCompanion(name, ctx.companions);
    if (!bytes) {
      ctx.logger.info({ mtllib: name }, 'OBJ: material library is not inside the upload; default materials used');
      continue;
    }
    Object.assign(library, new MTLLoader().parse(new TextDecoder().decode(bytes), '').materialsInfo);
  }
  return library;
}

async function fromMtl(
  name: string,
  info: MtlInfo | undefined,
  texture: (statement: unknown) => Promise<Texture | undefined>,
): Promise<Material> {
  const material: Material = { name: name || 'default', baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.6 };
  if (!info) return material;
  if (Array.isArray(info.kd) && info.kd.every(Number.isFinite)) {
    // MTL colours are display (sRGB) values; Kiln's factors are linear.
    material.baseColor = [srgbToLinear(info.kd[0]), srgbToLinear(info.kd[1]), srgbToLinear(info.kd[2]), 1];
  }
  const opacity = info.d !== undefined ? Number(info.d) : info.tr !== undefined ? 1 - Number(info.tr) : 1;
  if (Number.isFinite(opacity)) material.baseColor[3] = Math.min(1, Math.max(0, opacity));
  if (info.pr !== undefined && Number.isFinite(Number(info.pr))) material.roughness = Number(info.pr);
  else if (info.ns !== undefined && Number.isFinite(Number(info.ns)))
    material.roughness = roughnessFromShininess(Number(info.ns));
  if (info.pm !== undefined && Number.isFinite(Number(info.pm))) material.metallic = Number(info.pm);
  const base = await texture(info.map_kd);
  if (base) material.baseColorTexture = base;
  // Blender and most tools write the normal map as map_Bump (with -bm) or norm.
  const normal = await texture(info.norm ?? info.map_bump ?? info.bump);
  if (normal) material.normalTexture = normal;
  return material;
}

/** Triangles the `f` statements will make (corners − 2 per face), from a byte scan without decoding. */
export function countObjTriangles(bytes: Uint8Array): number {
  let triangles = 0;
  let lineStart = true;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 10) {
      lineStart = true;
      continue;
    }
    if (!lineStart) continue;
    if (b === 32 || b === 9) continue; // leading blanks
    lineStart = false;
    if (b !== 102 || (bytes[i + 1] !== 32 && bytes[i + 1] !== 9)) continue; // "f "
    let corners = 0;
    let inToken = false;
    for (i += 1; i < bytes.length && bytes[i] !== 10; i++) {
      const blank = bytes[i] === 32 || bytes[i] === 9 || bytes[i] === 13;
      if (!blank && !inToken) corners++;
      inToken = !blank;
    }
    i--;
    if (corners >= 3) triangles += corners - 2;
  }
  return triangles;
}

/** The file name of a map statement, after its options ("-bm 1.0 -s 1 1 1 tex.png"). */
function textureFile(statement: unknown): string | undefined {
  if (typeof statement !== 'string' || statement.trim() === '') return undefined;
  const tokens = statement.trim().split(/\s+/);
  return tokens[tokens.length - 1];
}

export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}
