/**
 * The image-to-3D engine (`generate-image`, issue 5): one to five pictures → a textured, closed
 * solid, on the CPU with no learned model.
 *
 *   foreground.ts   object mask per picture (real alpha, a plain background: plain-background.ts, else the
 *                   photo segmentation in photo/)
 *   views.ts        each picture's camera per docs/spec/views.md (labels, or F, R, B, L, U in order), one scale
 *   shape.ts        inflation (one view) or inflation-shaped visual hull (several) → closed surface
 *   shared/output   exact face budget, mesh mode, UV atlas, maps at the tabled size, variants,
 *                   preview, high-poly mesh, export
 *   texture-bake.ts base colour projected from every view that sees a point, unseen parts filled from
 *                   their surroundings, normal map from the fine field, metallic-roughness
 *
 * `seed` is accepted and recorded; every stage is deterministic, so the same request always gives the
 * same asset. `TAPose` and `condition_mode` do not change this engine's output (there is no learned
 * pose or conditioning to steer).
 */
import type { GenerateSpec, ViewLabel } from '../../../domain/task-spec.ts';
import { EngineError, type Engine, type EngineResult, type EngineRun } from '../../engine.ts';
import { meshBounds, type Mesh } from '../../../geometry/mesh.ts';
import { checkAbort, writeGenerationOutputs } from '../shared/output.ts';
import type { OutputTransform } from './colour-projection.ts';
import { describeImages } from './describe.ts';
import { extractForeground, type Foreground } from './foreground.ts';
import { estimateFinish, finishFromPrompt } from './materials.ts';
import { settleOnField } from './refine.ts';
import { settingsFor } from './settings.ts';
import { reconstructShape } from './shape.ts';
import { bakeImageMaps, depthsAhead, gradientAhead, type ImageBakeAhead } from './texture-bake.ts';
import { buildViews } from './views.ts';
import { emptyPictureMessage, emptyPictureReasonOf } from './photo/emptiness.ts';
import { stageTimer } from '../shared/stage-timer.ts';
import { hasSpare, takeSpare } from '../../cpu-slots.ts';
import { warmBakeHelper } from '../../../geometry/ops/bake-tiles.ts';

export const DEFAULT_LABELS: ViewLabel[] = ['F', 'R', 'B', 'L', 'U'];

/**
 * Output placement: centred on the origin; the longest side 1 unit, or with bbox_condition the
 * extents exactly [width (x), height (y), length (z)].
 */
export function outputTransform(mesh: Mesh, bbox?: [number, number, number]): OutputTransform {
  const b = meshBounds(mesh);
  const extent = [0, 1, 2].map((k) => Math.max(1e-9, b.max[k] - b.min[k]));
  const centre = [0, 1, 2].map((k) => (b.min[k] + b.max[k]) / 2);
  const scale = (
    bbox?.every((v) => v > 0) ? [0, 1, 2].map((k) => bbox[k] / extent[k]) : [0, 1, 2].map(() => 1 / Math.max(...extent))
  ) as [number, number, number];
  return { scale, offset: [0, 1, 2].map((k) => -centre[k] * scale[k]) as [number, number, number] };
}

export function applyTransform(mesh: Mesh, t: OutputTransform): Mesh {
  const positions = new Float32Array(mesh.positions.length);
  for (let i = 0; i < positions.length; i++) positions[i] = mesh.positions[i] * t.scale[i % 3] + t.offset[i % 3];
  return { ...mesh, positions, normals: undefined };
}

export async function runImageEngine(run: EngineRun<GenerateSpec>): Promise<EngineResult> {
  const { spec, inputs, progress, signal } = run;
  const pictures = inputs.filter((f) => f.field === 'images');
  if (pictures.length === 0)
    throw new EngineError('INVALID_REQUEST', 'Image-to-3D needs at least one file in the images field.');
  const settings = settingsFor(spec);
  const { timings, lap } = stageTimer();
  // The bake's helper thread starts while the foreground and shape stages run, if a core is free now.
  if (spec.material !== 'None' && settings.bakeHelper && hasSpare(run.cpu)) warmBakeHelper();

  progress('foreground', 2);
  const foregrounds: Foreground[] = [];
  for (const picture of pictures) {
    foregrounds.push(
      await extractForeground(picture.bytes, {
        useOriginalAlpha: spec.useOriginalAlpha,
        workingSize: settings.workingSize,
        refine: settings.refine,
        seed: spec.seed,
        cpu: run.cpu,
      }),
    );
    checkAbort(signal);
  }
  lap('foreground');
  const labels = pictures.map((_, i) => spec.imageLabels[i] ?? DEFAULT_LABELS[i] ?? 'F');
  const views = buildViews(foregrounds, labels);

  progress('shape', 15);
  const { mesh, field } = reconstructShape(views, { resolution: settings.resolution, creative: spec.creative });
  lap('shape');
  checkAbort(signal);
  const transform = outputTransform(mesh, spec.bboxCondition);
  const finish = finishFromPrompt(spec.prompt) ?? estimateFinish(foregrounds[0]);

  // A second thread works for this run only while a core is free of other runs (cpu-slots.ts). Taken
  // from here, it first makes the parts of the bake's set-up known before the atlas (texture-bake.ts
  // `ImageBakeAhead`) while this thread takes the face budget and the atlas, checks the budget's input
  // is closed (simplify.ts) and shares the atlas's overlap check (uv-overlap.ts), then bakes tiles.
  const textured = spec.material !== 'None' && settings.bakeHelper;
  let spare = textured ? takeSpare(run.cpu) : { helpers: 0, release: () => {} };
  const ahead: ImageBakeAhead = {};
  if (spare.helpers > 0 && settings.normalMap) ahead.gradient = gradientAhead(field);
  let output: Awaited<ReturnType<typeof writeGenerationOutputs>>;
  try {
    output = await writeGenerationOutputs({
      spec,
      mesh: applyTransform(mesh, transform),
      afterBudget: (budgeted) => {
        if (spare.helpers > 0) ahead.depths = depthsAhead(views, budgeted, transform);
      },
      helper: spare.helpers > 0,
      bake: async (atlas, size) => {
        // A core taken by another run earlier may be free by now.
        if (textured && spare.helpers === 0) spare = takeSpare(run.cpu);
        try {
          return await bakeImageMaps(atlas, size, {
            views,
            field,
            transform,
            metallic: finish.metallic,
            roughness: finish.roughness,
            normalMap: settings.normalMap,
            halfSize: settings.halfSizeMaps,
            threads: 1 + spare.helpers,
            ahead,
          });
        } finally {
          spare.release();
          // The gradient (48 MB at Extreme-High) and depth maps are not needed past the bake: not held
          // through the high-poly mesh and the export, where a 12K run peaks.
          ahead.gradient = ahead.depths = undefined;
        }
      },
      metallic: finish.metallic,
      roughness: finish.roughness,
      refineHighPoly: (dense) => settleOnField(dense, field, transform),
      progress,
      signal,
      span: [35, 99],
    });
  } finally {
    spare.release();
  }
  const { files, stats } = output;
  progress('done', 100);
  return {
    files,
    notes: {
      views: labels,
      foreground: foregrounds.map((f) => f.method),
      maskConfidence: foregrounds.map((f) => f.confidence ?? 1),
      resolution: settings.resolution,
      fastMode: spec.fastMode,
      finish,
      seed: spec.seed,
      ...stats,
      timings: { ...timings, ...stats.timings },
    },
  };
}

const engine: Engine<GenerateSpec> = {
  kind: 'generate-image',
  async describePrompt(spec, inputs) {
    if (spec.prompt?.trim()) return spec.prompt;
    const first = inputs.find((f) => f.field === 'images');
    if (!first) return '';
    try {
      return await describeImages(first.bytes, inputs.filter((f) => f.field === 'images').length);
    } catch {
      return 'An object from the uploaded pictures';
    }
  },
  async refuseInputs(_spec, inputs) {
    const pictures = inputs.filter((f) => f.field === 'images');
    const reasons = await Promise.all(pictures.map((f) => emptyPictureReasonOf(f.bytes)));
    const index = reasons.findIndex(Boolean);
    if (index < 0) return null;
    const name = pictures[index].filename || 'unnamed';
    return {
      field: 'images',
      message: `images #${index + 1} ("${name}") ${emptyPictureMessage(reasons[index]!)} Nothing was charged.`,
    };
  },
  run: runImageEngine,
};

export default engine;
