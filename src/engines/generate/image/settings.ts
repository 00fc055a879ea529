/**
 * How a request's tier and fast mode set the image engine's work. The reconstruction grid (cells
 * along the object's longest side) grows with the tier; fast mode (docs/spec/api.md §3) takes a cheaper path:
 * a coarser grid, a smaller working mask, no colour refinement of the mask, no normal map, and the base
 * colour baked at half the tabled map size and resampled to it (a quarter of the texels shaded; the
 * measured cost in texture detail is in docs/bench-history/speed.md, pass 7).
 */
import type { GenerateSpec, Tier } from '../../../domain/task-spec.ts';

const GRID: Record<Tier, number> = {
  'Gen-2.5-Extreme-Low': 64,
  'Gen-2.5-Low': 96,
  'Gen-2.5-Medium': 128,
  'Gen-2.5-High': 160,
  'Gen-2.5-Extreme-High': 192,
  Sketch: 64,
  Regular: 96,
  Smooth: 96,
  Detail: 128,
  'Gen-2': 128,
};

export interface ImageEngineSettings {
  resolution: number;
  workingSize: number;
  refine: boolean;
  normalMap: boolean;
  /** Maps baked at half the tabled size and resampled to it (texture-bake.ts `halfSize`). */
  halfSizeMaps: boolean;
  /**
   * Whether the bake may take a helper thread (bake-tiles.ts). Not in fast mode: its half-size colour
   * map is a few hundred ms of shading, less than the helper's start and its own shading set-up cost the
   * other core (measured in docs/bench-history/speed.md, pass 7).
   */
  bakeHelper: boolean;
}

export function settingsFor(spec: GenerateSpec): ImageEngineSettings {
  const grid = GRID[spec.tier] ?? 128;
  if (spec.fastMode)
    return {
      resolution: Math.max(40, Math.round(grid * 0.4)),
      workingSize: 224,
      refine: false,
      normalMap: false,
      halfSizeMaps: true,
      bakeHelper: false,
    };
  return {
    resolution: grid,
    workingSize: grid >= 160 ? 384 : 320,
    refine: true,
    normalMap: true,
    halfSizeMaps: false,
    bakeHelper: true,
  };
}
