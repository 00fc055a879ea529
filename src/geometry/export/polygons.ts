/**
 * A mesh's faces as polygons for the formats that store them (FBX, OBJ, USD): triangles, plus real
 * quads where `mesh.quads` marks a pair (a, b, c) + (a, c, d). A marked pair that does not actually
 * share the a–c diagonal, or that straddles two material groups, stays two triangles, so a slightly
 * wrong `quads` array can never produce a wrong surface.
 */
import type { MaterialGroup, Mesh } from '../mesh.ts';

export interface PolygonList {
  faceCount: number;
  /** 3 or 4 per face. */
  faceSizes: Uint8Array;
  /** Vertex indices of every face, face after face. */
  corners: Uint32Array;
  /** Material index (into Scene.materials) per face. */
  faceMaterials: Uint32Array;
  /** How many faces are quads. */
  quadCount: number;
}

/** Material index per triangle from the mesh's groups (triangles outside every group get 0). */
export function triangleMaterials(mesh: Mesh): Uint32Array {
  const triangles = mesh.indices.length / 3;
  const out = new Uint32Array(triangles);
  for (const group of mesh.groups) {
    const end = Math.min(triangles, group.start + group.count);
    out.fill(group.material, Math.max(0, group.start), end);
  }
  return out;
}

export function polygonsOf(mesh: Mesh, { quads = true }: { quads?: boolean } = {}): PolygonList {
  const indices = mesh.indices;
  const triangles = indices.length / 3;
  const materials = triangleMaterials(mesh);
  const marks = quads ? mesh.quads : undefined;
  const faceSizes = new Uint8Array(triangles);
  const faceMaterials = new Uint32Array(triangles);
  const corners = new Uint32Array(indices.length);
  let faces = 0;
  let cursor = 0;
  let quadCount = 0;
  for (let t = 0; t < triangles; t++) {
    const i = t * 3;
    if (
      marks &&
      marks[t] === 1 &&
      t + 1 < triangles &&
      materials[t] === materials[t + 1] &&
      indices[i + 3] === indices[i] &&
      indices[i + 4] === indices[i + 2]
    ) {
      corners[cursor++] = indices[i];
      corners[cursor++] = indices[i + 1];
      corners[cursor++] = indices[i + 2];
      corners[cursor++] = indices[i + 5];
      faceSizes[faces] = 4;
      faceMaterials[faces++] = materials[t];
      quadCount++;
      t++;
      continue;
    }
    corners[cursor++] = indices[i];
    corners[cursor++] = indices[i + 1];
    corners[cursor++] = indices[i + 2];
    faceSizes[faces] = 3;
    faceMaterials[faces++] = materials[t];
  }
  return {
    faceCount: faces,
    faceSizes: faceSizes.subarray(0, faces),
    corners: corners.subarray(0, cursor),
    faceMaterials: faceMaterials.subarray(0, faces),
    quadCount,
  };
}

/**
 * The mesh's groups when they tile every triangle exactly once (the mesh.ts contract); otherwise runs
 * rebuilt from the per-triangle materials (uncovered triangles drawn with material 0), so a writer that
 * emits per-group ranges never drops or duplicates triangles.
 */
export function coveringGroups(mesh: Mesh): MaterialGroup[] {
  const triangles = mesh.indices.length / 3;
  const sorted = mesh.groups.filter((g) => g.count > 0).sort((a, b) => a.start - b.start);
  let next = 0;
  let exact = true;
  for (const group of sorted) {
    if (group.start !== next) exact = false;
    next = group.start + group.count;
  }
  if (exact && next === triangles) return sorted;
  const materials = triangleMaterials(mesh);
  const runs: MaterialGroup[] = [];
  for (let t = 0; t < triangles; t++) {
    const last = runs[runs.length - 1];
    if (last && last.material === materials[t]) last.count++;
    else runs.push({ start: t, count: 1, material: materials[t] });
  }
  return runs;
}

/** Materials the mesh actually draws with, ascending. */
export function usedMaterials(mesh: Mesh): number[] {
  const used = new Set<number>();
  for (const group of coveringGroups(mesh)) used.add(group.material);
  return [...used].sort((a, b) => a - b);
}
