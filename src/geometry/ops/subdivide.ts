/**
 * Adding faces: midpoint splits of the longest edges until a mesh reaches a face count. Midpoints lie on
 * the existing surface, so the shape and silhouette are unchanged; an edge is split on both of its
 * triangles (by position, so UV seams split on both sides too), so closed meshes stay closed.
 */
import type { Mesh } from '../mesh.ts';
import { groupsFromMaterials, triangleMaterials } from './mesh-utils.ts';
import { GrowableFloat32, GrowableUint32 } from './pair-table.ts';
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
  // Undirected edges by position id; per triangle side, its edge. Edges are numbered in order of their
  // first side (the selection below walks them in that order). Sides are bucketed by their lower
  // position id and an edge is found within that bucket: a hash table of pairs here was
  // most of the high-poly mesh's time at 6M faces (a few hundred MB of slots, a cache miss per side).
  const sides = faces * 3;
  const sideLow = new Uint32Array(sides);
  const sideHigh = new Uint32Array(sides);
  const bucketStart = new Uint32Array(P.length / 3 + 1);
  for (let t = 0; t < faces; t++) {
    for (let k = 0; k < 3; k++) {
      const a = pid[I[t * 3 + k]],
        b = pid[I[t * 3 + (k === 2 ? 0 : k + 1)]];
      const lo = a < b ? a : b;
      sideLow[t * 3 + k] = lo;
      sideHigh[t * 3 + k] = a < b ? b : a;
      bucketStart[lo + 1]++;
    }
  }
  for (let v = 0; v + 1 < bucketStart.length; v++) bucketStart[v + 1] += bucketStart[v];
  const bucket = new Uint32Array(sides);
  const fill = bucketStart.slice(0, bucketStart.length - 1);
  for (let side = 0; side < sides; side++) bucket[fill[sideLow[side]]++] = side;
  // Each side's edge's first side: a bucket lists its sides in order, so the first with a given far end is
  // its edge's first side. One walk per bucket with the far ends stamped keeps this linear at a vertex of
  // high valence (a fan's apex), where scanning the bucket once per side would be quadratic.
  const firstOfEdge = new Uint32Array(sides);
  const firstByHigh = new Int32Array(P.length / 3).fill(-1);
  for (let lo = 0; lo + 1 < bucketStart.length; lo++) {
    for (let j = bucketStart[lo]; j < bucketStart[lo + 1]; j++) {
      const side = bucket[j];
      const hi = sideHigh[side];
      if (firstByHigh[hi] < 0) firstByHigh[hi] = side;
      firstOfEdge[side] = firstByHigh[hi];
    }
    for (let j = bucketStart[lo]; j < bucketStart[lo + 1]; j++) firstByHigh[sideHigh[bucket[j]]] = -1;
  }
  const sideEdge = new Uint32Array(sides);
  // Per edge: how many sides it has, its squared length (as float32, as kept before), its sides as a list.
  const adjacency = new Uint32Array(sides);
  const lengths = new Float32Array(sides);
  const firstSide = new Int32Array(sides);
  const lastSide = new Int32Array(sides);
  const nextSide = new Int32Array(sides).fill(-1);
  let edgeCount = 0;
  for (let side = 0; side < sides; side++) {
    const first = firstOfEdge[side];
    let e: number;
    if (first === side) {
      e = edgeCount++;
      const va = I[side],
        vb = I[side % 3 === 2 ? side - 2 : side + 1];
      const dx = P[va * 3] - P[vb * 3],
        dy = P[va * 3 + 1] - P[vb * 3 + 1],
        dz = P[va * 3 + 2] - P[vb * 3 + 2];
      lengths[e] = dx * dx + dy * dy + dz * dz;
      firstSide[e] = side;
    } else {
      e = sideEdge[first];
      nextSide[lastSide[e]] = side;
    }
    lastSide[e] = side;
    adjacency[e]++;
    sideEdge[side] = e;
  }
  const len2 = (e: number): number => lengths[e];
  // Pick the longest edges: histogram on length to find the cut, then take the cut bin in order.
  const split = new Uint8Array(edgeCount);
  let maxLen = 0;
  for (let e = 0; e < edgeCount; e++) maxLen = Math.max(maxLen, len2(e));
  const BINS = 4096;
  // Each edge's bin once (three passes read it).
  const bins = new Uint16Array(edgeCount);
  for (let e = 0; e < edgeCount; e++)
    bins[e] = Math.min(BINS - 1, Math.floor(Math.sqrt(len2(e) / (maxLen || 1)) * BINS));
  const bin = (e: number): number => bins[e];
  const histogram = new Float64Array(BINS);
  for (let e = 0; e < edgeCount; e++) histogram[bin(e)] += adjacency[e];
  let added = 0;
  let cut = BINS;
  while (cut > 0 && added + histogram[cut - 1] <= need) added += histogram[--cut];
  for (let e = 0; e < edgeCount; e++) if (bin(e) >= cut) split[e] = 1;
  if (cut > 0) {
    for (let e = 0; e < edgeCount && added < need - 1; e++) {
      if (bin(e) !== cut - 1) continue;
      if (added + adjacency[e] > need + 1) continue;
      split[e] = 1;
      added += adjacency[e];
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
  // Midpoints per (vertex, vertex) pair: seam sides get their own midpoint with their own UV. A pair's
  // sides all lie on one edge, so an earlier midpoint is looked for among the sides of the edge.
  const sideMidpoint = new Int32Array(sides).fill(-1);
  let nextVertex = vertexCount;
  const midpoint = (side: number, a: number, b: number): number => {
    for (let q = firstSide[sideEdge[side]]; q !== -1; q = nextSide[q]) {
      const found = sideMidpoint[q];
      if (found < 0) continue;
      const qa = I[q],
        qb = I[q % 3 === 2 ? q - 2 : q + 1];
      if ((qa === a && qb === b) || (qa === b && qb === a)) {
        sideMidpoint[side] = found;
        return found;
      }
    }
    sideMidpoint[side] = nextVertex;
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
      const m0 = midpoint(t * 3, v0, v1),
        m1 = midpoint(t * 3 + 1, v1, v2),
        m2 = midpoint(t * 3 + 2, v2, v0);
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
      const mid = midpoint(t * 3 + (s0 ? 0 : s1 ? 1 : 2), a, b);
      emit(a, mid, c, m);
      emit(mid, b, c, m);
      continue;
    }
    // Two split sides: rotate so the unsplit side is (c, a); sides (a, b) and (b, c) are split.
    const a = !s2 ? v0 : !s0 ? v1 : v2,
      b = !s2 ? v1 : !s0 ? v2 : v0,
      c = !s2 ? v2 : !s0 ? v0 : v1;
    const mab = midpoint(t * 3 + (!s2 ? 0 : !s0 ? 1 : 2), a, b),
      mbc = midpoint(t * 3 + (!s2 ? 1 : !s0 ? 2 : 0), b, c);
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
    // Sized exactly (each split side adds one triangle): no copy.
    indices: out.length === out.data.length ? out.data : out.toArray(),
    groups: groupsFromMaterials(outMaterials.data, outMaterials.length),
    ...(uvs ? { uvs: uvs.toArray() } : {}),
    ...(normals ? { normals: normals.toArray() } : {}),
  };
}
