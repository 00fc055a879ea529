/** Face budgets, fast mode (docs/spec/api.md §3) and Bang's strength → piece count table. */
import type { MeshMode, OutputFormat, Quality, Tier } from './task-spec.ts';

/** Triangles in the main mesh per `quality` when no quality_override is sent. */
export const FACE_BUDGET: Record<Quality, number> = {
  high: 500_000,
  medium: 150_000,
  low: 20_000,
  'extra-low': 2_000,
};

/** Bounds of quality_override: below a few hundred faces nothing recognisable survives; above 2M the main mesh stops being a real-time asset (Extreme-High's extra mesh covers that). */
export const QUALITY_OVERRIDE_RANGE = { min: 500, max: 2_000_000, integer: true } as const;

export const FAST_MODE_MAX_FACES = 20_000;

export function faceBudgetFor(quality: Quality, qualityOverride?: number): number {
  return qualityOverride ?? FACE_BUDGET[quality];
}

/** Fast mode: not Extreme-High, glb, Raw, and quality_override sent and at most 20000 (docs/spec/api.md §3). */
export function isFastMode(input: {
  tier: Tier;
  geometryFileFormat: OutputFormat;
  meshMode: MeshMode;
  qualityOverride?: number;
}): boolean {
  return (
    input.tier !== 'Gen-2.5-Extreme-High' &&
    input.geometryFileFormat === 'glb' &&
    input.meshMode === 'Raw' &&
    input.qualityOverride !== undefined &&
    input.qualityOverride <= FAST_MODE_MAX_FACES
  );
}

export const STRENGTH_RANGE = { min: 1, max: 12, integer: true } as const;
export const DEFAULT_STRENGTH = 5;
const PIECES_BY_STRENGTH = [2, 3, 4, 5, 7, 9, 11, 14, 17, 21, 26, 32];

export function pieceCountForStrength(strength: number): number {
  return PIECES_BY_STRENGTH[strength - 1];
}
