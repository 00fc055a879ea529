/** Small helpers shared by the operations: per-triangle materials, keeping groups valid after edits. */
import type { MaterialGroup, Mesh } from '../mesh.ts';

/** Material index of every triangle (groups are ranges; this is their per-triangle form). */
export function triangleMaterials(mesh: Mesh): Uint32Array {
  const count = mesh.indices.length / 3;
  const out = new Uint32Array(count);
  for (const g of mesh.groups) out.fill(g.material, g.start, Math.min(count, g.start + g.count));
  return out;
}

/**
 * Groups for triangles whose materials are given per triangle, after triangles were dropped or added.
 * Consecutive runs of one material become one group, so a mesh sorted by material gets one group each.
 */
export function groupsFromMaterials(materials: ArrayLike<number>, count = materials.length): MaterialGroup[] {
  const groups: MaterialGroup[] = [];
  for (let t = 0; t < count; t++) {
    const m = materials[t];
    const last = groups[groups.length - 1];
    if (last && last.material === m) last.count++;
    else groups.push({ start: t, count: 1, material: m });
  }
  return groups;
}

/**
 * Stable order of triangles sorted by material, so each material is one contiguous group again after an
 * operation that interleaved them (hole filling, subdivision appends new triangles at the end).
 */
export function orderByMaterial(materials: Uint32Array): Uint32Array {
  const count = materials.length;
  let max = 0;
  for (let t = 0; t < count; t++) if (materials[t] > max) max = materials[t];
  const offsets = new Uint32Array(max + 2);
  for (let t = 0; t < count; t++) offsets[materials[t] + 1]++;
  for (let m = 0; m <= max; m++) offsets[m + 1] += offsets[m];
  const order = new Uint32Array(count);
  for (let t = 0; t < count; t++) order[offsets[materials[t]]++] = t;
  return order;
}

/** Drops vertices no triangle uses, renumbering indices; attributes follow. */
export function compactVertices(mesh: Mesh): Mesh {
  const vertexCount = mesh.positions.length / 3;
  const remap = new Int32Array(vertexCount).fill(-1);
  let next = 0;
  const indices = new Uint32Array(mesh.indices.length);
  for (let i = 0; i < mesh.indices.length; i++) {
    const v = mesh.indices[i];
    if (remap[v] < 0) remap[v] = next++;
    indices[i] = remap[v];
  }
  if (next === vertexCount) {
    let identity = true;
    for (let v = 0; v < vertexCount && identity; v++) identity = remap[v] === v;
    if (identity) return { ...mesh, indices: mesh.indices };
  }
  const pick = (src: Float32Array | undefined, size: number): Float32Array | undefined => {
    if (!src) return undefined;
    const out = new Float32Array(next * size);
    for (let v = 0; v < vertexCount; v++) {
      const r = remap[v];
      if (r < 0) continue;
      for (let k = 0; k < size; k++) out[r * size + k] = src[v * size + k];
    }
    return out;
  };
  return {
    ...mesh,
    positions: pick(mesh.positions, 3)!,
    normals: pick(mesh.normals, 3),
    uvs: pick(mesh.uvs, 2),
    indices,
  };
}
