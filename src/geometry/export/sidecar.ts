/**
 * The maps an FBX or OBJ carries beside itself: for every material the scene draws with, its channel
 * PNGs under names from a namer. Materials are numbered in node-walk order (within one mesh by material
 * index); materials missing from `scene.materials` (the None variant) get no maps.
 */
import type { Material, Scene } from '../mesh.ts';
import { CONTENT_TYPES, type ExportedFile, type TextureChannel } from '../formats.ts';
import { usedMaterials } from './polygons.ts';
import { channelPng, channelsOf } from './textures.ts';
import { walkNodes } from '../transform.ts';

/** Names a texture file from its channel and the material's ordinal among drawn materials. */
export type TextureNamer = (channel: TextureChannel, ordinal: number) => string;

/** `texture_<channel>.png`, then `texture_<channel>_2.png` … for later materials. */
export const defaultTextureNamer: TextureNamer = (channel, ordinal) =>
  `texture_${channel}${ordinal > 0 ? `_${ordinal + 1}` : ''}.png`;

/** Scene material indices in the order the node walk first draws them (only ones that exist). */
export function drawnMaterials(scene: Scene): number[] {
  const order: number[] = [];
  const seen = new Set<number>();
  walkNodes(scene, (node) => {
    if (!node.mesh) return;
    for (const m of usedMaterials(node.mesh)) {
      if (!seen.has(m) && scene.materials[m]) {
        seen.add(m);
        order.push(m);
      }
    }
  });
  return order;
}

export interface MaterialMaps {
  material: Material;
  /** File name per channel this material has. */
  maps: Partial<Record<TextureChannel, string>>;
}

export interface Sidecar {
  /** Keyed by scene material index. */
  materials: Map<number, MaterialMaps>;
  files: ExportedFile[];
}

export async function sidecarTextures(scene: Scene, namer: TextureNamer = defaultTextureNamer): Promise<Sidecar> {
  const materials = new Map<number, MaterialMaps>();
  const files: ExportedFile[] = [];
  const order = drawnMaterials(scene);
  for (let ordinal = 0; ordinal < order.length; ordinal++) {
    const material = scene.materials[order[ordinal]];
    const maps: MaterialMaps['maps'] = {};
    for (const channel of channelsOf(material)) {
      const name = namer(channel, ordinal);
      maps[channel] = name;
      files.push({ name, bytes: await channelPng(material, channel), contentType: CONTENT_TYPES.png });
    }
    materials.set(order[ordinal], { material, maps });
  }
  return { materials, files };
}
