/**
 * The skeleton a generator wrote into its GLB (`scenes[0].extras[SKELETON_EXTRAS_KEY]`, a BodySkeleton
 * in the GLB's own frame), checked by a schema: a skeleton that is not well-formed or lacks a joint its
 * rig type animates is ignored, and the mesh is fitted instead.
 */
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { HUMANOID_JOINTS, QUADRUPED_JOINTS, SKELETON_EXTRAS_KEY, type BodySkeleton } from '../../geometry/skeleton.ts';

const Vec3Schema = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);
export const BodySkeletonSchema = Type.Object({
  rigType: Type.Union([Type.Literal('humanoid'), Type.Literal('quadruped')]),
  source: Type.String(),
  joints: Type.Array(
    Type.Object({ name: Type.String(), parent: Type.Union([Type.String(), Type.Null()]), head: Vec3Schema }),
    { minItems: 1 },
  ),
});

/** The JSON chunk of a GLB, or undefined when the bytes are no GLB. */
function glbJson(bytes: Uint8Array): Record<string, unknown> | undefined {
  if (bytes.length < 20) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a) return undefined;
  const length = view.getUint32(12, true);
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
  } catch {
    return undefined;
  }
}

/** Whether every parent is named earlier and the root is the hips, with the joints its type needs. */
function wellFormed(skeleton: BodySkeleton): boolean {
  const seen = new Set<string>();
  for (const [i, joint] of skeleton.joints.entries()) {
    if (i === 0 ? joint.parent !== null || joint.name !== 'hips' : joint.parent === null || !seen.has(joint.parent))
      return false;
    if (seen.has(joint.name)) return false;
    seen.add(joint.name);
  }
  const needed: readonly string[] = skeleton.rigType === 'humanoid' ? HUMANOID_JOINTS : QUADRUPED_JOINTS;
  return needed.every((name) => seen.has(name));
}

export function generatorSkeleton(model: Uint8Array): BodySkeleton | undefined {
  const json = glbJson(model) as { scenes?: { extras?: Record<string, unknown> }[]; scene?: number } | undefined;
  const value = json?.scenes?.[0]?.extras?.[SKELETON_EXTRAS_KEY];
  if (!Value.Check(BodySkeletonSchema, value)) return undefined;
  const skeleton = value as BodySkeleton;
  return wellFormed(skeleton) ? skeleton : undefined;
}
