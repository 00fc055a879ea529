/**
 * Puts a Rig (geometry/rig.ts) into a glTF document next to its mesh node: one joint node per
 * skeleton joint (rest translation from its parent, no rotation), one skin with inverse bind
 * matrices, JOINTS_0/WEIGHTS_0 on every primitive, and one animation per clip named as the clip
 * (rotation channels for the joints it moves, translation for the root).
 */
import type { Document, Node as GltfNode } from '@gltf-transform/core';
import type { Rig } from '../rig.ts';

export function attachRig(doc: Document, meshNode: GltfNode, rig: Rig): void {
  const buffer = doc.getRoot().listBuffers()[0];
  const { joints } = rig.skeleton;
  const nodes = new Map<string, GltfNode>();
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  for (const joint of joints) {
    const parent = joint.parent === null ? undefined : joints.find((j) => j.name === joint.parent)!;
    const translation: [number, number, number] = parent
      ? [joint.head[0] - parent.head[0], joint.head[1] - parent.head[1], joint.head[2] - parent.head[2]]
      : [...joint.head];
    const node = doc.createNode(joint.name).setTranslation(translation);
    nodes.set(joint.name, node);
    if (parent) nodes.get(parent.name)!.addChild(node);
    else scene.addChild(node);
  }
  const inverseBind = new Float32Array(16 * joints.length);
  joints.forEach((joint, i) => {
    inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -joint.head[0], -joint.head[1], -joint.head[2], 1], 16 * i);
  });
  const skin = doc
    .createSkin('skin')
    .setSkeleton(nodes.get(joints[0].name)!)
    .setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(inverseBind).setBuffer(buffer));
  for (const joint of joints) skin.addJoint(nodes.get(joint.name)!);
  meshNode.setSkin(skin);
  const jointIndices = joints.length <= 255 ? Uint8Array.from(rig.joints) : Uint16Array.from(rig.joints);
  const jointAccessor = doc.createAccessor().setType('VEC4').setArray(jointIndices).setBuffer(buffer);
  const weightAccessor = doc.createAccessor().setType('VEC4').setArray(rig.weights).setBuffer(buffer);
  for (const primitive of meshNode.getMesh()?.listPrimitives() ?? []) {
    primitive.setAttribute('JOINTS_0', jointAccessor).setAttribute('WEIGHTS_0', weightAccessor);
  }
  for (const clip of rig.clips) {
    const animation = doc.createAnimation(clip.name);
    const input = doc.createAccessor().setType('SCALAR').setArray(clip.times).setBuffer(buffer);
    const channel = (node: GltfNode, path: 'rotation' | 'translation', values: Float32Array) => {
      const sampler = doc
        .createAnimationSampler()
        .setInput(input)
        .setOutput(
          doc
            .createAccessor()
            .setType(path === 'rotation' ? 'VEC4' : 'VEC3')
            .setArray(values)
            .setBuffer(buffer),
        )
        .setInterpolation('LINEAR');
      animation
        .addSampler(sampler)
        .addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
    };
    channel(nodes.get(joints[0].name)!, 'translation', clip.rootTranslation);
    for (const joint of joints) {
      const keys = clip.rotations.get(joint.name);
      if (keys) channel(nodes.get(joint.name)!, 'rotation', keys);
    }
  }
}
