import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KilnError } from '../../src/errors.ts';
import { rawRequest, resolveGenerateRequest, type RawFile } from '../../src/domain/index.ts';
import { JPEG_BYTES, image, images } from './fixtures.ts';

type Fields = Parameters<typeof rawRequest>[0];
const resolve = (fields: Fields, files: RawFile[] = [image()]) =>
  resolveGenerateRequest(rawRequest(fields, files), { randomSeed: () => 42 });

function rejects(fields: Fields, files: RawFile[], field: string, pattern: RegExp) {
  assert.throws(
    () => resolve(fields, files),
    (error: KilnError) =>
      error.code === 'INVALID_REQUEST' && error.details.field === field && pattern.test(error.message),
  );
}

const tierTextureDefaults: Array<[string | undefined, string, string, boolean]> = [
  ['Gen-2.5-Extreme-Low', 'Gen-2.5-Extreme-Low', 'extreme-low', false],
  ['Gen-2.5-Low', 'Gen-2.5-Low', 'low', false],
  ['Gen-2.5-Medium', 'Gen-2.5-Medium', 'medium', false],
  ['Gen-2.5-High', 'Gen-2.5-High', 'high', false],
  ['Gen-2.5-Extreme-High', 'Gen-2.5-Extreme-High', 'high', false],
  [undefined, 'Regular', 'medium', true],
  ['Regular', 'Regular', 'medium', true],
  ['Sketch', 'Sketch', 'low', true],
  ['Detail', 'Detail', 'high', true],
  ['Smooth', 'Smooth', 'medium', true],
  ['Gen-2', 'Gen-2', 'medium', true],
];
for (const [sent, tier, textureMode, legacy] of tierTextureDefaults) {
  test(`tier ${sent ?? '(omitted)'} → ${tier}, default texture_mode ${textureMode}, legacy ${legacy}`, () => {
    const { spec } = resolve({ tier: sent });
    assert.equal(spec.tier, tier);
    assert.equal(spec.textureMode, textureMode);
    assert.equal(spec.legacy, legacy);
  });
}

test('an unknown tier is refused with the allowed names', () => {
  rejects({ tier: 'Gen-3' }, [image()], 'tier', /Gen-2\.5-Medium/);
});

test('tier names match case-insensitively and come back canonical', () => {
  assert.equal(resolve({ tier: 'gen-2.5-high' }).spec.tier, 'Gen-2.5-High');
});

test('the tier combines with any mesh_mode, quality and texture_mode', () => {
  const { spec } = resolve({
    tier: 'Gen-2.5-Extreme-Low',
    mesh_mode: 'Quad',
    quality: 'high',
    texture_mode: 'extreme-high',
  });
  assert.deepEqual([spec.meshMode, spec.quality, spec.textureMode], ['Quad', 'high', 'extreme-high']);
});

// docs/spec/api.md §2.1: the eight rows of the texture resolution table.
const K = 1024;
const resolutionRows: Array<[string, string[], boolean, number]> = [
  ['medium', [], false, 2 * K],
  ['medium', [], true, 4 * K],
  ['medium', ['HighPack'], false, 4 * K],
  ['medium', ['HighPack'], true, 8 * K],
  ['extreme-high', [], false, 6 * K],
  ['extreme-high', [], true, 6 * K],
  ['extreme-high', ['HighPack'], false, 12 * K],
  ['extreme-high', ['HighPack'], true, 12 * K],
];
for (const [textureMode, addons, uhd, resolution] of resolutionRows) {
  test(`texture ${textureMode} addons=${JSON.stringify(addons)} uhd=${uhd} → ${resolution / K}K`, () => {
    const { spec } = resolve({
      tier: 'Gen-2.5-High',
      texture_mode: textureMode,
      addons: JSON.stringify(addons),
      uhd_texture: String(uhd),
    });
    assert.equal(spec.textureResolution, resolution);
  });
}
for (const textureMode of ['extreme-low', 'low', 'high']) {
  test(`texture_mode ${textureMode} follows the non-extreme rows`, () => {
    assert.equal(resolve({ texture_mode: textureMode, tier: 'Gen-2.5-Low' }).spec.textureResolution, 2 * K);
    assert.equal(
      resolve({ texture_mode: textureMode, tier: 'Gen-2.5-Low', addons: 'HighPack', uhd_texture: '1' }).spec
        .textureResolution,
      8 * K,
    );
  });
}

const priceRows: Array<[Fields, number]> = [
  [{ tier: 'Gen-2.5-Medium' }, 0.5],
  [{}, 0.5],
  [{ tier: 'Gen-2.5-Extreme-High' }, 1.0],
  [{ tier: 'Gen-2.5-Medium', texture_mode: 'extreme-high' }, 2.5],
  [{ tier: 'Gen-2.5-Extreme-High', texture_mode: 'extreme-high' }, 3.0],
  [{ tier: 'Gen-2.5-High', addons: 'HighPack', uhd_texture: 'true', quality: 'high', mesh_mode: 'Quad' }, 0.5],
];
for (const [fields, price] of priceRows) {
  test(`price of ${JSON.stringify(fields)} is ${price}`, () => {
    assert.equal(resolve(fields).price, price);
  });
}

const creativeRows: Array<[string | undefined, boolean]> = [
  ['Gen-2.5-Extreme-Low', false],
  ['Gen-2.5-Low', false],
  ['Gen-2.5-Medium', true],
  ['Gen-2.5-High', true],
  ['Gen-2.5-Extreme-High', true],
  [undefined, false],
  ['Sketch', false],
];
for (const [tier, allowed] of creativeRows) {
  test(`geometry_instruct_mode=creative with tier ${tier ?? '(omitted)'} is ${allowed ? 'allowed' : 'refused'}`, () => {
    if (allowed) assert.equal(resolve({ tier, geometry_instruct_mode: 'creative' }).spec.creative, true);
    else rejects({ tier, geometry_instruct_mode: 'creative' }, [image()], 'geometry_instruct_mode', /Gen-2\.5-Medium/);
  });
}

// docs/spec/api.md §3: fast mode needs all four conditions.
const fastRows: Array<[Fields, boolean]> = [
  [{ tier: 'Gen-2.5-Medium', geometry_file_format: 'glb', mesh_mode: 'Raw', quality_override: 20000 }, true],
  [{ tier: 'Gen-2.5-Medium', quality_override: 5000 }, true],
  [{ tier: 'Gen-2.5-Extreme-High', quality_override: 5000 }, false],
  [{ tier: 'Gen-2.5-Medium', geometry_file_format: 'fbx', quality_override: 5000 }, false],
  [{ tier: 'Gen-2.5-Medium', mesh_mode: 'Quad', quality_override: 5000 }, false],
  [{ tier: 'Gen-2.5-Medium', quality_override: 20001 }, false],
  [{ tier: 'Gen-2.5-Medium' }, false],
];
for (const [fields, fast] of fastRows) {
  test(`fast mode for ${JSON.stringify(fields)} is ${fast}`, () => {
    assert.equal(resolve(fields).spec.fastMode, fast);
  });
}

test('face budget follows quality, and quality_override wins', () => {
  assert.equal(resolve({ quality: 'high' }).spec.faceBudget, 500_000);
  assert.equal(resolve({}).spec.faceBudget, 150_000);
  assert.equal(resolve({ quality: 'low' }).spec.faceBudget, 20_000);
  assert.equal(resolve({ quality: 'extra-low' }).spec.faceBudget, 2_000);
  assert.equal(resolve({ quality: 'high', quality_override: 8000 }).spec.faceBudget, 8000);
  rejects({ quality_override: 'lots' }, [image()], 'quality_override', /whole number/);
});

test('1 to 5 images; text-to-3D is a prompt with no images', () => {
  for (const count of [1, 2, 3, 4, 5]) assert.equal(resolve({}, images(count)).spec.imageCount, count);
  rejects({}, images(6), 'images', /1 to 5/);
  rejects({}, [], 'images', /prompt/);
  const text = resolve({ prompt: 'a red wooden chair' }, []);
  assert.equal(text.spec.mode, 'text');
  assert.equal(text.prompt, 'a red wooden chair');
  assert.equal(resolve({ prompt: 'like this' }).spec.mode, 'image');
});

test('images are recognised from their bytes, whatever their name', () => {
  assert.equal(resolve({}, [image('images', JPEG_BYTES)]).inputs[0].filename, 'images');
  rejects({}, [image('photo.png', new TextEncoder().encode('not an image at all'))], 'images', /PNG, JPEG/);
});

test('image labels: default order F, R, B, L, U; explicit labels one per image', () => {
  assert.deepEqual(resolve({}, images(5)).spec.imageLabels, ['F', 'R', 'B', 'L', 'U']);
  assert.deepEqual(resolve({ image_label: 'F,BR' }, images(2)).spec.imageLabels, ['F', 'BR']);
  assert.deepEqual(resolve({ image_label: '["f","u"]' }, images(2)).spec.imageLabels, ['F', 'U']);
  rejects({ image_label: 'F' }, images(2), 'image_label', /one label per image/);
  rejects({ image_label: 'F,X' }, images(2), 'image_label', /"X"/);
});

test('unknown fields are ignored, never an error', () => {
  assert.equal(resolve({ height: '2', is_symmetric: 'true', tempature: '0.5' }).spec.tier, 'Regular');
});

test('legacy tiers ignore a texture_mode value they do not know; Gen-2.5 tiers report it', () => {
  assert.equal(resolve({ tier: 'Regular', texture_mode: 'PBR' }).spec.textureMode, 'medium');
  rejects({ tier: 'Gen-2.5-Low', texture_mode: 'ultra' }, [image()], 'texture_mode', /extreme-low/);
});

test('the other fields real clients send resolve to their documented defaults and values', () => {
  const plain = resolve({});
  assert.deepEqual(
    [plain.spec.meshMode, plain.spec.quality, plain.spec.geometryFileFormat, plain.spec.material, plain.spec.seed],
    ['Raw', 'medium', 'glb', 'PBR', 42],
  );
  const full = resolve({
    seed: '65535',
    material: 'Shaded',
    geometry_file_format: 'usdz',
    bbox_condition: '[100, 50, 25]',
    use_original_alpha: 'True',
    TAPose: '1',
    condition_mode: 'fuse',
    addons: 'HighPack,Other',
  });
  assert.equal(full.spec.seed, 65535);
  assert.equal(full.spec.material, 'Shaded');
  assert.equal(full.spec.geometryFileFormat, 'usdz');
  assert.deepEqual(full.spec.bboxCondition, [100, 50, 25]);
  assert.equal(full.spec.useOriginalAlpha, true);
  assert.equal(full.spec.taPose, true);
  assert.equal(full.spec.conditionMode, 'fuse');
  assert.deepEqual(full.spec.addons, ['HighPack']);
  rejects({ seed: '70000' }, [image()], 'seed', /0 to 65535/);
  rejects({ material: 'Gold' }, [image()], 'material', /PBR, Shaded, All, None/);
  rejects({ geometry_file_format: 'blend' }, [image()], 'geometry_file_format', /glb, usdz, fbx, obj, stl/);
  rejects({ bbox_condition: '[1, 2]' }, [image()], 'bbox_condition', /three positive numbers/);
});

test('Extreme-High also asks for the high-poly mesh', () => {
  assert.equal(resolve({ tier: 'Gen-2.5-Extreme-High' }).spec.highPolyMesh, true);
  assert.equal(resolve({ tier: 'Gen-2.5-High' }).spec.highPolyMesh, false);
});
