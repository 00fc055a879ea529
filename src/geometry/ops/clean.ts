/**
 * Topological clean-up on position ids (vertices sharing a position count as one, so UV seams do not
 * look like holes): duplicate faces, orientation, small holes. Each step keeps the attribute vertices
 * the triangles use, so UVs and materials survive.
 */
import { GrowableUint32, PairTable } from './pair-table.ts';

/** Triangles as position ids plus the vertex indices they were built from. */
export interface Topology {
  /** Position id per triangle corner. */
  pid: Uint32Array;
  /** Attribute vertex per triangle corner. */
  corners: Uint32Array;
  /** Material per triangle. */
  materials: Uint32Array;
}

/** Drops faces whose three positions repeat an earlier face. Opposite-wound twins (an inner wall) both go. */
export function removeDuplicateFaces(topo: Topology): { topo: Topology; removed: number } {
  const { pid } = topo;
  const count = pid.length / 3;
  const table = new PairTable(count);
  const next = new Int32Array(count).fill(-1);
  const drop = new Uint8Array(count);
  const sorted = (t: number): [number, number, number, boolean] => {
    let a = pid[t * 3],
      b = pid[t * 3 + 1],
      c = pid[t * 3 + 2];
    let even = true;
    if (a > b) {
      [a, b] = [b, a];
      even = !even;
    }
    if (b > c) {
      [b, c] = [c, b];
      even = !even;
    }
    if (a > b) {
      [a, b] = [b, a];
      even = !even;
    }
    return [a, b, c, even];
  };
  for (let t = 0; t < count; t++) {
    const [a, b, c, even] = sorted(t);
    const head = table.get(a, b);
    let twin = -1;
    for (let u = head; u >= 0; u = next[u]) {
      if (drop[u]) continue;
      const [, , cu] = sorted(u);
      if (cu === c) {
        twin = u;
        break;
      }
    }
    if (twin >= 0) {
      drop[t] = 1;
      if (sorted(twin)[3] !== even) drop[twin] = 1;
      continue;
    }
    next[t] = head;
    table.set(a, b, t);
  }
  let removed = 0;
  for (let t = 0; t < count; t++) removed += drop[t];
  return { topo: removed ? keep(topo, drop) : topo, removed };
}

function keep(topo: Topology, drop: Uint8Array): Topology {
  const count = topo.materials.length;
  let n = 0;
  for (let t = 0; t < count; t++) if (!drop[t]) n++;
  const pid = new Uint32Array(n * 3),
    corners = new Uint32Array(n * 3),
    materials = new Uint32Array(n);
  let o = 0;
  for (let t = 0; t < count; t++) {
    if (drop[t]) continue;
    for (let k = 0; k < 3; k++) {
      pid[o * 3 + k] = topo.pid[t * 3 + k];
      corners[o * 3 + k] = topo.corners[t * 3 + k];
    }
    materials[o++] = topo.materials[t];
  }
  return { pid, corners, materials };
}

/** Undirected edges: per triangle side its edge, per edge its first two triangles and its use count. */
export interface EdgeGraph {
  side: Uint32Array;
  first: Int32Array;
  second: Int32Array;
  uses: Uint32Array;
  count: number;
}

export function edgeGraph(pid: Uint32Array): EdgeGraph {
  const faces = pid.length / 3;
  const table = new PairTable(faces * 2);
  const side = new Uint32Array(faces * 3);
  const first = new Int32Array(faces * 3).fill(-1);
  const second = new Int32Array(faces * 3).fill(-1);
  const uses = new Uint32Array(faces * 3);
  let count = 0;
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const a = pid[t * 3 + k],
        b = pid[t * 3 + ((k + 1) % 3)];
      const lo = a < b ? a : b,
        hi = a < b ? b : a;
      let e = table.getOrSet(lo, hi, count);
      if (e < 0) e = count++;
      side[t * 3 + k] = e;
      if (uses[e] === 0) first[e] = t;
      else if (uses[e] === 1) second[e] = t;
      uses[e]++;
    }
  return { side, first, second, uses, count };
}

/**
 * Makes winding consistent across manifold edges (breadth-first per component), then turns each
 * component so its signed volume is positive (outward). Returns how many triangles were flipped.
 */
export function orientConsistently(topo: Topology, positions: Float32Array): number {
  const { pid, corners } = topo;
  const faces = pid.length / 3;
  const graph = edgeGraph(pid);
  const flip = new Uint8Array(faces);
  const component = new Int32Array(faces).fill(-1);
  const queue = new Uint32Array(faces);
  const volumes: number[] = [];
  // Does triangle t traverse edge side k from a to b (as stored, before flips)?
  const dirOf = (t: number, a: number): number => {
    for (let k = 0; k < 3; k++) if (pid[t * 3 + k] === a) return k;
    return -1;
  };
  for (let seed = 0; seed < faces; seed++) {
    if (component[seed] >= 0) continue;
    const id = volumes.length;
    let head = 0,
      tail = 0;
    queue[tail++] = seed;
    component[seed] = id;
    let volume = 0;
    while (head < tail) {
      const t = queue[head++];
      volume += signedVolume(positions, corners, t) * (flip[t] ? -1 : 1);
      for (let k = 0; k < 3; k++) {
        const e = graph.side[t * 3 + k];
        if (graph.uses[e] !== 2) continue;
        const u = graph.first[e] === t ? graph.second[e] : graph.first[e];
        if (u < 0 || component[u] >= 0) continue;
        // Consistent neighbours traverse the shared edge in opposite directions.
        const a = pid[t * 3 + k],
          b = pid[t * 3 + ((k + 1) % 3)];
        const ka = dirOf(u, a);
        const sameDirection = ka >= 0 && pid[u * 3 + ((ka + 1) % 3)] === b;
        flip[u] = (sameDirection ? 1 : 0) ^ flip[t];
        component[u] = id;
        queue[tail++] = u;
      }
    }
    volumes.push(volume);
  }
  let flipped = 0;
  for (let t = 0; t < faces; t++) {
    if (volumes[component[t]] < 0) flip[t] ^= 1;
    if (!flip[t]) continue;
    flipped++;
    swap(pid, t * 3 + 1, t * 3 + 2);
    swap(corners, t * 3 + 1, t * 3 + 2);
  }
  return flipped;
}

function swap(a: Uint32Array, i: number, j: number): void {
  const x = a[i];
  a[i] = a[j];
  a[j] = x;
}

function signedVolume(p: Float32Array, corners: Uint32Array, t: number): number {
  const a = corners[t * 3] * 3,
    b = corners[t * 3 + 1] * 3,
    c = corners[t * 3 + 2] * 3;
  return (
    (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
      p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
    6
  );
}

export interface HoleFill {
  topo: Topology;
  /** New vertices (appended after the existing ones): position, then corner vertices to average UVs from. */
  added: { position: [number, number, number]; from: number[] }[];
  filled: number;
  unfilled: number;
}

/**
 * Closes every boundary loop of at most `maxEdges` edges with a fan around a new centre vertex.
 * Boundary half-edges are followed head to tail; the fan is wound against them so it continues the
 * surrounding orientation.
 */
export function fillHoles(topo: Topology, positions: Float32Array, vertexCount: number, maxEdges: number): HoleFill {
  const { pid, corners } = topo;
  const faces = pid.length / 3;
  const graph = edgeGraph(pid);
  // Boundary half-edges, chained by their start position id.
  const starts = new PairTable(64);
  const halfFrom: number[] = [],
    halfTo: number[] = [],
    halfCornerFrom: number[] = [],
    halfCornerTo: number[] = [],
    halfMat: number[] = [];
  const nextSame: number[] = [];
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      if (graph.uses[graph.side[t * 3 + k]] !== 1) continue;
      const h = halfFrom.length;
      const k2 = (k + 1) % 3;
      halfFrom.push(pid[t * 3 + k]);
      halfTo.push(pid[t * 3 + k2]);
      halfCornerFrom.push(corners[t * 3 + k]);
      halfCornerTo.push(corners[t * 3 + k2]);
      halfMat.push(topo.materials[t]);
      const prev = starts.get(pid[t * 3 + k], 0);
      nextSame.push(prev);
      starts.set(pid[t * 3 + k], 0, h);
    }
  const used = new Uint8Array(halfFrom.length);
  const takeFrom = (p: number): number => {
    for (let h = starts.get(p, 0); h >= 0; h = nextSame[h]) if (!used[h]) return h;
    return -1;
  };
  const newPid = new GrowableUint32(),
    newCorners = new GrowableUint32(),
    newMats = new GrowableUint32();
  const added: HoleFill['added'] = [];
  let filled = 0,
    unfilled = 0;
  for (let h0 = 0; h0 < halfFrom.length; h0++) {
    if (used[h0]) continue;
    const loop: number[] = [];
    let h = h0;
    let closed = false;
    while (h >= 0 && loop.length <= maxEdges) {
      used[h] = 1;
      loop.push(h);
      if (halfTo[h] === halfFrom[h0]) {
        closed = true;
        break;
      }
      h = takeFrom(halfTo[h]);
    }
    if (!closed || loop.length > maxEdges || loop.length < 3) {
      if (!closed || loop.length > maxEdges) unfilled++;
      // Continue marking the rest of an oversized loop so it is counted once.
      while (h >= 0 && !closed) {
        h = takeFrom(halfTo[h]);
        if (h >= 0) used[h] = 1;
      }
      if (closed && loop.length < 3) unfilled++;
      continue;
    }
    const centre: [number, number, number] = [0, 0, 0];
    for (const e of loop) for (let k = 0; k < 3; k++) centre[k] += positions[halfCornerFrom[e] * 3 + k] / loop.length;
    const centrePid = 0x7fffffff - added.length; // unique id outside every real position id
    const centreVertex = vertexCount + added.length;
    added.push({ position: centre, from: loop.map((e) => halfCornerFrom[e]) });
    for (const e of loop) {
      newPid.push3(halfTo[e], halfFrom[e], centrePid);
      newCorners.push3(halfCornerTo[e], halfCornerFrom[e], centreVertex);
      newMats.push(halfMat[e]);
    }
    filled++;
  }
  if (filled === 0) return { topo, added, filled, unfilled };
  const concat = (a: Uint32Array, b: GrowableUint32): Uint32Array => {
    const out = new Uint32Array(a.length + b.length);
    out.set(a);
    out.set(b.data.subarray(0, b.length), a.length);
    return out;
  };
  return {
    topo: {
      pid: concat(pid, newPid),
      corners: concat(corners, newCorners),
      materials: concat(topo.materials, newMats),
    },
    added,
    filled,
    unfilled,
  };
}
