/**
 * What an upload does to a mesh the rigger has seen: the looked-at meshes turned, stretched, decimated,
 * refined, shaken, holed and mirrored, so the rigger's robustness is measured without new data
 * (bench/rig-psb.ts --augment). Every transformation is seeded by the mesh's name, so a run repeats.
 * Positions that coincide in the input (UV and normal seams) stay together: an exporter moves a
 * seam's copies as one.
 */
import type { Mesh, SceneNode } from '../../src/geometry/mesh.ts';
import { nodeMatrix } from '../../src/geometry/transform.ts';
import { mulberry32 } from '../../src/engines/generate/image/photo/random.ts';
import { compactVertices, simplifyToBudget, subdivideToCount } from '../../src/geometry/ops/index.ts';
import { canonicalVertices } from '../../src/geometry/ops/weld.ts';

export const AUGMENTATIONS = ['rotate', 'stretch', 'decimate', 'refine', 'noise', 'holes', 'mirror'] as const;
export type Augmentation = (typeof AUGMENTATIONS)[number];

export interface AugmentOptions {
  /** `stretch`: the factor one axis (chosen by the seed) is scaled by. */
  stretch: number;
  /** `decimate`: faces kept (meshes already at or under it are left as they are). */
  decimateFaces: number;
  /** `refine`: faces reached by midpoint splits. */
  refineFaces: number;
  /** `noise`: the largest offset of a position along each axis, as a share of the bounding box diagonal. */
  noiseShare: number;
  /** `holes`: how many holes, each the faces with a corner within `holeShare` of the diagonal of a vertex. */
  holes: number;
  holeShare: number;
}

export const AUGMENT_DEFAULTS: AugmentOptions = {
  stretch: 1.3,
  decimateFaces: 5000,
  refineFaces: 100_000,
  noiseShare: 0.002,
  holes: 4,
  holeShare: 0.015,
};

/** The photo engine's seeded generator (mulberry32) keyed by a string, so each mesh gets the same transformation every run. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  return mulberry32(h);
}

function mapPositions(mesh: Mesh, f: (x: number, y: number, z: number) => [number, number, number]): Mesh {
  const positions = new Float32Array(mesh.positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    positions.set(f(mesh.positions[i], mesh.positions[i + 1], mesh.positions[i + 2]), i);
  }
  return { ...mesh, positions, normals: undefined };
}

function diagonal(mesh: Mesh): number {
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], mesh.positions[i]);
    hi[i % 3] = Math.max(hi[i % 3], mesh.positions[i]);
  }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** A uniformly random rotation (a random unit quaternion). */
function rotate(mesh: Mesh, random: () => number): Mesh {
  const [u1, u2, u3] = [random(), random(), random()];
  const s1 = Math.sqrt(1 - u1),
    s2 = Math.sqrt(u1);
  const [x, y, z, w] = [
    s1 * Math.sin(2 * Math.PI * u2),
    s1 * Math.cos(2 * Math.PI * u2),
    s2 * Math.sin(2 * Math.PI * u3),
    s2 * Math.cos(2 * Math.PI * u3),
  ];
  const m = nodeMatrix({ rotation: [x, y, z, w], scale: [1, 1, 1], translation: [0, 0, 0] } as SceneNode);
  return mapPositions(mesh, (px, py, pz) => [
    m[0] * px + m[4] * py + m[8] * pz,
    m[1] * px + m[5] * py + m[9] * pz,
    m[2] * px + m[6] * py + m[10] * pz,
  ]);
}

/** Offsets per position (not per vertex), so seams do not open. */
function noise(mesh: Mesh, random: () => number, share: number): Mesh {
  const amount = share * diagonal(mesh);
  const ids = canonicalVertices(mesh.positions, 0);
  const offsets = new Map<number, [number, number, number]>();
  const positions = new Float32Array(mesh.positions.length);
  for (let v = 0; v < ids.length; v++) {
    let offset = offsets.get(ids[v]);
    if (!offset) {
      offset = [(2 * random() - 1) * amount, (2 * random() - 1) * amount, (2 * random() - 1) * amount];
      offsets.set(ids[v], offset);
    }
    for (let k = 0; k < 3; k++) positions[3 * v + k] = mesh.positions[3 * v + k] + offset[k];
  }
  return { ...mesh, positions, normals: undefined };
}

/** Faces with a corner near one of `count` random vertices are dropped. */
function holes(mesh: Mesh, random: () => number, count: number, share: number): Mesh {
  const radius = share * diagonal(mesh);
  const p = mesh.positions;
  const vertices = p.length / 3;
  const centres = Array.from({ length: count }, () => Math.floor(random() * vertices));
  const near = (v: number) =>
    centres.some(
      (c) => Math.hypot(p[3 * v] - p[3 * c], p[3 * v + 1] - p[3 * c + 1], p[3 * v + 2] - p[3 * c + 2]) < radius,
    );
  const kept: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const [a, b, c] = [mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]];
    if (!near(a) && !near(b) && !near(c)) kept.push(a, b, c);
  }
  return compactVertices({
    ...mesh,
    indices: Uint32Array.from(kept),
    groups: [{ start: 0, count: kept.length / 3, material: 0 }],
  });
}

/** Mirrored in x with the winding turned, as an exporter writes a mirrored copy. */
function mirror(mesh: Mesh): Mesh {
  const mirrored = mapPositions(mesh, (x, y, z) => [-x, y, z]);
  const indices = Uint32Array.from(mesh.indices);
  for (let t = 0; t < indices.length; t += 3) [indices[t + 1], indices[t + 2]] = [indices[t + 2], indices[t + 1]];
  return { ...mirrored, indices };
}

export async function augment(
  mesh: Mesh,
  kind: Augmentation,
  seed: string,
  options: AugmentOptions = AUGMENT_DEFAULTS,
): Promise<Mesh> {
  const random = seededRandom(`${kind}:${seed}`);
  switch (kind) {
    case 'rotate':
      return rotate(mesh, random);
    case 'stretch': {
      const axis = Math.floor(random() * 3);
      return mapPositions(mesh, (...xyz) => xyz.map((c, k) => (k === axis ? c * options.stretch : c)) as never);
    }
    case 'decimate':
      return mesh.indices.length / 3 > options.decimateFaces
        ? simplifyToBudget(mesh, options.decimateFaces, { tolerance: 0.05 })
        : mesh;
    case 'refine':
      return subdivideToCount(mesh, options.refineFaces);
    case 'noise':
      return noise(mesh, random, options.noiseShare);
    case 'holes':
      return holes(mesh, random, options.holes, options.holeShare);
    case 'mirror':
      return mirror(mesh);
  }
}
