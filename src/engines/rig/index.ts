/**
 * The rig engine (POST /api/v2/rig): one model in, the same model with a skeleton, skin weights and
 * clips out.
 *
 * Stages (progress): import → fit → weights → clips → export → preview.
 * - Skeleton: a text asset's own (generator-skeleton.ts) when its GLB carries one, else fitted to the
 *   mesh (fit.ts); `rig_type=auto` takes what the shape (or the generator) says. A shape that is no
 *   humanoid or quadruped fails with INVALID_REQUEST saying why and what to send (credits refunded).
 * - Placement: upright, facing +Z (a given skeleton says which way it faces: placement.ts
 *   skeletonFrame), feet on y = 0, hips over the origin; `height_meters` scales.
 * - Weights: along the fitted chains (skin-weights.ts), or diffused from the nearest bones for a
 *   given skeleton (bone-weights.ts); at most four joints per vertex, summing to 1.
 * - Clips: clips.ts, one animation per requested clip, named as the clip; clip-amplitude.ts tones down
 *   the joints whose swing would over-stretch the skinned mesh (the record says which, per clip).
 * - Files: `base_basic_rigged.glb` (or `.fbx`, with its texture maps beside it) and `preview.webp`
 *   (mid-walk).
 */
import { RIG_CLIPS, type RigClip as ClipName } from '../../domain/rig-request.ts';
import type { RigSpec } from '../../domain/task-spec.ts';
import { writeFbx, writeGlb } from '../../geometry/export/index.ts';
import { CONTENT_TYPES } from '../../geometry/formats.ts';
import { createNode, defaultMaterial, type Mesh, type Scene } from '../../geometry/mesh.ts';
import { computeNormals, flattenScene } from '../../geometry/ops/index.ts';
import { renderPreview } from '../../geometry/render/index.ts';
import { posePositions, type Rig } from '../../geometry/rig.ts';
import type { BodySkeleton, RigType } from '../../geometry/skeleton.ts';
import { EngineError, type Engine, type EngineResult, type EngineRun } from '../engine.ts';
import { checkAbort } from '../generate/shared/output.ts';
import { stageTimer } from '../generate/shared/stage-timer.ts';
import { importSourceModel } from '../shared/model-input.ts';
import { boneSkinWeights } from './bone-weights.ts';
import { fittedClip } from './clip-amplitude.ts';
import { makeClip } from './clips.ts';
import { fitBody } from './fit.ts';
import { generatorSkeleton } from './generator-skeleton.ts';
import { placeRig, skeletonFrame, type Frame } from './placement.ts';
import { chainSkinWeights, type SkinWeights } from './skin-weights.ts';
import { buildVertexGraph, type VertexGraph } from './surface.ts';

export const RIGGED_STEM = 'base_basic_rigged';

interface Skinned {
  skeleton: BodySkeleton;
  frame: Frame;
  /** Per welded vertex of the graph. */
  weights: SkinWeights;
  evidence: string;
}

function nearestJointOf(graph: VertexGraph, skeleton: BodySkeleton) {
  return (v: number) => {
    let best = 0,
      bestDistance = Infinity;
    skeleton.joints.forEach((joint, j) => {
      const d = Math.hypot(
        graph.positions[3 * v] - joint.head[0],
        graph.positions[3 * v + 1] - joint.head[1],
        graph.positions[3 * v + 2] - joint.head[2],
      );
      if (d < bestDistance) {
        bestDistance = d;
        best = j;
      }
    });
    return best;
  };
}

function skinMesh(graph: VertexGraph, spec: RigSpec, given: BodySkeleton | undefined): Skinned {
  if (given && (spec.rigType === 'auto' || spec.rigType === given.rigType)) {
    return {
      skeleton: given,
      frame: skeletonFrame(given),
      weights: boneSkinWeights(graph, given),
      evidence: `the generator's own ${given.rigType} skeleton (${given.source})`,
    };
  }
  const result = fitBody(graph, spec.rigType);
  if ('refusal' in result) {
    const asked = spec.rigType === 'auto' ? 'a humanoid or a quadruped' : `a ${spec.rigType}`;
    throw new EngineError('INVALID_REQUEST', `This model cannot be rigged as ${asked}: ${result.refusal}.`, {
      field: 'model',
    });
  }
  const { fitted, plan } = result;
  const index = new Map(fitted.skeleton.joints.map((j, i) => [j.name, i]));
  // The fitted graph may have resting arms cut free of the body (handles.ts): the weights follow the same cuts.
  return {
    skeleton: fitted.skeleton,
    frame: fitted.frame,
    weights: chainSkinWeights(result.graph, fitted.chains, index, nearestJointOf(result.graph, fitted.skeleton)),
    evidence: plan.evidence,
  };
}

function refuseClips(rigType: RigType, clips: string[]): void {
  const known: readonly string[] = RIG_CLIPS[rigType];
  const missing = clips.filter((clip) => !known.includes(clip));
  if (missing.length > 0) {
    throw new EngineError(
      'INVALID_REQUEST',
      `The model was rigged as a ${rigType}, which has no ${missing.join(', ')} clip; ask for ${known.join(', ')}, or set rig_type.`,
      { field: 'animations' },
    );
  }
}

export async function runRig(run: EngineRun<RigSpec>): Promise<EngineResult> {
  const { spec, inputs, progress, signal } = run;
  const { timings, lap } = stageTimer();
  progress('import', 2);
  const scene = await importSourceModel(spec, inputs);
  const source = inputs.find((f) => f.field === 'asset' || f.field === 'model');
  const given = spec.mode === 'asset' && source ? generatorSkeleton(source.bytes) : undefined;
  const flat = flattenScene(scene);
  if (flat.indices.length === 0) throw new EngineError('INVALID_REQUEST', 'The model has no triangles to rig.');
  const materials = scene.materials.length > 0 ? scene.materials : [defaultMaterial()];
  lap('import');
  checkAbort(signal);

  progress('fit', 10);
  const graph = buildVertexGraph(flat.positions, flat.indices);
  const skinned = skinMesh(graph, spec, given);
  lap('fit');
  refuseClips(skinned.skeleton.rigType, spec.animations);
  checkAbort(signal);

  progress('weights', 45);
  const vertices = flat.positions.length / 3;
  const joints = new Uint16Array(4 * vertices);
  const weights = new Float32Array(4 * vertices);
  for (let v = 0; v < vertices; v++) {
    const w = graph.remap[v];
    joints.set(skinned.weights.joints.subarray(4 * w, 4 * w + 4), 4 * v);
    weights.set(skinned.weights.weights.subarray(4 * w, 4 * w + 4), 4 * v);
  }
  const placed = placeRig(flat.positions, skinned.skeleton, skinned.frame, spec.heightMeters);
  const mesh: Mesh = computeNormals({
    ...flat,
    positions: placed.positions,
    normals: undefined,
    groups: scene.materials.length > 0 ? flat.groups : [{ start: 0, count: flat.indices.length / 3, material: 0 }],
  });
  lap('weights');

  progress('clips', 60);
  const rig: Rig = { skeleton: placed.skeleton, joints, weights, clips: [] };
  const fitted = spec.animations.map((name) => fittedClip(rig, name as ClipName, mesh.positions, mesh.indices));
  rig.clips = fitted.map((f) => f.clip);
  lap('clips');
  checkAbort(signal);

  progress('export', 70);
  const output: Scene = { materials, roots: [createNode('model', mesh)] };
  const files =
    spec.geometryFileFormat === 'fbx'
      ? await writeFbx(output, { stem: RIGGED_STEM, rig })
      : [{ name: `${RIGGED_STEM}.glb`, bytes: await writeGlb(output, { rig }), contentType: CONTENT_TYPES.glb }];
  lap('export');
  checkAbort(signal);

  progress('preview', 90);
  const walk = rig.clips.find((c) => c.name === 'walk') ?? makeClip(rig, 'walk');
  const midWalk = Math.round((walk.times.length - 1) / 4);
  const posed: Mesh = computeNormals({
    ...mesh,
    positions: posePositions(mesh.positions, rig, walk, midWalk),
    normals: undefined,
  });
  files.push({
    name: 'preview.webp',
    bytes: await renderPreview({ materials, roots: [createNode('model', posed)] }),
    contentType: 'image/webp',
  });
  lap('preview');
  progress('done', 100);
  return {
    files,
    notes: {
      rig: {
        type: rig.skeleton.rigType,
        skeleton: rig.skeleton.source === 'fitted' ? 'fitted' : `generator (${rig.skeleton.source})`,
        joints: rig.skeleton.joints.length,
        jointNames: rig.skeleton.joints.map((j) => j.name),
        clips: rig.clips.map((c) => c.name),
        // Per clip, the joints whose swing was toned down so the mesh follows without tearing, with the share kept.
        tonedDown: Object.fromEntries(
          fitted
            .filter((f) => f.amplitude.size > 0)
            .map((f) => [f.clip.name, Object.fromEntries([...f.amplitude].map(([j, a]) => [j, Number(a.toFixed(3))]))]),
        ),
        decided: spec.rigType === 'auto' ? skinned.evidence : `asked: ${spec.rigType}`,
        heightMeters: placed.height,
      },
      faces: mesh.indices.length / 3,
      timings,
    },
  };
}

const rig: Engine<RigSpec> = { kind: 'rig', run: runRig };

export default rig;
