/** Re-exports for the tests plus small measurement helpers. */
import { meshBounds, type Mesh } from '../../../src/geometry/mesh.ts';
export * from '../../../src/geometry/ops/index.ts';

/** Bounds rounded to 1e-4 so meshes with the same extent compare equal. */
export function meshBoundsOf(mesh: Mesh): number[] {
  const b = meshBounds(mesh);
  return [...b.min, ...b.max].map((v) => Math.round(v * 1e4) / 1e4);
}
