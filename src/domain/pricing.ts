/** Credits charged per accepted request (docs/spec/api.md §8): additive, and nothing else costs anything. */
import type { TaskSpec } from './task-spec.ts';

export const PRICES = {
  baseGeneration: 0.5,
  extremeHighTier: 0.5,
  extremeHighTextures: 2.0,
  bang: 0.5,
  texture: 0.5,
  convert: 0.1,
  rig: 0.5,
} as const;

export function priceOf(spec: TaskSpec): number {
  if (spec.kind === 'bang') return PRICES.bang;
  if (spec.kind === 'texture') return PRICES.texture;
  if (spec.kind === 'convert') return PRICES.convert;
  if (spec.kind === 'rig') return PRICES.rig;
  let price = PRICES.baseGeneration;
  if (spec.tier === 'Gen-2.5-Extreme-High') price += PRICES.extremeHighTier;
  if (spec.textureMode === 'extreme-high') price += PRICES.extremeHighTextures;
  return price;
}
