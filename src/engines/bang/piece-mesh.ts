/**
 * Solid pieces back to Kiln meshes. Triangles that come from the input surface keep its material and
 * UVs (manifold-3d carries the UVs as interpolated vertex properties); triangles made by the cuts get
 * the interior material. Triangles are ordered by material so each material is one group.
 */
import type { Manifold } from 'manifold-3d';
import type { Material, MaterialGroup, Mesh } from '../../geometry/mesh.ts';
import { computeNormals } from '../../geometry/ops/index.ts';

/** The colour of faces the cuts expose: a neutral, matte clay so pieces read as cut open. */
export function interiorMaterial(): Material {
  return { name: 'interior', baseColor: [0.62, 0.56, 0.5, 1], metallic: 0, roughness: 0.85 };
}

export interface PieceMeshOptions {
  originalId: number;
  /** Material index of each input triangle. */
  inputMaterials: Uint32Array;
  /** Material index for cut faces. */
  interior: number;
  /** Keep UVs (the input had them). */
  uvs: boolean;
  /** Multiplies every position (reference_scale). Default 1. */
  scale?: number;
}

export interface PieceMesh {
  mesh: Mesh;
  /** Input triangle per output triangle, −1 for cut faces. */
  sourceFace: Int32Array;
}

export function pieceMesh(solid: Manifold, options: PieceMeshOptions): PieceMesh {
  const gl = solid.getMesh();
  const np = gl.numProp;
  const nv = gl.vertProperties.length / np;
  const nt = gl.triVerts.length / 3;
  const scale = options.scale ?? 1;
  const positions = new Float32Array(nv * 3);
  const uvs = options.uvs ? new Float32Array(nv * 2) : undefined;
  for (let v = 0; v < nv; v++) {
    for (let k = 0; k < 3; k++) positions[3 * v + k] = gl.vertProperties[v * np + k] * scale;
    if (uvs && np >= 5) {
      uvs[2 * v] = gl.vertProperties[v * np + 3];
      uvs[2 * v + 1] = gl.vertProperties[v * np + 4];
    }
  }
  const material = new Uint32Array(nt);
  const source = new Int32Array(nt).fill(-1);
  for (let run = 0; run < gl.runOriginalID.length; run++) {
    const fromInput = gl.runOriginalID[run] === options.originalId;
    for (let t = gl.runIndex[run] / 3; t < gl.runIndex[run + 1] / 3; t++) {
      if (fromInput) {
        source[t] = gl.faceID[t];
        material[t] = options.inputMaterials[gl.faceID[t]];
      } else {
        material[t] = options.interior;
      }
    }
  }
  // Stable order by material, one group per material.
  const order = Array.from({ length: nt }, (_, t) => t).sort((a, b) => material[a] - material[b] || a - b);
  const indices = new Uint32Array(nt * 3);
  const sourceFace = new Int32Array(nt);
  const groups: MaterialGroup[] = [];
  order.forEach((t, i) => {
    indices.set(gl.triVerts.subarray(3 * t, 3 * t + 3), 3 * i);
    sourceFace[i] = source[t];
    const last = groups[groups.length - 1];
    if (last && last.material === material[t]) last.count++;
    else groups.push({ start: i, count: 1, material: material[t] });
  });
  // Cut faces meet the surface at a sharp edge: they get their own copies of their vertices so the
  // per-vertex normals stay crisp there.
  const copy = new Int32Array(nv).fill(-1);
  let extra = 0;
  for (let i = 0; i < nt; i++) {
    if (sourceFace[i] >= 0) continue;
    for (let k = 0; k < 3; k++) if (copy[indices[3 * i + k]] < 0) copy[indices[3 * i + k]] = nv + extra++;
  }
  const allPositions = new Float32Array((nv + extra) * 3);
  allPositions.set(positions);
  const allUvs = uvs ? new Float32Array((nv + extra) * 2) : undefined;
  allUvs?.set(uvs!);
  for (let v = 0; v < nv; v++) {
    if (copy[v] < 0) continue;
    allPositions.set(positions.subarray(3 * v, 3 * v + 3), 3 * copy[v]);
  }
  for (let i = 0; i < nt; i++) {
    if (sourceFace[i] >= 0) continue;
    for (let k = 0; k < 3; k++) indices[3 * i + k] = copy[indices[3 * i + k]];
  }
  const mesh = computeNormals({ positions: allPositions, indices, uvs: allUvs, groups });
  return { mesh, sourceFace };
}
