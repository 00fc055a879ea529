/**
 * USDZ writer: a stored, 64-byte-aligned zip whose first entry is the USDA root layer (`scene.usda`)
 * followed by the material textures under `textures/` (PNG or JPEG, the only image types USDZ allows).
 */
import type { Logger } from '../../../logger.ts';
import { silentLogger } from '../../../logger.ts';
import type { Scene, Texture } from '../../mesh.ts';
import { encodePortableTextures, portableTextureBytes } from '../textures.ts';
import { storedZip, type ZipEntry } from './stored-zip.ts';
import { usdaText } from './usda.ts';

export { storedZip, crc32 } from './stored-zip.ts';
export { usdaText, primName } from './usda.ts';

export const USDZ_ROOT_LAYER = 'scene.usda';

export interface UsdzOptions {
  /** Default 1 (metres). */
  metersPerUnit?: number;
  logger?: Logger;
}

export async function writeUsdz(scene: Scene, options: UsdzOptions = {}): Promise<Uint8Array> {
  const logger = options.logger ?? silentLogger;
  const paths = new Map<Texture, string>();
  const textureEntries: ZipEntry[] = [];
  const taken = new Set<string>();
  await encodePortableTextures(scene.materials);
  for (const material of scene.materials) {
    const maps = material.unlit
      ? [material.baseColorTexture]
      : [material.baseColorTexture, material.metallicRoughnessTexture, material.normalTexture];
    for (const texture of maps) {
      if (!texture || paths.has(texture)) continue;
      const { bytes, mimeType } = await portableTextureBytes(texture);
      const extension = mimeType === 'image/jpeg' ? 'jpg' : 'png';
      const stem = (texture.name ?? '').replace(/[^A-Za-z0-9_-]/g, '_') || `texture_${textureEntries.length}`;
      let name = `textures/${stem}.${extension}`;
      for (let k = 2; taken.has(name); k++) name = `textures/${stem}_${k}.${extension}`;
      taken.add(name);
      paths.set(texture, name);
      textureEntries.push({ name, bytes });
    }
  }
  const layer = usdaText(scene, {
    metersPerUnit: options.metersPerUnit,
    texturePath: (texture) => {
      const path = paths.get(texture);
      if (!path) throw new Error('A material texture was not packed into the USDZ.');
      return path;
    },
  });
  const bytes = storedZip([{ name: USDZ_ROOT_LAYER, bytes: layer }, ...textureEntries]);
  logger.debug({ bytes: bytes.length, textures: textureEntries.length }, 'usdz written');
  return bytes;
}
