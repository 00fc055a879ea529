/** The texture resolution table of docs/spec/api.md §2.1: texture_mode × HighPack × uhd_texture → edge length. */
import type { TextureMode, TextureResolution } from './task-spec.ts';

export const HIGH_PACK = 'HighPack';

const K = 1024;

export function textureResolutionFor(
  textureMode: TextureMode,
  addons: readonly string[],
  uhdTexture: boolean,
): TextureResolution {
  const highPack = addons.includes(HIGH_PACK);
  if (textureMode === 'extreme-high') return (highPack ? 12 * K : 6 * K) as TextureResolution;
  if (highPack) return (uhdTexture ? 8 * K : 4 * K) as TextureResolution;
  return (uhdTexture ? 4 * K : 2 * K) as TextureResolution;
}
