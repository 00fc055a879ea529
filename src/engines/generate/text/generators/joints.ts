/**
 * How a body plan states its skeleton: joints added by name while the plan places its parts, checked
 * against the rig type's required joints (src/geometry/skeleton.ts) when the plan is done, then carried
 * through every move the build makes (a companion's placement, the unit-size normalisation) so the
 * skeleton lands in the GLB's own frame.
 */
import {
  HUMANOID_JOINTS,
  QUADRUPED_JOINTS,
  type BodySkeleton,
  type RigType,
  type SkeletonJoint,
  type Vec3,
} from '../../../../geometry/skeleton.ts';

const REQUIRED: Record<RigType, readonly string[]> = { humanoid: HUMANOID_JOINTS, quadruped: QUADRUPED_JOINTS };

/** Collects a plan's joints, root first; `finish` gives the skeleton, or nothing when it lacks a required joint. */
export class JointList {
  private readonly joints: SkeletonJoint[] = [];

  constructor(
    private readonly rigType: RigType,
    private readonly source: string,
  ) {}

  /** Adds a joint under `parent` (null only for `hips`); a parent must be added before its children. */
  add(name: string, parent: string | null, head: Vec3): this {
    if (this.joints.some((j) => j.name === name)) throw new Error(`joint ${name} is listed twice`);
    if (parent !== null && !this.joints.some((j) => j.name === parent))
      throw new Error(`joint ${name} names ${parent} as its parent before it exists`);
    this.joints.push({ name, parent, head: [head[0], head[1], head[2]] });
    return this;
  }

  /**
   * The skeleton when every joint its rig type requires is there: a body the prompt changed past its
   * rig ("a dog with three legs") has none, so the rigging step fits one instead of animating a wrong one.
   */
  finish(): BodySkeleton | undefined {
    const names = new Set(this.joints.map((j) => j.name));
    if (!REQUIRED[this.rigType].every((name) => names.has(name))) return undefined;
    return { rigType: this.rigType, source: this.source, joints: this.joints.map((j) => ({ ...j })) };
  }
}

/** The same skeleton with every joint moved by `move` (the transform the build applied to the mesh). */
export function movedSkeleton(skeleton: BodySkeleton, move: (p: Vec3) => Vec3): BodySkeleton {
  return { ...skeleton, joints: skeleton.joints.map((j) => ({ ...j, head: move(j.head) })) };
}
