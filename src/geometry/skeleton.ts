/**
 * The joint interface shared by whatever knows a model's skeleton (the text engine's body plans, a
 * skeleton fitted to an uploaded mesh) and whatever rigs it. A skeleton is plain data: named joints,
 * each with its parent and its head position in the model's own frame (metres, +Y up, the frame of
 * the GLB it travels with), so it survives JSON and a GLB's extras unchanged.
 *
 * Joint names follow one convention so retargeting tools can map them: humanoids use the humanoid bone
 * names of VRM and Unity's Humanoid (camelCase, `left`/`right` from the character's own point of view);
 * quadrupeds use the same style with `Front`/`Back` legs. Other plans (birds, insects, fish, serpents)
 * add joints in the same style (`leftWing`, `tail1`, `leftMiddleUpperLeg` …) and say which rig type
 * animates them.
 */

export type Vec3 = [number, number, number];

/** The rig types the rigging endpoint animates. */
export type RigType = 'humanoid' | 'quadruped';

export interface SkeletonJoint {
  name: string;
  /** The parent joint's name; null for the root (always `hips`). */
  parent: string | null;
  /** Where the joint sits, in the model's frame. */
  head: Vec3;
}

export interface BodySkeleton {
  rigType: RigType;
  /** The body plan or fitter that produced it, for the task record ("quadruped plan", "fitted"). */
  source: string;
  /** Root first; a parent always comes before its children. */
  joints: SkeletonJoint[];
}

/** The key under the GLB's first scene `extras` where a generated asset carries its body plan's skeleton. */
export const SKELETON_EXTRAS_KEY = 'kilnSkeleton';

/** The joints every humanoid skeleton has, parent before child (more, such as fingers or a tail, may follow). */
export const HUMANOID_JOINTS = [
  'hips',
  'spine',
  'chest',
  'neck',
  'head',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
] as const;

/** The joints every quadruped skeleton has, parent before child (`tail1`, `tail2` … may follow). */
export const QUADRUPED_JOINTS = [
  'hips',
  'spine',
  'chest',
  'neck',
  'head',
  'leftFrontUpperLeg',
  'leftFrontLowerLeg',
  'leftFrontFoot',
  'rightFrontUpperLeg',
  'rightFrontLowerLeg',
  'rightFrontFoot',
  'leftBackUpperLeg',
  'leftBackLowerLeg',
  'leftBackFoot',
  'rightBackUpperLeg',
  'rightBackLowerLeg',
  'rightBackFoot',
] as const;
