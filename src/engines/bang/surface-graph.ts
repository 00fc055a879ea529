/**
 * The dual graph of a triangle surface: one node per triangle, one link per shared edge, with what
 * the segmenter needs to know about each link (edge length, how concave the crease is, its endpoints).
 * Vertices are welded by exact position first so UV and normal seams do not break adjacency.
 */

export interface SurfaceGraph {
  faceCount: number;
  /** Welded vertex positions, xyz. */
  positions: Float64Array;
  /** Welded vertex indices, three per face. */
  faces: Uint32Array;
  area: Float64Array;
  /** xyz per face. */
  centroid: Float64Array;
  /** Unit normal per face (zero for degenerate faces). */
  normal: Float64Array;
  /** CSR adjacency: links of face f are adjStart[f] … adjStart[f + 1] - 1. */
  adjStart: Uint32Array;
  adjFace: Uint32Array;
  /** Length of the shared edge. */
  adjLength: Float64Array;
  /** 1 − cos(dihedral angle) when the crease is concave, the negated value when convex, 0 when flat. */
  adjCrease: Float64Array;
  /** Welded endpoints of the shared edge. */
  adjEdgeA: Uint32Array;
  adjEdgeB: Uint32Array;
}

/** Welds by exact float position; returns welded positions and the remapped indices. */
export function weldByPosition(positions: ArrayLike<number>, indices: ArrayLike<number>): {
  positions: Float64Array;
  faces: Uint32Array;
} {
  const map = new Map<string, number>();
  const remap = new Uint32Array(positions.length / 3);
  const out: number[] = [];
  for (let v = 0; v < remap.length; v++) {
    const x = positions[3 * v], y = positions[3 * v + 1], z = positions[3 * v + 2];
    const key = `${x},${y},${z}`;
    let id = map.get(key);
    if (id === undefined) {
      id = out.length / 3;
      map.set(key, id);
      out.push(x, y, z);
    }
    remap[v] = id;
  }
  const faces = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) faces[i] = remap[indices[i]];
  return { positions: Float64Array.from(out), faces };
}

export function buildSurfaceGraph(positions: ArrayLike<number>, indices: ArrayLike<number>): SurfaceGraph {
  const welded = weldByPosition(positions, indices);
  const p = welded.positions;
  const faces = welded.faces;
  const n = faces.length / 3;
  const area = new Float64Array(n);
  const centroid = new Float64Array(3 * n);
  const normal = new Float64Array(3 * n);
  for (let f = 0; f < n; f++) {
    const a = 3 * faces[3 * f], b = 3 * faces[3 * f + 1], c = 3 * faces[3 * f + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    area[f] = len / 2;
    if (len > 0) {
      normal[3 * f] = nx / len;
      normal[3 * f + 1] = ny / len;
      normal[3 * f + 2] = nz / len;
    }
    for (let k = 0; k < 3; k++) centroid[3 * f + k] = (p[a + k] + p[b + k] + p[c + k]) / 3;
  }

  // Edge → faces through a hash on the sorted vertex pair; non-manifold edges link every pair.
  const edgeFaces = new Map<number, number[]>();
  const nv = p.length / 3;
  for (let f = 0; f < n; f++) {
    for (let k = 0; k < 3; k++) {
      const i = faces[3 * f + k], j = faces[3 * f + ((k + 1) % 3)];
      if (i === j) continue;
      const key = i < j ? i * nv + j : j * nv + i;
      const list = edgeFaces.get(key);
      if (list) list.push(f);
      else edgeFaces.set(key, [f]);
    }
  }
  const degree = new Uint32Array(n + 1);
  const links: number[] = [];
  for (const [key, list] of edgeFaces) {
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        if (list[x] === list[y]) continue;
        links.push(list[x], list[y], Math.floor(key / nv), key % nv);
        degree[list[x]]++;
        degree[list[y]]++;
      }
    }
  }
  const adjStart = new Uint32Array(n + 1);
  for (let f = 0; f < n; f++) adjStart[f + 1] = adjStart[f] + degree[f];
  const total = adjStart[n];
  const adjFace = new Uint32Array(total);
  const adjLength = new Float64Array(total);
  const adjCrease = new Float64Array(total);
  const adjEdgeA = new Uint32Array(total);
  const adjEdgeB = new Uint32Array(total);
  const fill = adjStart.slice(0, n);
  for (let l = 0; l < links.length; l += 4) {
    const f = links[l], g = links[l + 1], a = links[l + 2], b = links[l + 3];
    const length = Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]);
    const cos = normal[3 * f] * normal[3 * g] + normal[3 * f + 1] * normal[3 * g + 1] + normal[3 * f + 2] * normal[3 * g + 2];
    // Concave when g's centroid lies above f's plane (and vice versa, averaged for robustness).
    let side = 0;
    for (let k = 0; k < 3; k++) {
      side += (centroid[3 * g + k] - centroid[3 * f + k]) * (normal[3 * f + k] - normal[3 * g + k]);
    }
    const crease = Math.max(0, 1 - cos) * (side > 0 ? 1 : -1);
    for (const [from, to] of [[f, g], [g, f]]) {
      const slot = fill[from]++;
      adjFace[slot] = to;
      adjLength[slot] = length;
      adjCrease[slot] = crease;
      adjEdgeA[slot] = a;
      adjEdgeB[slot] = b;
    }
  }
  return { faceCount: n, positions: p, faces, area, centroid, normal, adjStart, adjFace, adjLength, adjCrease, adjEdgeA, adjEdgeB };
}

/** Connected components of the dual graph: a component id per face, ids in order of first face. */
export function faceComponents(graph: SurfaceGraph): { count: number; component: Int32Array } {
  const component = new Int32Array(graph.faceCount).fill(-1);
  let count = 0;
  const stack: number[] = [];
  for (let seed = 0; seed < graph.faceCount; seed++) {
    if (component[seed] >= 0) continue;
    component[seed] = count;
    stack.push(seed);
    while (stack.length) {
      const f = stack.pop()!;
      for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
        const g = graph.adjFace[s];
        if (component[g] < 0) {
          component[g] = count;
          stack.push(g);
        }
      }
    }
    count++;
  }
  return { count, component };
}
