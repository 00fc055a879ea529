/**
 * OBJ through three's OBJLoader, with its MTL read from the companion files when the upload packaged
 * one. OBJLoader is used without a MaterialCreator (that path loads textures through the DOM): its
 * groups carry the `usemtl` names, and the MTL statements are mapped here, textures taken from the
 * companions by file name.
 */
import type { Material as ThreeMaterial } from 'three';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { GeometryInputError } from '../errors.ts';
import type { Material, Scene, Texture } from '../mesh.ts';
import { sceneFromThree } from './three-convert.ts';
import { encodedTexture, findCompanion, quietly, type ResolveContext } from './three-shim.ts';
import { roughnessFromShininess } from './three-convert.ts';
import type { ImportLimits } from './limits.ts';
import { checkCounts } from './validate.ts';

type MtlInfo = Record<string, any>;

export async function importObj(bytes: Uint8Array, ctx: ResolveContext & { limits: ImportLimits }): Promise<Scene> {
  // OBJLoader holds about 1.4 KB per face while parsing: count faces first so an oversized file is
  // refused before that memory is spent.
  checkCounts(countObjTriangles(bytes), 0, ctx.limits, 'OBJ');
  const text = new TextDecoder().decode(bytes);
  const library = readMaterialLibraries(text, ctx);
  let group;
  try {
    group = quietly(ctx.logger, () => new OBJLoader().parse(text));
  } catch {
    throw new GeometryInputError('malformed', 'The OBJ file could not be read (it may be corrupt); export it again.');
  }
  // Without `vn` statements OBJLoader invents flat per-face normals, which would split every vertex.
  if (!/^[ \t]*vn[ \t]/m.test(text)) {
    group.traverse((object) => (object as { geometry?: { deleteAttribute(name: string): void } }).geometry?.deleteAttribute('normal'));
  }
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
  return sceneFromThree(group, {
    ...ctx,
    flipV: true,
    material: async (material: ThreeMaterial) => fromMtl(material.name, library[material.name], texture),
  });
}

function readMaterialLibraries(text: string, ctx: ResolveContext): Record<string, MtlInfo> {
  const library: Record<string, MtlInfo> = {};
  for (const match of text.matchAll(/^[ \t]*mtllib[ \t]+(.+?)[ \t]*$/gm)) {
    const bytes = findCompanion(match[1], ctx.companions);
    if (!bytes) {
      ctx.logger.info({ mtllib: match[1] }, 'OBJ: material library is not inside the upload; default materials used');
      continue;
    }
    Object.assign(library, new MTLLoader().parse(new TextDecoder().decode(bytes), '').materialsInfo);
  }
  return library;
}

async function fromMtl(name: string, info: MtlInfo | undefined, texture: (statement: unknown) => Promise<Texture | undefined>): Promise<Material> {
  const material: Material = { name: name || 'default', baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.6 };
  if (!info) return material;
  if (Array.isArray(info.kd) && info.kd.every(Number.isFinite)) {
    // MTL colours are display (sRGB) values; Kiln's factors are linear.
    material.baseColor = [srgbToLinear(info.kd[0]), srgbToLinear(info.kd[1]), srgbToLinear(info.kd[2]), 1];
  }
  const opacity = info.d !== undefined ? Number(info.d) : info.tr !== undefined ? 1 - Number(info.tr) : 1;
  if (Number.isFinite(opacity)) material.baseColor[3] = Math.min(1, Math.max(0, opacity));
  if (info.pr !== undefined && Number.isFinite(Number(info.pr))) material.roughness = Number(info.pr);
  else if (info.ns !== undefined && Number.isFinite(Number(info.ns))) material.roughness = roughnessFromShininess(Number(info.ns));
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
