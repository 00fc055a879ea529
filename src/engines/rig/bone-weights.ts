/**
 * Skin weights for a skeleton that comes ready-made (a text asset's own body plan). Each vertex is
 * labelled with the bone nearest to it (a bone is the segment from a joint to a child, moved by that
 * joint; a joint without children gets a short stub along its parent's direction). Then every bone's
 * share falls off with the geodesic distance from its own region, over a band a share of the bone
 * long, and the shares are normalised; the four largest are kept.
 *
 * Why geodesic distance and not averaging with the neighbours: a text mesh is a union of overlapping
 * parts, and where a leg capsule enters the body the union leaves edges a thousandth of the body long.
 * Averaging over neighbours changes a weight by about the same step per edge whatever the edge's
 * length, so the ends of such an edge follow different bones and a swing stretches it a hundredfold.
 * A geodesic distance changes by at most the edge's length along an edge, so a weight that is a smooth
 * function of it changes in proportion to the edge's length: short edges stay short.
 */
import type { BodySkeleton, Vec3 } from '../../geometry/skeleton.ts';
import { boundedDistance } from './geodesic.ts';
import { writeTopFour, type SkinWeights } from './skin-weights.ts';
import type { VertexGraph } from './surface.ts';

export interface BoneWeightOptions {
  /** Width of the band over which a bone's share falls from 1 to 0 past its region, as a share of the bone's length. */
  blendShare: number;
  /** The narrowest band, as a share of the skeleton's extent (stubs and short bones still blend). */
  minBlendShare: number;
  /** The narrowest band in mean edge lengths: on a coarse mesh a band must span a few edges to blend at all. */
  minBlendEdges: number;
}

export const BONE_WEIGHT_DEFAULTS: BoneWeightOptions = { blendShare: 0.5, minBlendShare: 0.04, minBlendEdges: 2.5 };

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

/** 1 at 0, falling smoothly (zero slope at both ends) to 0 at 1. */
function falloff(x: number): number {
  if (x <= 0) return 1;
  if (x >= 1) return 0;
  return 1 - x * x * (3 - 2 * x);
}

/** The longest side of the joints' bounding box. */
function extentOf(skeleton: BodySkeleton): number {
  let extent = 0;
  for (let k = 0; k < 3; k++) {
    const values = skeleton.joints.map((j) => j.head[k]);
    extent = Math.max(extent, Math.max(...values) - Math.min(...values));
  }
  return extent;
}

export function boneSkinWeights(
  graph: VertexGraph,
  skeleton: BodySkeleton,
  options: BoneWeightOptions = BONE_WEIGHT_DEFAULTS,
): SkinWeights {
  const n = graph.vertexCount;
  const J = skeleton.joints.length;
  const bones = bonesOf(skeleton);
  const label = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    let bestDistance = Infinity;
    for (const bone of bones) {
      const d = segmentDistance(graph.positions, 3 * v, bone);
      if (d < bestDistance) {
        bestDistance = d;
        label[v] = bone.joint;
      }
    }
  }
  // A joint's band: a share of its longest bone, never narrower than a share of the whole skeleton or a few edges.
  const floor = Math.max(options.minBlendShare * extentOf(skeleton), options.minBlendEdges * graph.meanEdge);
  const band = new Float64Array(J).fill(floor);
  for (const bone of bones) {
    const length = Math.hypot(bone.b[0] - bone.a[0], bone.b[1] - bone.a[1], bone.b[2] - bone.a[2]);
    band[bone.joint] = Math.max(band[bone.joint], options.blendShare * length);
  }
  const pairsOf: [number, number][][] = Array.from({ length: n }, () => []);
  for (let j = 0; j < J; j++) {
    const region: number[] = [];
    for (let v = 0; v < n; v++) if (label[v] === j) region.push(v);
    if (region.length === 0) continue;
    const distance = boundedDistance(graph, region, band[j]);
    for (const [v, d] of distance) pairsOf[v].push([j, falloff(d / band[j])]);
  }
  const joints = new Uint16Array(4 * n);
  const weights = new Float32Array(4 * n);
  for (let v = 0; v < n; v++) writeTopFour(pairsOf[v], joints, weights, v);
  return { joints, weights };
}
