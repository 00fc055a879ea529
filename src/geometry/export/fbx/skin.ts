/**
 * The skeleton and skin of a Rig (geometry/rig.ts) as FBX records, the layout Autodesk's SDK, Blender,
 * Unity and three.js read:
 * - an `Armature` Null model holding one `LimbNode` model per joint (each with its Skeleton
 *   NodeAttribute), rest translation from its parent and no rotation, as the rig's joints rest;
 * - one `Skin` deformer on the mesh's geometry with one `Cluster` sub-deformer per joint: the control
 *   points it moves and their weights, `TransformLink` the joint's world matrix at bind time and
 *   `Transform` the mesh's matrix in that joint's space (how the SDK's writers store it);
 * - a `BindPose` listing the world matrix of the mesh and of every joint at bind time.
 * Matrices are 16 doubles, column after column (translation in elements 12–14).
 */
import type { Rig } from '../../rig.ts';
import type { Vec3 } from '../../skeleton.ts';
import { doubles, fbxNode, int, long, objectName, str, type FbxNode, type FbxProperty } from './binary.ts';

/** What a record builder needs from the document it adds to. */
export interface FbxObjectSink {
  newId: () => bigint;
  add: (type: string, record: FbxNode) => void;
  connect: (child: bigint, parent: bigint, property?: string) => void;
}

/** The name of the Null model that parents the joints (importers make it the armature object). */
export const FBX_ARMATURE_NAME = 'Armature';

const P = (name: string, type: string, label: string, flags: string, ...values: FbxProperty[]) =>
  fbxNode('P', [str(name), str(type), str(label), str(flags), ...values]);
const vector = (name: string, values: readonly number[]) => P(name, name, '', 'A', ...values.map(double));
const double = (value: number): FbxProperty => ({ type: 'D', value });

const translation = (t: Vec3): Float64Array =>
  Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t[0], t[1], t[2], 1]);

function modelRecord(id: bigint, name: string, kind: 'Null' | 'LimbNode', local: Vec3): FbxNode {
  return fbxNode(
    'Model',
    [long(id), objectName(name, 'Model'), str(kind)],
    [
      fbxNode('Version', [int(232)]),
      fbxNode(
        'Properties70',
        [],
        [
          vector('Lcl Translation', local),
          vector('Lcl Rotation', [0, 0, 0]),
          vector('Lcl Scaling', [1, 1, 1]),
          P('DefaultAttributeIndex', 'int', 'Integer', '', int(0)),
          P('InheritType', 'enum', '', '', int(1)),
        ],
      ),
      fbxNode('MultiLayer', [int(0)]),
      fbxNode('MultiTake', [int(0)]),
      fbxNode('Shading', [{ type: 'C', value: true }]),
      fbxNode('Culling', [str('CullingOff')]),
    ],
  );
}

/** Per joint: the control points it moves and how much (weights of zero left out). */
function clusterContents(rig: Rig): { indexes: number[]; weights: number[] }[] {
  const out = rig.skeleton.joints.map(() => ({ indexes: [] as number[], weights: [] as number[] }));
  for (let v = 0; v < rig.weights.length / 4; v++) {
    for (let k = 0; k < 4; k++) {
      const w = rig.weights[4 * v + k];
      if (w <= 0) continue;
      const entry = out[rig.joints[4 * v + k]];
      entry.indexes.push(v);
      entry.weights.push(w);
    }
  }
  return out;
}

/**
 * Writes the armature, joints, skin and bind pose for the mesh model `meshModelId` (at the world
 * origin with no rotation or scale, as the rig engine places it) whose geometry is `geometryId`.
 * Returns each joint's model id by joint name, for the animation curves.
 */
export function skinRecords(
  sink: FbxObjectSink,
  rig: Rig,
  meshModelId: bigint,
  geometryId: bigint,
): Map<string, bigint> {
  const { joints } = rig.skeleton;
  const armatureId = sink.newId();
  sink.add('Model', modelRecord(armatureId, FBX_ARMATURE_NAME, 'Null', [0, 0, 0]));
  sink.connect(armatureId, 0n);

  const jointIds = new Map<string, bigint>();
  const heads = new Map(joints.map((j) => [j.name, j.head]));
  for (const joint of joints) {
    const id = sink.newId();
    jointIds.set(joint.name, id);
    const parentHead = joint.parent === null ? ([0, 0, 0] as Vec3) : heads.get(joint.parent)!;
    const local: Vec3 = [joint.head[0] - parentHead[0], joint.head[1] - parentHead[1], joint.head[2] - parentHead[2]];
    sink.add('Model', modelRecord(id, joint.name, 'LimbNode', local));
    sink.connect(id, joint.parent === null ? armatureId : jointIds.get(joint.parent)!);
    const attributeId = sink.newId();
    sink.add(
      'NodeAttribute',
      fbxNode(
        'NodeAttribute',
        [long(attributeId), objectName(joint.name, 'NodeAttribute'), str('LimbNode')],
        [
          fbxNode('Properties70', [], [P('Size', 'double', 'Number', '', double(1))]),
          fbxNode('TypeFlags', [str('Skeleton')]),
        ],
      ),
    );
    sink.connect(attributeId, id);
  }

  const skinId = sink.newId();
  sink.add(
    'Deformer',
    fbxNode(
      'Deformer',
      [long(skinId), objectName('', 'Deformer'), str('Skin')],
      [fbxNode('Version', [int(101)]), fbxNode('Link_DeformAcuracy', [double(50)])],
    ),
  );
  sink.connect(skinId, geometryId);
  const contents = clusterContents(rig);
  joints.forEach((joint, j) => {
    const clusterId = sink.newId();
    const { indexes, weights } = contents[j];
    const children: FbxNode[] = [fbxNode('Version', [int(100)]), fbxNode('UserData', [str(''), str('')])];
    if (indexes.length > 0) {
      children.push(
        fbxNode('Indexes', [{ type: 'i', value: Int32Array.from(indexes) }]),
        fbxNode('Weights', [doubles(Float64Array.from(weights))]),
      );
    }
    const head = joint.head;
    children.push(
      fbxNode('Transform', [doubles(translation([-head[0], -head[1], -head[2]]))]),
      fbxNode('TransformLink', [doubles(translation(head))]),
    );
    sink.add(
      'Deformer',
      fbxNode('Deformer', [long(clusterId), objectName(joint.name, 'SubDeformer'), str('Cluster')], children),
    );
    sink.connect(clusterId, skinId);
    sink.connect(jointIds.get(joint.name)!, clusterId);
  });

  const poseNodes = [
    { id: meshModelId, matrix: translation([0, 0, 0]) },
    { id: armatureId, matrix: translation([0, 0, 0]) },
    ...joints.map((joint) => ({ id: jointIds.get(joint.name)!, matrix: translation(joint.head) })),
  ];
  sink.add(
    'Pose',
    fbxNode(
      'Pose',
      [long(sink.newId()), objectName('BindPose', 'Pose'), str('BindPose')],
      [
        fbxNode('Type', [str('BindPose')]),
        fbxNode('Version', [int(100)]),
        fbxNode('NbPoseNodes', [int(poseNodes.length)]),
        ...poseNodes.map((p) =>
          fbxNode('PoseNode', [], [fbxNode('Node', [long(p.id)]), fbxNode('Matrix', [doubles(p.matrix)])]),
        ),
      ],
    ),
  );
  return jointIds;
}
