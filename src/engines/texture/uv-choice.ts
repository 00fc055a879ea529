/**
 * Whether a model's own UVs can carry a projected texture: present, inside the unit square and not
 * overlapping (mirrored or stacked charts would receive one picture in two places).
 */
import type { Mesh } from '../../geometry/mesh.ts';
import { overlappingTriangles } from '../../geometry/ops/uv-overlap.ts';

/** Share of triangles allowed to overlap (slivers of exporters' packing), above which UVs count as overlapping. */
export const OVERLAP_TOLERANCE = 0.005;

export function uvsUsable(mesh: Mesh): { usable: boolean; reason?: string } {
  const uvs = mesh.uvs;
  if (!uvs) return { usable: false, reason: 'the model has no UVs' };
  for (let i = 0; i < uvs.length; i++) {
    const v = uvs[i];
    if (!Number.isFinite(v) || v < -1e-4 || v > 1 + 1e-4)
      return { usable: false, reason: 'its UVs reach outside the unit square (tiling)' };
  }
  let collapsed = 0;
  const I = mesh.indices;
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t] * 2,
      b = I[t + 1] * 2,
      c = I[t + 2] * 2;
    const area = (uvs[b] - uvs[a]) * (uvs[c + 1] - uvs[a + 1]) - (uvs[b + 1] - uvs[a + 1]) * (uvs[c] - uvs[a]);
    if (Math.abs(area) < 1e-12) collapsed++;
  }
  if (collapsed > (I.length / 3) * 0.01)
    return { usable: false, reason: `${collapsed} triangles have no area in UV space` };
  const flagged = overlappingTriangles(mesh.indices, uvs);
  let count = 0;
  for (let t = 0; t < flagged.length; t++) count += flagged[t];
  if (count > flagged.length * OVERLAP_TOLERANCE)
    return { usable: false, reason: `${count} of ${flagged.length} triangles overlap in UV space` };
  return { usable: true };
}
