/**
 * Binary FBX 7.4 writer: `<stem>.fbx` plus the material maps as PNGs beside it (the FBX references
 * them by relative file name and, while they are not huge, also embeds them as Video content so the
 * model alone still shows its textures). With a rig, the mesh is skinned to an armature and the clips
 * are animation stacks (skin.ts, animation.ts).
 */
import type { Logger } from '../../../logger.ts';
import { silentLogger } from '../../../logger.ts';
import type { Scene } from '../../mesh.ts';
import type { Rig } from '../../rig.ts';
import { CONTENT_TYPES, type ExportedFile, type TextureChannel } from '../../formats.ts';
import { defaultTextureNamer, sidecarTextures, type TextureNamer } from '../sidecar.ts';
import { encodeFbx } from './binary.ts';
import { fbxDocument, type FbxMaterialMaps, type FbxTextureFile } from './document.ts';

export { encodeFbx, fbxNode, FBX_VERSION } from './binary.ts';
export { fbxDocument, fbxEulerDegrees } from './document.ts';
export { FBX_TICKS_PER_SECOND, fbxTime } from './animation.ts';
export { FBX_ARMATURE_NAME } from './skin.ts';

/** `embedTextures: 'auto'` embeds maps up to this total size. */
export const EMBED_LIMIT_BYTES = 64 * 1024 * 1024;

export interface FbxOptions {
  /** File name stem: `<stem>.fbx`. Default `model`. */
  stem?: string;
  /** Names the texture PNGs. Default `texture_<channel>.png` (then `_2`, `_3` … for later materials). */
  textureNamer?: TextureNamer;
  /**
   * Also embed the maps inside the FBX (as Video content), so the model alone still shows them.
   * `auto` (the default) embeds while the maps total at most EMBED_LIMIT_BYTES: beyond that (8K–12K
   * maps) the copies would only double a download that already carries the PNGs beside the model.
   */
  embedTextures?: boolean | 'auto';
  /** Centimetres per scene unit. Default 100 (the scene is in metres). */
  unitScaleFactor?: number;
  /** Skin the first mesh with this rig and write its clips (see FbxDocumentOptions.rig). */
  rig?: Rig;
  logger?: Logger;
}

export async function writeFbx(scene: Scene, options: FbxOptions = {}): Promise<ExportedFile[]> {
  const logger = options.logger ?? silentLogger;
  const stem = options.stem ?? 'model';
  const sidecar = await sidecarTextures(scene, options.textureNamer ?? defaultTextureNamer);
  const mapBytes = sidecar.files.reduce((sum, file) => sum + file.bytes.length, 0);
  const choice = options.embedTextures ?? 'auto';
  const embed = choice === 'auto' ? mapBytes <= EMBED_LIMIT_BYTES : choice;
  const bytesByName = new Map(sidecar.files.map((file) => [file.name, file.bytes]));
  const materials = new Map<number, FbxMaterialMaps>();
  for (const [index, { material, maps }] of sidecar.materials) {
    const files: Partial<Record<TextureChannel, FbxTextureFile>> = {};
    for (const [channel, name] of Object.entries(maps) as [TextureChannel, string][]) {
      files[channel] = { name, bytes: embed ? bytesByName.get(name) : undefined };
    }
    materials.set(index, { material, maps: files });
  }
  const document = fbxDocument(scene, { materials, unitScaleFactor: options.unitScaleFactor, rig: options.rig });
  const bytes = encodeFbx(document.roots);
  logger.debug({ bytes: bytes.length, quads: document.quadCount, embedded: embed }, 'fbx written');
  return [{ name: `${stem}.fbx`, bytes, contentType: CONTENT_TYPES.fbx }, ...sidecar.files];
}
