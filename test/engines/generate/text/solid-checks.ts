/** Shared checks of the text generators' tests: every prompt's asset is a closed solid within a face budget. */
import assert from 'node:assert/strict';
import { buildAsset } from '../../../../src/engines/generate/text/generators/build.ts';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';
import { isWatertight } from '../../../../src/geometry/ops/index.ts';

export interface SolidCheckOptions {
  seed: number;
  /** Face budget each asset must stay within (default 2000: small budgets are where thin parts fail). */
  maxFaces?: number;
  fast?: boolean;
  creative?: boolean;
  /** bbox_condition proportions (x, y, z): the stretch that can make shells touch. */
  bbox?: [number, number, number];
  /** Also build each prompt a second time and require the same positions (default false). */
  deterministic?: boolean;
}

export async function assertClosedWithinBudget(prompts: readonly string[], options: SolidCheckOptions): Promise<void> {
  const settings = {
    seed: options.seed,
    maxFaces: options.maxFaces ?? 2000,
    ...(options.fast ? { fast: true } : {}),
    ...(options.creative ? { creative: true } : {}),
    ...(options.bbox ? { bbox: options.bbox } : {}),
  };
  for (const prompt of prompts) {
    const asset = await buildAsset(interpretPrompt(prompt), settings);
    assert.ok(isWatertight(asset.mesh), `${prompt} is closed`);
    assert.ok(asset.mesh.indices.length / 3 <= settings.maxFaces, `${prompt} is within budget`);
    if (!options.deterministic) continue;
    const again = await buildAsset(interpretPrompt(prompt), settings);
    assert.deepEqual(Array.from(again.mesh.positions), Array.from(asset.mesh.positions), `${prompt} is deterministic`);
  }
}
