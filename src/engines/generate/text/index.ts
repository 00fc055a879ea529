/**
 * The text-to-3D engine (`generate-text`): reads the prompt (./understand), builds the object from
 * parametric generators as a closed manifold solid with per-part materials (./generators), bakes
 * procedural PBR maps (./materials, ./texture.ts) and writes the same outputs as image-to-3D through
 * the shared output pipeline (../shared/output.ts).
 * The response's `prompt` field carries `describePrompt`: how the prompt was interpreted and which
 * words were not understood; the task notes keep the full Interpretation.
 */
import type { GenerateSpec } from '../../../domain/task-spec.ts';
import type { Engine, EngineResult, EngineRun } from '../../engine.ts';
import { buildAsset, warmGenerators } from './generators/build.ts';
import { subdivideToCount } from '../../../geometry/ops/index.ts';
import { writeGenerationOutputs } from '../shared/output.ts';
import { SKELETON_EXTRAS_KEY } from '../../../geometry/skeleton.ts';
import { textBake } from './texture.ts';
import { hasSpare, takeSpare } from '../../cpu-slots.ts';
import { warmBakeHelper } from '../../../geometry/ops/bake-tiles.ts';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
  type Interpretation,
} from './understand/index.ts';

// WordNet's index and the phrase table load once per process, so describePrompt stays fast; one
// reading at import builds what the first reading would otherwise build lazily (the tagger's and the
// families' tables), which on a busy machine pushed the first submission's description past its limit.
warmLexicon();
interpretPrompt('a red wooden chair on a table, studio lighting');

/** The interpretation and its summary line, as stored with the task. */
export function describe(prompt: string): { interpretation: Interpretation; summary: string } {
  const interpretation = interpretPrompt(prompt);
  return { interpretation, summary: summarizeInterpretation(interpretation) };
}

async function run({ spec, progress, signal, cpu }: EngineRun<GenerateSpec>): Promise<EngineResult> {
  const started = performance.now();
  // The bake's helper thread starts while the prompt is read and the shape built, if a core is free now.
  if (spec.material !== 'None' && hasSpare(cpu)) void warmBakeHelper();
  progress('understanding prompt', 2);
  const { interpretation, summary } = describe(spec.prompt ?? '');
  progress('building shape', 8);
  await warmGenerators();
  const asset = await buildAsset(interpretation, {
    seed: spec.seed,
    creative: spec.creative,
    fast: spec.fastMode,
    maxFaces: spec.faceBudget,
    bbox: spec.bboxCondition,
  });
  const buildMs = Math.round(performance.now() - started);
  progress('shape built', 25);
  const lowPoly = interpretation.styles.includes('low-poly');
  const style = {
    weathered: interpretation.styles.includes('weathered'),
    flat: lowPoly || interpretation.styles.includes('cartoon'),
    fast: spec.fastMode,
  };
  // The solid is at most the budget (see buildAsset's maxFaces); midpoint splits bring it to the exact
  // count here, keeping its part groups, so the shared pipeline's budget step has nothing left to do.
  const budgeted = subdivideToCount(asset.mesh, spec.faceBudget);
  const { files, stats } = await writeGenerationOutputs({
    spec,
    mesh: budgeted,
    // A second thread bakes bands of the maps only while a core is free of other runs (cpu-slots.ts).
    bake: textBake(asset, budgeted, { seed: spec.seed, style, normalMap: !spec.fastMode }, () => {
      const spare = takeSpare(cpu);
      return { threads: 1 + spare.helpers, release: spare.release };
    }),
    progress,
    signal,
    span: [25, 99],
    // The plan's skeleton in the mesh's frame: the budget step only splits or collapses, never moves it.
    sceneExtras: asset.skeleton && { [SKELETON_EXTRAS_KEY]: asset.skeleton },
  });
  progress('done', 100);
  return {
    files,
    notes: {
      prompt: summary,
      interpretation: {
        category: interpretation.category,
        family: interpretation.family,
        subject: interpretation.word,
        profile: interpretation.profile,
        makes: madeObject(interpretation),
        setAside: interpretation.setAside,
        settings: interpretation.settings,
        via: interpretation.via,
        chain: interpretation.chain,
        colours: interpretation.colours.map((c) => c.name),
        material: interpretation.material,
        sizes: interpretation.sizes,
        styles: interpretation.styles,
        parts: interpretation.parts.map((p) => ({
          name: p.name,
          count: p.count,
          material: p.material,
          colours: p.colours.map((c) => c.name),
        })),
        companions: interpretation.companions.map((c) => ({
          relation: c.relation,
          category: c.category,
          profile: c.profile,
        })),
        corrections: interpretation.corrections,
        notUnderstood: interpretation.unknown,
      },
      parts: asset.partCount,
      materials: asset.materials.map((m) => `${m.part}: ${m.kind}`),
      faces: stats.faces,
      textureSize: stats.textureSize,
      highPolyFaces: stats.highPolyFaces,
      // `timings`, the one key every engine's task record uses for its stage times (ms).
      timings: { build: buildMs, ...stats.timings, total: Math.round(performance.now() - started) },
    },
  };
}

const engine: Engine<GenerateSpec> = {
  kind: 'generate-text',
  async describePrompt(spec) {
    return describe(spec.prompt ?? '').summary;
  },
  run,
};

export default engine;
