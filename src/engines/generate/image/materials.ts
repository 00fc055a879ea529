/**
 * Metallic and roughness of the asset: from material words in the prompt when it has any, else
 * estimated from the front picture (a share of bright, unsaturated highlight pixels on the object
 * reads as a glossy surface; otherwise a matte default). The maps are uniform; these are their values.
 */
import type { Foreground } from './foreground.ts';

const WORDS: [RegExp, number, number][] = [
  [/\b(chrome|mirror|polished (metal|steel|silver|gold))\b/, 1, 0.12],
  [/\b(gold|golden|silver|copper|brass|bronze|steel|iron|metal|metallic|aluminium|aluminum|titanium|tin)\b/, 1, 0.35],
  [/\b(glass|crystal|porcelain|ceramic|glazed|lacquer(ed)?|glossy|shiny|varnished|enamel)\b/, 0, 0.2],
  [/\b(plastic|vinyl|resin|acrylic)\b/, 0, 0.4],
  [/\b(leather|skin)\b/, 0, 0.55],
  [/\b(wood|wooden|oak|pine|walnut|bamboo)\b/, 0, 0.7],
  [/\b(rubber|clay|terracotta|plaster)\b/, 0, 0.85],
  [/\b(stone|rock|concrete|brick|marble|granite)\b/, 0, 0.8],
  [/\b(fabric|cloth|cotton|wool|felt|plush|velvet|knitted|fur|furry|paper|cardboard)\b/, 0, 0.95],
];

export interface SurfaceFinish {
  metallic: number;
  roughness: number;
  source: 'prompt' | 'image';
}

export function finishFromPrompt(prompt: string | undefined): SurfaceFinish | null {
  const text = (prompt ?? '').toLowerCase();
  for (const [pattern, metallic, roughness] of WORDS)
    if (pattern.test(text)) return { metallic, roughness, source: 'prompt' };
  return null;
}

export function estimateFinish(front: Foreground): SurfaceFinish {
  const { image, mask, maskWidth, maskHeight } = front;
  let object = 0,
    highlight = 0;
  for (let y = 0; y < maskHeight; y++) {
    for (let x = 0; x < maskWidth; x++) {
      if (!mask[y * maskWidth + x]) continue;
      const ix = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / maskWidth));
      const iy = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / maskHeight));
      const o = (iy * image.width + ix) * 4;
      const r = image.data[o],
        g = image.data[o + 1],
        b = image.data[o + 2];
      const max = Math.max(r, g, b),
        min = Math.min(r, g, b);
      object++;
      if (max > 235 && max - min < 25) highlight++;
    }
  }
  const share = object ? highlight / object : 0;
  // Small specular spots mean gloss; large white areas are more likely white paint or paper.
  const glossy = share > 0.005 && share < 0.08;
  return { metallic: 0, roughness: glossy ? 0.35 : 0.7, source: 'image' };
}
