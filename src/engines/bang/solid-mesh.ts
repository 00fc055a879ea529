/**
 * Closed triangle meshes as the splitter carries them between cuts, outside manifold-3d.
 *
 * Every mesh of one split indexes the same growing vertex pool, so two pieces made by one plane cut
 * share the vertices of their seam exactly; gluing them back (join) is then dropping the two copies of
 * the cap between them, not a boolean union. manifold-3d is only called as the fallback when a plane or
 * box cut cannot be capped by plane-clip.ts, and to unite pieces it made (foreign ones; see join).
 */
import type { Manifold, ManifoldToplevel } from 'manifold-3d';

/** Positions (double) shared by every mesh of one split; only ever appended to. */
export class VertexPool {
  positions = new Float64Array(3 * 65536);
  count = 0;

  add(x: number, y: number, z: number): number {
    if (3 * this.count + 3 > this.positions.length) {
      const grown = new Float64Array(this.positions.length * 2);
      grown.set(this.positions);
      this.positions = grown;
    }
    const id = this.count++;
    this.positions[3 * id] = x;
    this.positions[3 * id + 1] = y;
    this.positions[3 * id + 2] = z;
    return id;
  }
}

export interface SolidMesh {
  pool: VertexPool;
  /** Three pool vertex ids per triangle, counter-clockwise seen from outside. */
  triangles: Uint32Array;
  /** Input triangle each triangle comes from, −1 for faces a cut exposed. */
  faces: Int32Array;
  /** UVs per triangle corner (six per triangle), when the input had UVs. */
  uvs?: Float32Array;
  /**
   * Made by manifold-3d rather than a plane cut here: its seams do not share pool vertices with the
   * pieces it was cut from, so gluing it back needs a boolean union.
   */
  foreign?: boolean;
}

export function triangleCount(mesh: SolidMesh): number {
  return mesh.triangles.length / 3;
}

/** Enclosed volume (sum of signed tetrahedra from the origin). */
export function meshVolume(mesh: SolidMesh): number {
  const p = mesh.pool.positions,
    t = mesh.triangles;
  let sum = 0;
  for (let i = 0; i < t.length; i += 3) {
    const a = 3 * t[i],
      b = 3 * t[i + 1],
      c = 3 * t[i + 2];
    sum +=
      p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
      p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return sum / 6;
}

export function boundingBox(mesh: SolidMesh): { min: [number, number, number]; max: [number, number, number] } {
  const p = mesh.pool.positions,
    t = mesh.triangles;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < t.length; i++) {
    const v = 3 * t[i];
    for (let k = 0; k < 3; k++) {
      const x = p[v + k];
      if (x < min[k]) min[k] = x;
      if (x > max[k]) max[k] = x;
    }
  }
  return { min, max };
}

/** Distinct vertices of a mesh, in order of first use. */
export function usedVertices(mesh: SolidMesh): Uint32Array {
  const seen = new Uint8Array(mesh.pool.count);
  const out: number[] = [];
  for (const v of mesh.triangles) {
    if (seen[v]) continue;
    seen[v] = 1;
    out.push(v);
  }
  return Uint32Array.from(out);
}

/** Area of side-1 and side-2 input surface the mesh carries (side per input triangle). */
export function sideAreas(mesh: SolidMesh, side: Uint8Array): [number, number] {
  const p = mesh.pool.positions,
    t = mesh.triangles,
    f = mesh.faces;
  let a = 0,
    b = 0;
  for (let i = 0; i < f.length; i++) {
    if (f[i] < 0) continue;
    const s = side[f[i]];
    if (s === 0) continue;
    const v0 = 3 * t[3 * i],
      v1 = 3 * t[3 * i + 1],
      v2 = 3 * t[3 * i + 2];
    const ux = p[v1] - p[v0],
      uy = p[v1 + 1] - p[v0 + 1],
      uz = p[v1 + 2] - p[v0 + 2];
    const vx = p[v2] - p[v0],
      vy = p[v2 + 1] - p[v0 + 1],
      vz = p[v2 + 2] - p[v0 + 2];
    const area = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    if (s === 1) a += area;
    else if (s === 2) b += area;
  }
  return [a, b];
}

/** A mesh of some of `mesh`'s triangles (indices into it). */
export function subMesh(mesh: SolidMesh, picked: ArrayLike<number>, foreign = mesh.foreign): SolidMesh {
  const n = picked.length;
  const triangles = new Uint32Array(3 * n),
    faces = new Int32Array(n);
  const uvs = mesh.uvs ? new Float32Array(6 * n) : undefined;
  for (let i = 0; i < n; i++) {
    const t = picked[i];
    triangles[3 * i] = mesh.triangles[3 * t];
    triangles[3 * i + 1] = mesh.triangles[3 * t + 1];
    triangles[3 * i + 2] = mesh.triangles[3 * t + 2];
    faces[i] = mesh.faces[t];
    if (uvs) for (let k = 0; k < 6; k++) uvs[6 * i + k] = mesh.uvs![6 * t + k];
  }
  return { pool: mesh.pool, triangles, faces, uvs, ...(foreign ? { foreign } : {}) };
}

/** Concatenation of meshes of one pool. */
export function concat(meshes: SolidMesh[]): SolidMesh {
  const total = meshes.reduce((s, m) => s + m.faces.length, 0);
  const triangles = new Uint32Array(3 * total),
    faces = new Int32Array(total);
  const uvs = meshes[0].uvs ? new Float32Array(6 * total) : undefined;
  let at = 0;
  for (const m of meshes) {
    triangles.set(m.triangles, 3 * at);
    faces.set(m.faces, at);
    if (uvs && m.uvs) uvs.set(m.uvs, 6 * at);
    at += m.faces.length;
  }
  return { pool: meshes[0].pool, triangles, faces, uvs, ...(meshes.some((m) => m.foreign) ? { foreign: true } : {}) };
}

/**
 * The connected components of a mesh (triangles sharing a vertex are connected, as manifold-3d's
 * decompose has it), each with its volume, in order of their first triangle.
 */
export function components(mesh: SolidMesh): { mesh: SolidMesh; volume: number }[] {
  const t = mesh.triangles,
    n = t.length / 3;
  // Union-find over the pool ids this mesh uses (parent 0 = unused).
  const parent = new Int32Array(mesh.pool.count + 1);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (let i = 0; i < t.length; i++) if (parent[t[i] + 1] === 0) parent[t[i] + 1] = t[i] + 1;
  for (let i = 0; i < t.length; i += 3) {
    const a = find(t[i] + 1),
      b = find(t[i + 1] + 1),
      c = find(t[i + 2] + 1);
    const r = Math.min(a, b, c);
    parent[a] = parent[b] = parent[c] = r;
  }
  const index = new Map<number, number>();
  const lists: number[][] = [];
  for (let i = 0; i < n; i++) {
    const r = find(t[3 * i] + 1);
    let k = index.get(r);
    if (k === undefined) {
      index.set(r, (k = lists.length));
      lists.push([]);
    }
    lists[k].push(i);
  }
  if (lists.length === 1) return [{ mesh, volume: meshVolume(mesh) }];
  return lists.map((list) => {
    const part = subMesh(mesh, list);
    return { mesh: part, volume: meshVolume(part) };
  });
}

/** manifold-3d's genus of a closed mesh: 1 − χ/2 over all its components (χ = V − E + F, E = 3F/2). */
export function genus(mesh: SolidMesh): number {
  const f = mesh.faces.length;
  return 1 - (usedVertices(mesh).length - f / 2) / 2;
}

/** True when every directed edge is matched by exactly one opposite edge and no triangle is degenerate. */
export function isClosed(mesh: SolidMesh): boolean {
  return closedAround(mesh, 0);
}

/**
 * Whether every directed edge that touches a vertex made at or after pool id `first` is matched by
 * exactly one opposite edge: a closedness check limited to where cuts since `first` can have opened it
 * (an unmatched edge between older vertices always leaves unmatched pieces next to newer ones).
 */
export function closedAround(mesh: SolidMesh, first: number): boolean {
  const t = mesh.triangles;
  const count = new Map<number, number>();
  const key = (a: number, b: number) => a * 4294967296 + b;
  for (let i = 0; i < t.length; i += 3) {
    if (t[i] < first && t[i + 1] < first && t[i + 2] < first) continue;
    if (t[i] === t[i + 1] || t[i + 1] === t[i + 2] || t[i] === t[i + 2]) return false;
    for (let k = 0; k < 3; k++) {
      const a = t[i + k],
        b = t[i + ((k + 1) % 3)];
      if (a < first && b < first) continue;
      const e = key(a, b);
      count.set(e, (count.get(e) ?? 0) + 1);
    }
  }
  for (const [e, c] of count) {
    if (c !== 1) return false;
    const a = Math.floor(e / 4294967296),
      b = e - a * 4294967296;
    if (count.get(key(b, a)) !== 1) return false;
  }
  return true;
}

/**
 * One closed mesh from pieces of one split that touch along cut faces: cut triangles that appear twice
 * with opposite orientation (the two sides of a seam made by plane-clip.ts) are dropped. Pieces made by
 * manifold-3d (foreign) have no shared seams, so lists holding one are united by manifold-3d instead.
 */
export function join(meshes: SolidMesh[], kernel: Kernel, firstNew: number): SolidMesh {
  if (meshes.length === 1) return meshes[0];
  if (meshes.some((m) => m.foreign)) return kernel.union(meshes);
  const glued = dropSeams(meshes);
  // Seams match unless a piece was cut by manifold-3d or by a box the others were not refined along.
  return closedAround(glued, firstNew) ? glued : kernel.union(meshes);
}

/** The meshes (of one pool) as one, without the cut triangles that appear twice wound oppositely. */
export function dropSeams(meshes: SolidMesh[]): SolidMesh {
  const all = concat(meshes);
  const t = all.triangles;
  const seen = new Map<string, number>();
  const drop = new Uint8Array(all.faces.length);
  for (let i = 0; i < all.faces.length; i++) {
    if (all.faces[i] >= 0) continue;
    const a = t[3 * i],
      b = t[3 * i + 1],
      c = t[3 * i + 2];
    // Rotate so the smallest id leads: the same triangle wound the other way then differs only in order.
    const [x, y, z] = a < b && a < c ? [a, b, c] : b < c ? [b, c, a] : [c, a, b];
    const mine = `${x},${y},${z}`,
      opposite = `${x},${z},${y}`;
    const match = seen.get(opposite);
    if (match !== undefined) {
      drop[i] = drop[match] = 1;
      seen.delete(opposite);
    } else seen.set(mine, i);
  }
  const kept: number[] = [];
  for (let i = 0; i < drop.length; i++) if (!drop[i]) kept.push(i);
  return kept.length === all.faces.length ? all : subMesh(all, kept, false);
}

/** The manifold-3d operations the splitter still needs, on SolidMesh (see plane-clip.ts and cut.ts). */
export interface Kernel {
  wasm: ManifoldToplevel;
  originalId: number;
  toManifold(mesh: SolidMesh): Manifold;
  /** The pieces of `m` (consumed) as foreign meshes, one per component (not split when `whole`). */
  fromManifold(m: Manifold, whole?: boolean): SolidMesh[];
  union(meshes: SolidMesh[]): SolidMesh;
}

export function makeKernel(wasm: ManifoldToplevel, originalId: number, pool: VertexPool, hasUvs: boolean): Kernel {
  const cutId = wasm.Manifold.reserveIDs(1);
  const kernel: Kernel = {
    wasm,
    originalId,
    toManifold(mesh) {
      const n = mesh.faces.length;
      // Input faces first, cut faces after: one run per originalID.
      const order: number[] = [];
      for (let i = 0; i < n; i++) if (mesh.faces[i] >= 0) order.push(i);
      const inputCount = order.length;
      for (let i = 0; i < n; i++) if (mesh.faces[i] < 0) order.push(i);
      const numProp = hasUvs ? 5 : 3;
      const p = pool.positions;
      const triVerts = new Uint32Array(3 * n);
      const faceID = new Uint32Array(n);
      let props: Float32Array, mergeFromVert: Uint32Array | undefined, mergeToVert: Uint32Array | undefined;
      if (hasUvs) {
        // One property vertex per corner, merged back to one per pool vertex for topology.
        props = new Float32Array(3 * n * 5);
        const first = new Map<number, number>();
        const from: number[] = [],
          to: number[] = [];
        order.forEach((t, i) => {
          faceID[i] = Math.max(0, mesh.faces[t]);
          for (let k = 0; k < 3; k++) {
            const corner = 3 * i + k,
              v = mesh.triangles[3 * t + k];
            triVerts[corner] = corner;
            props.set(
              [p[3 * v], p[3 * v + 1], p[3 * v + 2], mesh.uvs![6 * t + 2 * k], mesh.uvs![6 * t + 2 * k + 1]],
              5 * corner,
            );
            const known = first.get(v);
            if (known === undefined) first.set(v, corner);
            else {
              from.push(corner);
              to.push(known);
            }
          }
        });
        mergeFromVert = Uint32Array.from(from);
        mergeToVert = Uint32Array.from(to);
      } else {
        const local = new Map<number, number>();
        const verts: number[] = [];
        order.forEach((t, i) => {
          faceID[i] = Math.max(0, mesh.faces[t]);
          for (let k = 0; k < 3; k++) {
            const v = mesh.triangles[3 * t + k];
            let id = local.get(v);
            if (id === undefined) {
              local.set(v, (id = verts.length));
              verts.push(v);
            }
            triVerts[3 * i + k] = id;
          }
        });
        props = new Float32Array(3 * verts.length);
        verts.forEach((v, i) => {
          props.set([p[3 * v], p[3 * v + 1], p[3 * v + 2]], 3 * i);
        });
      }
      const runs =
        inputCount > 0 && inputCount < n
          ? {
              runIndex: new Uint32Array([0, 3 * inputCount, 3 * n]),
              runOriginalID: new Uint32Array([originalId, cutId]),
            }
          : {
              runIndex: new Uint32Array([0, 3 * n]),
              runOriginalID: new Uint32Array([inputCount > 0 ? originalId : cutId]),
            };
      const gl = new wasm.Mesh({
        numProp,
        vertProperties: props,
        triVerts,
        faceID,
        ...runs,
        ...(mergeFromVert ? { mergeFromVert, mergeToVert } : {}),
      });
      return new wasm.Manifold(gl);
    },
    fromManifold(m, whole = false) {
      const parts = whole ? [m] : m.decompose();
      if (!whole) m.delete();
      const out: SolidMesh[] = [];
      for (const part of parts) {
        const gl = part.getMesh();
        part.delete();
        const np = gl.numProp,
          vp = gl.vertProperties;
        const nv = vp.length / np,
          nt = gl.triVerts.length / 3;
        if (nt === 0) continue;
        const merged = new Int32Array(nv).map((_, i) => i);
        for (let i = 0; i < gl.mergeFromVert.length; i++) merged[gl.mergeFromVert[i]] = gl.mergeToVert[i];
        const id = new Int32Array(nv).fill(-1);
        for (let v = 0; v < nv; v++) {
          const r = merged[v];
          if (id[r] < 0) id[r] = pool.add(vp[r * np], vp[r * np + 1], vp[r * np + 2]);
          id[v] = id[r];
        }
        const triangles = new Uint32Array(3 * nt),
          faces = new Int32Array(nt).fill(-1);
        const uvs = hasUvs ? new Float32Array(6 * nt) : undefined;
        for (let t = 0; t < 3 * nt; t++) {
          const v = gl.triVerts[t];
          triangles[t] = id[v];
          if (uvs && np >= 5) {
            uvs[2 * t] = vp[v * np + 3];
            uvs[2 * t + 1] = vp[v * np + 4];
          }
        }
        for (let run = 0; run < gl.runOriginalID.length; run++) {
          if (gl.runOriginalID[run] !== originalId) continue;
          for (let t = gl.runIndex[run] / 3; t < gl.runIndex[run + 1] / 3; t++) faces[t] = gl.faceID[t];
        }
        out.push({ pool, triangles, faces, uvs, foreign: true });
      }
      return out;
    },
    union(meshes) {
      const solids = meshes.map((mesh) => kernel.toManifold(mesh));
      const joined = wasm.Manifold.union(solids);
      for (const s of solids) s.delete();
      return kernel.fromManifold(joined, true)[0];
    },
  };
  return kernel;
}
