import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import engine from '../../../../src/engines/generate/image/index.ts';
import { EngineError, type EngineResult } from '../../../../src/engines/engine.ts';
import { figure, request, svgPicture } from './pictures.ts';
import { assertValidGlb, readGlb } from '../glb-checks.ts';

async function run(
  fields: Record<string, string>,
  pictures: Uint8Array[],
): Promise<EngineResult & { spec: ReturnType<typeof request>['spec'] }> {
  const { spec, inputs } = request(fields, pictures);
  const stages: number[] = [];
  const result = await engine.run({
    taskId: 't',
    spec,
    inputs,
    progress: (_s, p) => stages.push(p),
    signal: new AbortController().signal,
  });
  for (let i = 1; i < stages.length; i++) assert.ok(stages[i] >= stages[i - 1], 'progress never goes back');
  return { ...result, spec };
}

test('one picture → a valid closed GLB with the exact budget, maps of exactly the tabled size and the picture colours', async () => {
  const result = await run({ tier: 'Gen-2.5-Extreme-Low', quality: 'extra-low', seed: '3' }, [await figure()]);
  const { spec } = result;
  assert.deepEqual(result.files.map((f) => f.name).sort(), ['base_basic_pbr.glb', 'preview.webp']);
  const glb = result.files.find((f) => f.name === 'base_basic_pbr.glb')!.bytes;
  await assertValidGlb(glb);
  const { faces, closed, textures } = await readGlb(glb);
  assert.ok(closed, 'the asset is a closed solid');
  assert.ok(
    Math.abs(faces - spec.faceBudget) <= spec.faceBudget * 0.01,
    `${faces} faces for a budget of ${spec.faceBudget}`,
  );
  assert.equal(textures.length, 3, 'base colour, metallic-roughness and normal maps');
  for (const t of textures) {
    const meta = await sharp(t.getImage()!).metadata();
    assert.deepEqual([meta.width, meta.height], [spec.textureResolution, spec.textureResolution]);
  }
  // The base colour map carries the picture's red body, yellow head and blue patch.
  const colour = textures.find((t) => t.getName() === 'diffuse') ?? textures[0];
  const { data, info } = await sharp(colour.getImage()!)
    .resize(256, 256, { kernel: 'nearest' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0,
    yellow = 0,
    blue = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 160 && g < 90 && b < 80) red++;
    if (r > 180 && g > 140 && b < 110) yellow++;
    if (b > 150 && r < 90) blue++;
  }
  assert.ok(red > 2000 && yellow > 500 && blue > 50, `red ${red}, yellow ${yellow}, blue ${blue}`);
  const preview = result.files.find((f) => f.name === 'preview.webp')!;
  assert.equal((await sharp(preview.bytes).metadata()).format, 'webp');
});

test('a picture with no object fails with API_OBJECT_NOT_FOUND_ON_IMAGE', async () => {
  const blank = await svgPicture('', 256, '#8090a0');
  await assert.rejects(
    run({ tier: 'Gen-2.5-Extreme-Low', quality: 'extra-low' }, [blank]),
    (error: unknown) => error instanceof EngineError && error.code === 'API_OBJECT_NOT_FOUND_ON_IMAGE',
  );
});

test('bbox_condition sets the proportions and Quad + obj writes quads with the PBR maps beside the model', async () => {
  const result = await run(
    {
      tier: 'Gen-2.5-Extreme-Low',
      quality: 'extra-low',
      mesh_mode: 'Quad',
      geometry_file_format: 'obj',
      bbox_condition: '[1, 2, 0.5]',
    },
    [await figure(256)],
  );
  const names = result.files.map((f) => f.name);
  for (const n of ['base_basic_pbr.obj', 'texture_diffuse.png', 'texture_normal.png', 'preview.webp'])
    assert.ok(names.includes(n), `${n} in ${names}`);
  const obj = new TextDecoder().decode(result.files.find((f) => f.name === 'base_basic_pbr.obj')!.bytes);
  const faceLines = obj.split('\n').filter((l) => l.startsWith('f '));
  assert.ok(
    faceLines.some((l) => l.trim().split(/\s+/).length === 5),
    'some faces are quads',
  );
  const v = obj
    .split('\n')
    .filter((l) => l.startsWith('v '))
    .map((l) => l.split(/\s+/).slice(1, 4).map(Number));
  const extent = [0, 1, 2].map((k) => Math.max(...v.map((p) => p[k])) - Math.min(...v.map((p) => p[k])));
  assert.ok(
    Math.abs(extent[0] - 1) < 0.03 && Math.abs(extent[1] - 2) < 0.06 && Math.abs(extent[2] - 0.5) < 0.02,
    `extents ${extent}`,
  );
});

test('describePrompt returns the prompt, or a description of the picture when there is none', async () => {
  const picture = await figure(256);
  const withPrompt = request({ prompt: 'a wooden duck' }, [picture]);
  assert.equal(await engine.describePrompt!(withPrompt.spec, withPrompt.inputs), 'a wooden duck');
  const without = request({}, [picture]);
  const started = performance.now();
  const text = await engine.describePrompt!(without.spec, without.inputs);
  assert.match(text, /red/);
  assert.match(text, /tall/);
  assert.ok(performance.now() - started < 1000);
});

test('labelled views F, R, L: colour seen only in the R picture lands on the +X side of the asset', async () => {
  const { box, flatMaterial } = await import('../../../geometry/render/solids.ts');
  const { sceneFromMesh } = await import('../../../../src/geometry/mesh.ts');
  const { renderScene, sceneBounds } = await import('../../../../src/geometry/render/index.ts');
  const { viewCamera } = await import('../../../../src/engines/generate/image/view-cameras.ts');
  const { encodeImage } = await import('../../../../src/geometry/texture.ts');
  const { importModel } = await import('../../../../src/geometry/import/index.ts');
  // A box whose +X face is green and every other face grey, drawn unlit on a transparent background.
  const scene = sceneFromMesh(box([-1, -0.8, -0.6], [1, 0.8, 0.6], [1, 0, 0, 0, 0, 0]), [
    flatMaterial('grey', [0.5, 0.5, 0.5]),
    flatMaterial('green', [0.05, 0.6, 0.1]),
  ]);
  const bounds = sceneBounds(scene);
  const pictures = [];
  for (const label of ['F', 'R', 'L'] as const)
    pictures.push(await encodeImage(await renderScene(scene, viewCamera(label, bounds), { width: 256, height: 256 })));
  const result = await run({ tier: 'Gen-2.5-Extreme-Low', quality: 'extra-low', image_label: 'F,R,L' }, pictures);
  const asset = await importModel(result.files.find((f) => f.name === 'base_basic_pbr.glb')!.bytes);
  const assetBounds = sceneBounds(asset);
  const greenShare = async (label: 'R' | 'L' | 'F') => {
    const image = await renderScene(asset, viewCamera(label, assetBounds), { width: 64, height: 64, unlit: true });
    let green = 0,
      drawn = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (!image.data[i + 3]) continue;
      drawn++;
      if (image.data[i + 1] > image.data[i] + 40) green++;
    }
    return green / drawn;
  };
  assert.ok((await greenShare('R')) > 0.6, 'the +X side is green');
  assert.ok((await greenShare('L')) < 0.2, 'the −X side (grey in the L picture) is not');
  assert.ok((await greenShare('F')) < 0.2, 'the +Z side is not');
});
