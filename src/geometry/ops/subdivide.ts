/**
 * Adding faces: midpoint splits of the longest edges until a mesh reaches a face count. Midpoints lie on
 * the existing surface, so the shape and silhouette are unchanged; an edge is split on both of its
 * triangles (by position, so UV seams split on both sides too), so closed meshes stay closed.
 */
import type { Mesh } from '../mesh.ts';
import { groupsFromMaterials, triangleMaterials } from './mesh-utils.ts';
import { GrowableFloat32, GrowableUint32, PairTable } from './pair-table.ts';
import { canonicalVertices } from './weld.ts';

/**
 * Splits longest edges until the mesh has `target` triangles (±1: splitting an edge inside a closed
 * mesh adds two). Each round at most splits every edge once (×4 faces), so large ratios take several.
 */
export function subdivideToCount(mesh: Mesh, target: number): Mesh {
  let current = mesh;
  for (let round = 0; round < 40; round++) {
    const faces = current.indices.length / 3;
    if (faces === 0 || faces >= target - 1) break;
    const next = splitRound(current, target - faces);
    if (next.indices.length === current.indices.length) break;
    current = next;
  }
  return current;
}

function splitRound(mesh: Mesh, need: number): Mesh {
  const { positions: P, indices: I } = mesh;
  const faces = I.length / 3;
  const pid = canonicalVertices(P, 0);
  // Undirected edges by position id; per triangle side, its edge.
  const table = new PairTable(faces * 2);
  const sideEdge = new Uint32Array(faces * 3);
  const adjacency = new GrowableUint32(faces * 2);
  const lengths = new GrowableFloat32(faces * 2);
  let edgeCount = 0;
  for (let t = 0; t < faces; t++) {
    for (let k = 0; k < 3; k++) {
      const va = I[t * 3 + k],
        vb = I[t * 3 + ((k + 1) % 3)];
      const a = pid[va],
        b = pid[vb];
      const lo = a < b ? a : b,
        hi = a < b ? b : a;
      let e = table.getOrSet(lo, hi, edgeCount);
      if (e < 0) {
        e = edgeCount++;
        adjacency.push(0);
        const dx = P[va * 3] - P[vb * 3],
          dy = P[va * 3 + 1] - P[vb * 3 + 1],
          dz = P[va * 3 + 2] - P[vb * 3 + 2];
        lengths.push3(dx * dx + dy * dy + dz * dz, 0, 0);
      }
      adjacency.data[e]++;
      sideEdge[t * 3 + k] = e;
    }
  }
  const len2 = (e: number): number => lengths.data[e * 3];
  // Pick the longest edges: histogram on length to find the cut, then take the cut bin in order.
  const split = new Uint8Array(edgeCount);
  let maxLen = 0;
  for (let e = 0; e < edgeCount; e++) maxLen = Math.max(maxLen, len2(e));
  const BINS = 4096;
  const bin = (e: number): number => Math.min(BINS - 1, Math.floor(Math.sqrt(len2(e) / (maxLen || 1)) * BINS));
  const histogram = new Float64Array(BINS);
  for (let e = 0; e < edgeCount; e++) histogram[bin(e)] += adjacency.data[e];
  let added = 0;
  let cut = BINS;
  while (cut > 0 && added + histogram[cut - 1] <= need) added += histogram[--cut];
  for (let e = 0; e < edgeCount; e++) if (bin(e) >= cut) split[e] = 1;
  if (cut > 0) {
    for (let e = 0; e < edgeCount && added < need - 1; e++) {
      if (bin(e) !== cut - 1) continue;
      if (added + adjacency.data[e] > need + 1) continue;
      split[e] = 1;
      added += adjacency.data[e];
    }
  }

  const vertexCount = P.length / 3;
  const positions = new GrowableFloat32(P.length + added * 3);
  positions.data.set(P);
  positions.length = P.length;
  const uvs = mesh.uvs ? new GrowableFloat32(mesh.uvs.length + added * 2) : null;
  if (uvs) {
    uvs.data.set(mesh.uvs!);
    uvs.length = mesh.uvs!.length;
  }
  const normals = mesh.normals ? new GrowableFloat32(P.length + added * 3) : null;
  if (normals) {
    normals.data.set(mesh.normals!);
    normals.length = P.length;
  }
  // Midpoints per (vertex, vertex) pair: seam sides get their own midpoint with their own UV.
  const midpoints = new PairTable(added);
  let nextVertex = vertexCount;
  const midpoint = (a: number, b: number): number => {
    const lo = a < b ? a : b,
      hi = a < b ? b : a;
    const found = midpoints.getOrSet(lo, hi, nextVertex);
    if (found >= 0) return found;
    positions.push3((P[a * 3] + P[b * 3]) / 2, (P[a * 3 + 1] + P[b * 3 + 1]) / 2, (P[a * 3 + 2] + P[b * 3 + 2]) / 2);
    if (uvs) {
      const U = mesh.uvs!;
      uvs.reserve(uvs.length + 2);
      uvs.data[uvs.length++] = (U[a * 2] + U[b * 2]) / 2;
      uvs.data[uvs.length++] = (U[a * 2 + 1] + U[b * 2 + 1]) / 2;
    }
    if (normals) {
      const N = mesh.normals!;
      const x = N[a * 3] + N[b * 3],
        y = N[a * 3 + 1] + N[b * 3 + 1],
        z = N[a * 3 + 2] + N[b * 3 + 2];
      const l = Math.hypot(x, y, z) || 1;
      normals.push3(x / l, y / l, z / l);
    }
    return nextVertex++;
  };

  const materials = triangleMaterials(mesh);
  const out = new GrowableUint32(I.length + added * 3);
  const outMaterials = new GrowableUint32(faces + added);
  const emit = (a: number, b: number, c: number, m: number): void => {
    out.push3(a, b, c);
    outMaterials.push(m);
  };
  const dist2 = (a: number, b: number): number => {
    const d = positions.data;
    const x = d[a * 3] - d[b * 3],
      y = d[a * 3 + 1] - d[b * 3 + 1],
      z = d[a * 3 + 2] - d[b * 3 + 2];
    return x * x + y * y + z * z;
  };
  for (let t = 0; t < faces; t++) {
    const m = materials[t];
    const v0 = I[t * 3],
      v1 = I[t * 3 + 1],
      v2 = I[t * 3 + 2];
    const s0 = split[sideEdge[t * 3]],
      s1 = split[sideEdge[t * 3 + 1]],
      s2 = split[sideEdge[t * 3 + 2]];
    const count = s0 + s1 + s2;
    if (count === 0) {
      emit(v0, v1, v2, m);
      continue;
    }
    if (count === 3) {
      const m0 = midpoint(v0, v1),
        m1 = midpoint(v1, v2),
        m2 = midpoint(v2, v0);
      emit(v0, m0, m2, m);
      emit(m0, v1, m1, m);
      emit(m2, m1, v2, m);
      emit(m0, m1, m2, m);
      continue;
    }
    if (count === 1) {
      // Rotate so the split side is (a, b).
      const a = s0 ? v0 : s1 ? v1 : v2,
        b = s0 ? v1 : s1 ? v2 : v0,
        c = s0 ? v2 : s1 ? v0 : v1;
      const mid = midpoint(a, b);
      emit(a, mid, c, m);
      emit(mid, b, c, m);
      continue;
    }
    // Two split sides: rotate so the unsplit side is (c, a); sides (a, b) and (b, c) are split.
    const a = !s2 ? v0 : !s0 ? v1 : v2,
      b = !s2 ? v1 : !s0 ? v2 : v0,
      c = !s2 ? v2 : !s0 ? v0 : v1;
    const mab = midpoint(a, b),
      mbc = midpoint(b, c);
    emit(mab, b, mbc, m);
    // The remaining quad (a, mab, mbc, c): cut along its shorter diagonal.
    if (dist2(a, mbc) <= dist2(mab, c)) {
      emit(a, mab, mbc, m);
      emit(a, mbc, c, m);
    } else {
      emit(a, mab, c, m);
      emit(mab, mbc, c, m);
    }
  }
  return {
    positions: positions.toArray(),
    indices: out.toArray(),
    groups: groupsFromMaterials(outMaterials.data, outMaterials.length),
    ...(uvs ? { uvs: uvs.toArray() } : {}),
    ...(normals ? { normals: normals.toArray() } : {}),
  };
}
