import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CATEGORIES, GENERIC_CATEGORY } from '../../../../src/engines/generate/text/catalog.ts';
import { buildAsset } from '../../../../src/engines/generate/text/generators/build.ts';
import { generatorCategories } from '../../../../src/engines/generate/text/generators/registry.ts';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';
import { isWatertight, meshVolume } from '../../../../src/geometry/ops/index.ts';
import { meshBounds } from '../../../../src/geometry/mesh.ts';

test('every catalogue category has its own generator', () => {
  const have = new Set(generatorCategories());
  for (const c of CATEGORIES) assert.ok(have.has(c.id), c.id);
  assert.ok(have.has(GENERIC_CATEGORY));
});

test('every category builds a closed solid with volume, normalised to a unit box on the ground', async () => {
  for (const id of [...CATEGORIES.map((c) => c.id), GENERIC_CATEGORY]) {
    const i = { ...interpretPrompt(id.replace(/-/g, ' ')), category: id };
    const asset = await buildAsset(i, { seed: 7 });
    assert.ok(isWatertight(asset.mesh), `${id} is closed`);
    assert.ok(meshVolume(asset.mesh) > 0, `${id} has positive volume (outward winding)`);
    const b = meshBounds(asset.mesh);
    assert.ok(Math.abs(b.min[1]) < 1e-4, `${id} stands on y = 0`);
    const largest = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]);
    assert.ok(Math.abs(largest - 1) < 1e-3, `${id} largest side is 1`);
    const covered = asset.mesh.groups.reduce((n, g) => n + g.count, 0);
    assert.equal(covered, asset.mesh.indices.length / 3, `${id} groups cover every triangle`);
    assert.equal(
      asset.materials.length,
      new Set(asset.mesh.groups.map((g) => g.material)).size,
      `${id} one material per group`,
    );
  }
});

test('same prompt and seed give the same asset; another seed or prompt gives another', async () => {
  const build = async (prompt: string, seed: number) =>
    (await buildAsset(interpretPrompt(prompt), { seed })).mesh.positions;
  const a = await build('a wooden chair', 1);
  assert.deepEqual(await build('a wooden chair', 1), a);
  assert.notDeepEqual(await build('a wooden chair', 2), a);
  assert.notDeepEqual(await build('a simple wooden chair', 1), a);
});

test('prompt words change the shape: tall is taller, counts add parts, colours and materials reach parts', async () => {
  const height = async (prompt: string) => {
    const m = (await buildAsset(interpretPrompt(prompt), { seed: 3 })).mesh;
    const b = meshBounds(m);
    return (b.max[1] - b.min[1]) / Math.max(b.max[0] - b.min[0], b.max[2] - b.min[2]);
  };
  assert.ok((await height('a tall vase')) > (await height('a short vase')));
  const three = await buildAsset(interpretPrompt('a stool with three legs'), { seed: 3 });
  const six = await buildAsset(interpretPrompt('a stool with six legs'), { seed: 3 });
  assert.equal(six.partCount - three.partCount, 3);
  const chair = await buildAsset(interpretPrompt('a chair with metal legs and a red seat'), { seed: 3 });
  assert.ok(chair.materials.some((m) => m.part === 'leg' && m.kind === 'metal'));
  const seat = chair.materials.find((m) => m.part === 'seat');
  assert.ok(seat && seat.colour[0] > 0.6 && seat.colour[1] < 0.3, 'seat is red');
});

test('"X on Y" puts X on top of Y as one closed asset', async () => {
  const alone = await buildAsset(interpretPrompt('a vase'), { seed: 1 });
  const onTable = await buildAsset(interpretPrompt('a vase on a table'), { seed: 1 });
  assert.ok(isWatertight(onTable.mesh));
  assert.ok(onTable.partCount > alone.partCount + 3, 'the table parts are there');
  const ceramic = onTable.materials.find((m) => m.kind === 'ceramic');
  assert.ok(ceramic, 'the vase keeps its material');
});

test('a face budget below the solid is met by manifold reduction: still closed, parts kept', async () => {
  for (const prompt of ['a cat on a chair', 'an oak tree', 'a medieval castle']) {
    const asset = await buildAsset(interpretPrompt(prompt), { seed: 1, maxFaces: 2000 });
    const faces = asset.mesh.indices.length / 3;
    assert.ok(faces <= 2000, `${prompt}: ${faces} faces`);
    assert.ok(faces > 200, `${prompt}: not collapsed away`);
    assert.ok(isWatertight(asset.mesh), `${prompt} stays closed`);
    assert.ok(asset.materials.length >= 2, `${prompt} keeps its parts`);
  }
});

test('bbox_condition sets the proportions; creative mode gives a bolder shape than the faithful one', async () => {
  const boxed = await buildAsset(interpretPrompt('a chair'), { seed: 2, bbox: [1, 2, 1] });
  const b = meshBounds(boxed.mesh);
  const [w, h, l] = [0, 1, 2].map((k) => b.max[k] - b.min[k]);
  assert.ok(Math.abs(h / w - 2) < 0.02 && Math.abs(l / w - 1) < 0.02, `${w} ${h} ${l}`);
  const faithful = await buildAsset(interpretPrompt('a tall vase'), { seed: 2 });
  const creative = await buildAsset(interpretPrompt('a tall vase'), { seed: 2, creative: true });
  const aspect = (m: typeof faithful.mesh) => {
    const x = meshBounds(m);
    return (x.max[1] - x.min[1]) / (x.max[0] - x.min[0]);
  };
  assert.ok(aspect(creative.mesh) > aspect(faithful.mesh) * 1.1, "creative exaggerates the prompt's tallness");
});
