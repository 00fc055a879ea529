/**
 * A Rig's clips as FBX animation: per clip one `AnimationStack` with one `AnimationLayer` of the same
 * name (Blender then names the action `<armature>|<clip>`, three.js names the clip after the stack),
 * and per animated joint an `AnimationCurveNode` on `Lcl Rotation` (Euler degrees, FBX's XYZ order)
 * — plus one on `Lcl Translation` for the root — whose X, Y and Z are linear `AnimationCurve`s keyed in
 * FBX time (FBX_TICKS_PER_SECOND per second).
 */
import type { Rig, RigClip } from '../../rig.ts';
import { fbxNode, floats, int, long, longs, objectName, str, type FbxNode, type FbxProperty } from './binary.ts';
import { fbxEulerDegrees } from './euler.ts';
import type { FbxObjectSink } from './skin.ts';

/** FBX time units ("KTime") per second. */
export const FBX_TICKS_PER_SECOND = 46186158000n;

/** KeyAttrFlags for a linear key (FbxAnimCurveDef's eInterpolationLinear). */
const LINEAR_KEYS = 0x00000004;

const double = (value: number): FbxProperty => ({ type: 'D', value });
const P = (name: string, type: string, label: string, flags: string, ...values: FbxProperty[]) =>
  fbxNode('P', [str(name), str(type), str(label), str(flags), ...values]);

export function fbxTime(seconds: number): bigint {
  return (BigInt(Math.round(seconds * 1e6)) * FBX_TICKS_PER_SECOND) / 1_000_000n;
}

/**
 * Euler angles per key, each channel moved by whole turns (and, where it is nearer, to the
 * equivalent (x+180, 180−y, z+180) triple) to stay close to the key before, so an interpolating
 * reader never spins a joint the long way round between two keys.
 */
export function continuousEulerDegrees(quaternions: Float32Array): Float64Array {
  const keys = quaternions.length / 4;
  const out = new Float64Array(3 * keys);
  const near = (value: number, previous: number) => value + 360 * Math.round((previous - value) / 360);
  for (let k = 0; k < keys; k++) {
    const e = fbxEulerDegrees(Array.from(quaternions.subarray(4 * k, 4 * k + 4)));
    if (k > 0) {
      const prev = [out[3 * k - 3], out[3 * k - 2], out[3 * k - 1]];
      const a = e.map((v, i) => near(v, prev[i]));
      const flipped = [e[0] + 180, 180 - e[1], e[2] + 180].map((v, i) => near(v, prev[i]));
      const distance = (c: number[]) => c.reduce((sum, v, i) => sum + Math.abs(v - prev[i]), 0);
      out.set(distance(flipped) < distance(a) ? flipped : a, 3 * k);
    } else out.set(e, 0);
  }
  return out;
}

/** The longest clip's length in FBX time (for the scene's time span). */
export function clipsSpan(rig: Rig): bigint {
  return rig.clips.reduce((max, c) => {
    const t = fbxTime(c.times[c.times.length - 1] ?? 0);
    return t > max ? t : max;
  }, 0n);
}

function curveRecord(id: bigint, times: BigInt64Array, values: Float32Array): FbxNode {
  return fbxNode(
    'AnimationCurve',
    [long(id), objectName('', 'AnimCurve'), str('')],
    [
      fbxNode('Default', [double(values[0] ?? 0)]),
      fbxNode('KeyVer', [int(4009)]),
      fbxNode('KeyTime', [longs(times)]),
      fbxNode('KeyValueFloat', [floats(values)]),
      fbxNode('KeyAttrFlags', [{ type: 'i', value: Int32Array.of(LINEAR_KEYS) }]),
      fbxNode('KeyAttrDataFloat', [floats(new Float32Array(4))]),
      fbxNode('KeyAttrRefCount', [{ type: 'i', value: Int32Array.of(times.length) }]),
    ],
  );
}

/** One curve node ('T' or 'R') with its three curves, on a model's Lcl property. */
function curveNode(
  sink: FbxObjectSink,
  layerId: bigint,
  modelId: bigint,
  kind: 'T' | 'R',
  times: BigInt64Array,
  xyz: ArrayLike<number>,
): void {
  const keys = times.length;
  const id = sink.newId();
  const channels = [0, 1, 2].map((axis) => Float32Array.from({ length: keys }, (_, k) => xyz[3 * k + axis]));
  sink.add(
    'AnimationCurveNode',
    fbxNode(
      'AnimationCurveNode',
      [long(id), objectName(kind, 'AnimCurveNode'), str('')],
      [
        fbxNode(
          'Properties70',
          [],
          ['X', 'Y', 'Z'].map((a, i) => P(`d|${a}`, 'Number', '', 'A', double(channels[i][0]))),
        ),
      ],
    ),
  );
  sink.connect(id, layerId);
  sink.connect(id, modelId, kind === 'T' ? 'Lcl Translation' : 'Lcl Rotation');
  ['X', 'Y', 'Z'].forEach((axis, i) => {
    const curveId = sink.newId();
    sink.add('AnimationCurve', curveRecord(curveId, times, channels[i]));
    sink.connect(curveId, id, `d|${axis}`);
  });
}

function clipRecords(sink: FbxObjectSink, rig: Rig, clip: RigClip, jointIds: Map<string, bigint>): void {
  const stop = fbxTime(clip.times[clip.times.length - 1] ?? 0);
  const stackId = sink.newId();
  sink.add(
    'AnimationStack',
    fbxNode(
      'AnimationStack',
      [long(stackId), objectName(clip.name, 'AnimStack'), str('')],
      [
        fbxNode(
          'Properties70',
          [],
          [
            P('LocalStart', 'KTime', 'Time', '', long(0)),
            P('LocalStop', 'KTime', 'Time', '', long(stop)),
            P('ReferenceStart', 'KTime', 'Time', '', long(0)),
            P('ReferenceStop', 'KTime', 'Time', '', long(stop)),
          ],
        ),
      ],
    ),
  );
  const layerId = sink.newId();
  sink.add('AnimationLayer', fbxNode('AnimationLayer', [long(layerId), objectName(clip.name, 'AnimLayer'), str('')]));
  sink.connect(layerId, stackId);
  const times = BigInt64Array.from(clip.times, (t) => fbxTime(t));
  const root = rig.skeleton.joints[0];
  curveNode(sink, layerId, jointIds.get(root.name)!, 'T', times, clip.rootTranslation);
  for (const joint of rig.skeleton.joints) {
    const keys = clip.rotations.get(joint.name);
    if (keys) curveNode(sink, layerId, jointIds.get(joint.name)!, 'R', times, continuousEulerDegrees(keys));
  }
}

/** Writes every clip of the rig onto the joint models made by skinRecords. */
export function animationRecords(sink: FbxObjectSink, rig: Rig, jointIds: Map<string, bigint>): void {
  for (const clip of rig.clips) clipRecords(sink, rig, clip, jointIds);
}
