import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { resolveGenerateRequest, type GenerateSpec } from '../../../../src/domain/index.ts';
import engine from '../../../../src/engines/generate/text/index.ts';
import type { EngineResult } from '../../../../src/engines/engine.ts';
import { assertValidGlb, readGlb } from '../glb-checks.ts';

function specOf(fields: Record<string, string>): GenerateSpec {
  const raw = { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])), files: [] };
  return resolveGenerateRequest(raw).spec as GenerateSpec;
}

async function run(spec: GenerateSpec): Promise<EngineResult> {
  const stages: number[] = [];
  const result = await engine.run({
    taskId: 't',
    spec,
    inputs: [],
    progress: (_s, p) => stages.push(p),
    signal: new AbortController().signal,
  });
  for (let i = 1; i < stages.length; i++) assert.ok(stages[i] >= stages[i - 1], 'progress never goes back');
  return result;
}

test('a prompt at the smallest tier gives a valid GLB with the exact budget, tabled textures and a preview', async () => {
  const spec = specOf({
    prompt: 'a blue ceramic teapot with a glowing zorblax',
    tier: 'Gen-2.5-Extreme-Low',
    quality: 'extra-low',
    seed: '5',
  });
  const result = await run(spec);
  const names = result.files.map((f) => f.name).sort();
  assert.deepEqual(names, ['base_basic_pbr.glb', 'preview.webp']);
  const glb = result.files.find((f) => f.name === 'base_basic_pbr.glb')!.bytes;
  await assertValidGlb(glb);
  const { faces, sizes, closed } = await readGlb(glb);
  assert.ok(closed, 'the budgeted mesh is still a closed solid');
  assert.ok(
    Math.abs(faces - spec.faceBudget) <= spec.faceBudget * 0.01,
    `${faces} faces for a budget of ${spec.faceBudget}`,
  );
  assert.ok(sizes.length >= 2, 'base colour and metallic-roughness maps');
  for (const [w, h] of sizes) assert.deepEqual([w, h], [spec.textureResolution, spec.textureResolution]);
  const preview = result.files.find((f) => f.name === 'preview.webp')!;
  assert.equal((await sharp(preview.bytes).metadata()).format, 'webp');
  const notes = result.notes as { prompt: string; interpretation: { category: string; notUnderstood: string[] } };
  assert.equal(notes.interpretation.category, 'teapot');
  assert.ok(notes.interpretation.notUnderstood.includes('zorblax'));
  assert.match(notes.prompt, /not understood: .*zorblax/);
  assert.equal(await engine.describePrompt!(spec, []), notes.prompt);
  // Stage times under the one key every engine's task record uses.
  const timings = (result.notes as { timings: Record<string, number> }).timings;
  for (const stage of ['build', 'budget', 'uv', 'bake', 'export', 'total'])
    assert.ok(Number.isFinite(timings[stage]), `timings.${stage} in ${JSON.stringify(timings)}`);
});

test('obj with the Shaded variant and geometry-only output follow the export rules', async () => {
  const shaded = await run(
    specOf({
      prompt: 'a red mushroom',
      tier: 'Gen-2.5-Low',
      quality_override: '3000',
      geometry_file_format: 'obj',
      material: 'Shaded',
    }),
  );
  const names = shaded.files.map((f) => f.name);
  assert.ok(names.includes('base_basic_shaded.obj'), names.join(','));
  assert.ok(names.includes('texture_diffuse.png'));
  const diffuse = shaded.files.find((f) => f.name === 'texture_diffuse.png')!;
  const meta = await sharp(diffuse.bytes).metadata();
  assert.deepEqual([meta.width, meta.height], [2048, 2048]);
  const bare = await run(
    specOf({ prompt: 'a rock', tier: 'Gen-2.5-Extreme-Low', quality: 'extra-low', material: 'None' }),
  );
  const glb = bare.files.find((f) => f.name.endsWith('.glb'))!;
  const { sizes } = await readGlb(glb.bytes);
  assert.equal(sizes.length, 0, 'no textures without material');
});

test('per-part materials survive the shared output pipeline: red seat and black legs both in the map', async () => {
  const result = await run(
    specOf({
      prompt: 'a chair with a red seat and black metal legs',
      tier: 'Gen-2.5-Extreme-Low',
      quality: 'extra-low',
      seed: '3',
    }),
  );
  const glb = result.files.find((f) => f.name === 'base_basic_pbr.glb')!.bytes;
  const doc = await new NodeIO().readBinary(glb);
  const base = doc.getRoot().listMaterials()[0].getBaseColorTexture()!;
  const { data, info } = await sharp(base.getImage()!).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  let black = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 150 && g < 80 && b < 80) red++;
    if (r < 40 && g < 40 && b < 40) black++;
  }
  const texels = data.length / info.channels;
  assert.ok(red > texels * 0.01, `red texels: ${red}`);
  assert.ok(black > texels * 0.005, `black texels: ${black}`);
  const mr = doc.getRoot().listMaterials()[0].getMetallicRoughnessTexture()!;
  const m = await sharp(mr.getImage()!).raw().toBuffer({ resolveWithObject: true });
  let metallic = 0;
  for (let i = 2; i < m.data.length; i += m.info.channels) if (m.data[i] > 200) metallic++;
  assert.ok(metallic > 0, 'the metal legs are metallic in the map');
});

test('a user-style prompt for a family object: valid closed GLB, and the response says how it was read', async () => {
  const spec = specOf({
    prompt: 'a DSLR photo of a frog wearing a crown, studio lighting, 4k',
    tier: 'Gen-2.5-Extreme-Low',
    quality: 'extra-low',
    seed: '2',
  });
  const result = await run(spec);
  const glb = result.files.find((f) => f.name === 'base_basic_pbr.glb')!.bytes;
  await assertValidGlb(glb);
  assert.ok((await readGlb(glb)).closed, 'frog and crown are one closed solid');
  const notes = result.notes as {
    prompt: string;
    interpretation: { makes: { makes: string }; companions: { relation: string; category: string }[] };
  };
  assert.equal(notes.interpretation.makes.makes, 'frog');
  assert.deepEqual(
    notes.interpretation.companions.map((c) => [c.relation, c.category]),
    [['wearing', 'crown']],
  );
  assert.match(
    notes.prompt,
    /^interpreted as: frog \(amphibian body plan\); wearing crown; set aside as picture words: /,
  );
  assert.equal(await engine.describePrompt!(spec, []), notes.prompt);
});
