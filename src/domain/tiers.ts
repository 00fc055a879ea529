/** Tier rules of docs/spec/api.md §2.1 and the legacy tier names of docs/spec/compat.md. */
import { GEN25_TIERS, LEGACY_TIERS, type Tier, type TextureMode } from './task-spec.ts';

export const ALL_TIERS: readonly Tier[] = [...GEN25_TIERS, ...LEGACY_TIERS];

/** What a request without `tier` gets: the legacy Gen-1/1.5 pipeline (docs/spec/api.md §9). */
export const DEFAULT_TIER: Tier = 'Regular';

export function isLegacyTier(tier: Tier): boolean {
  return (LEGACY_TIERS as readonly string[]).includes(tier);
}

/**
 * texture_mode when the request names none. Gen-2.5 rows are docs/spec/api.md's; the legacy tiers are not in the
 * spec and get the closest Gen-2.5 equivalent (Sketch is a draft, Detail the finest legacy tier).
 */
export const DEFAULT_TEXTURE_MODE: Record<Tier, TextureMode> = {
  'Gen-2.5-Extreme-Low': 'extreme-low',
  'Gen-2.5-Low': 'low',
  'Gen-2.5-Medium': 'medium',
  'Gen-2.5-High': 'high',
  'Gen-2.5-Extreme-High': 'high',
  Regular: 'medium',
  Sketch: 'low',
  Detail: 'high',
  Smooth: 'medium',
  'Gen-2': 'medium',
};

/** geometry_instruct_mode=creative is offered from Gen-2.5-Medium up (docs/spec/api.md §2.1). */
export const CREATIVE_TIERS: readonly Tier[] = ['Gen-2.5-Medium', 'Gen-2.5-High', 'Gen-2.5-Extreme-High'];
