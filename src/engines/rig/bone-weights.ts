/**
 * Skin weights for a skeleton that comes ready-made (a text asset's own body plan): each vertex starts
 * on the bone nearest to it (a bone is the segment from a joint to a child, moved by that joint; a
 * joint without children gets a short stub along its parent's direction), then the labels diffuse over
 * the surface (Jacobi averaging with the neighbours, heat-like), and the four largest shares are kept.
 */
import type { BodySkeleton, Vec3 } from '../../geometry/skeleton.ts';
import { writeTopFour, type SkinWeights } from './skin-weights.ts';
import type { VertexGraph } from './surface.ts';

export interface BoneWeightOptions {
  /** Averaging sweeps over the surface. */
  iterations: number;
  /** Share of the neighbours' mean taken per sweep. */
  rate: number;
}

export const BONE_WEIGHT_DEFAULTS: BoneWeightOptions = { iterations: 12, rate: 0.5 };

interface Bone {
  joint: number;
  a: Vec3;
  b: Vec3;
}

function bonesOf(skeleton: BodySkeleton): Bone[] {
  const index = new Map(skeleton.joints.map((j, i) => [j.name, i]));
  const bones: Bone[] = [];
  skeleton.joints.forEach((joint, i) => {
    const children = skeleton.joints.filter((c) => c.parent === joint.name);
    for (const child of children) bones.push({ joint: i, a: joint.head, b: child.head });
    if (children.length === 0) {
      const parent = joint.parent === null ? undefined : skeleton.joints[index.get(joint.parent)!];
      const from = parent?.head ?? [joint.head[0], joint.head[1] - 1e-3, joint.head[2]];
      const d: Vec3 = [joint.head[0] - from[0], joint.head[1] - from[1], joint.head[2] - from[2]];
      bones.push({
        joint: i,
        a: joint.head,
        b: [joint.head[0] + d[0] / 2, joint.head[1] + d[1] / 2, joint.head[2] + d[2] / 2],
      });
    }
  });
  return bones;
}

function segmentDistance(p: ArrayLike<number>, o: number, bone: Bone): number {
  const { a, b } = bone;
  const abx = b[0] - a[0],
    aby = b[1] - a[1],
    abz = b[2] - a[2];
  const apx = p[o] - a[0],
    apy = p[o + 1] - a[1],
    apz = p[o + 2] - a[2];
  const len2 = abx * abx + aby * aby + abz * abz;
  const t = len2 > 0 ? Math.min(1, Math.max(0, (apx * abx + apy * aby + apz * abz) / len2)) : 0;
  return Math.hypot(apx - t * abx, apy - t * aby, apz - t * abz);
}

export function boneSkinWeights(
  graph: VertexGraph,
  skeleton: BodySkeleton,
  options: BoneWeightOptions = BONE_WEIGHT_DEFAULTS,
): SkinWeights {
  const n = graph.vertexCount;
  const J = skeleton.joints.length;
  const bones = bonesOf(skeleton);
  let field = new Float32Array(n * J);
  for (let v = 0; v < n; v++) {
    let best = 0,
      bestDistance = Infinity;
    for (const bone of bones) {
      const d = segmentDistance(graph.positions, 3 * v, bone);
      if (d < bestDistance) {
        bestDistance = d;
        best = bone.joint;
      }
    }
    field[v * J + best] = 1;
  }
  let next = new Float32Array(n * J);
  for (let it = 0; it < options.iterations; it++) {
    for (let v = 0; v < n; v++) {
      const start = graph.adjStart[v],
        end = graph.adjStart[v + 1];
      const degree = end - start;
      for (let j = 0; j < J; j++) {
        let sum = 0;
        for (let e = start; e < end; e++) sum += field[graph.adjVertex[e] * J + j];
        const own = field[v * J + j];
        next[v * J + j] = degree > 0 ? (1 - options.rate) * own + (options.rate * sum) / degree : own;
      }
    }
    [field, next] = [next, field];
  }
  const joints = new Uint16Array(4 * n);
  const weights = new Float32Array(4 * n);
  for (let v = 0; v < n; v++) {
    const pairs: [number, number][] = [];
    for (let j = 0; j < J; j++) if (field[v * J + j] > 1e-4) pairs.push([j, field[v * J + j]]);
    writeTopFour(pairs, joints, weights, v);
  }
  return { joints, weights };
}
