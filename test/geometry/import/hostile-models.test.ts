/**
 * Issue 17: USD layers whose declared polygon sizes are not backed by indices, or whose prims nest
 * thousands deep, are refused before three's parser and composer run (they allocated gigabytes and
 * held a worker for minutes); the submission prescan refuses them too, and passes every real fixture.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importModel, isGeometryInputError } from '../../../src/geometry/import/index.ts';
import { checkObjNumbers, prescanModel } from '../../../src/geometry/import/prescan.ts';
import { MAX_USDA_NESTING } from '../../../src/geometry/import/usd-guard.ts';
import { USDA_CORNER_BOMB, nestedUsda } from '../../support/hostile-models.ts';
import {
  cubeGlb,
  cubeGltfEmbedded,
  cubeObj,
  cubeStlAscii,
  cubeStlBinary,
  cubeUsda,
  cubeUsdc,
  cubeUsdz,
  enc,
  quadFbxAscii,
} from './fixtures.ts';

const refusedAsInput = (error: unknown) => isGeometryInputError(error);

test('a usda declaring a billion polygon corners is refused before allocation (import and prescan)', async () => {
  assert.ok(USDA_CORNER_BOMB.length < 200);
  await assert.rejects(
    importModel(enc(USDA_CORNER_BOMB), { filename: 'bomb.usda' }),
    (error: Error) => refusedAsInput(error) && /faceVertexCounts/.test(error.message),
  );
  assert.throws(() => prescanModel(enc(USDA_CORNER_BOMB), { filename: 'bomb.usda' }), refusedAsInput);
  const timeSampled = USDA_CORNER_BOMB.replace(
    'int[] faceVertexCounts = [1000000000]',
    'int[] faceVertexCounts.timeSamples = { 0: [3], 1: [999999999] }',
  );
  assert.throws(() => prescanModel(enc(timeSampled), { filename: 'bomb.usda' }), refusedAsInput);
  const negative = USDA_CORNER_BOMB.replace('[1000000000]', '[-3]');
  assert.throws(() => prescanModel(enc(negative), { filename: 'bomb.usda' }), refusedAsInput);
});

test('5,000 nested prims are refused by the depth limit at once (import and prescan)', async () => {
  const deep = enc(nestedUsda(5_000));
  await assert.rejects(
    importModel(deep, { filename: 'deep.usda' }),
    (error: Error) => refusedAsInput(error) && /levels deep/.test(error.message),
  );
  assert.throws(() => prescanModel(deep, { filename: 'deep.usda' }), refusedAsInput);
  assert.doesNotThrow(() => prescanModel(enc(nestedUsda(Math.floor(MAX_USDA_NESTING / 2))), { filename: 'ok.usda' }));
  const braces = enc(
    `; FBX 7.4.0 project file\nFBXHeaderExtension:  {\n${'A: {\n'.repeat(500)}${'}\n'.repeat(500)}}\n`,
  );
  assert.throws(() => prescanModel(braces, { filename: 'deep.fbx' }), refusedAsInput);
});

test('the submission prescan passes every well-formed fixture format', async () => {
  const { obj } = cubeObj();
  const fixtures: Array<[Uint8Array, string]> = [
    [await cubeGlb(), 'cube.glb'],
    [await cubeGltfEmbedded(), 'cube.gltf'],
    [obj, 'cube.obj'],
    [cubeStlAscii(), 'cube.stl'],
    [cubeStlBinary(), 'cube.stl'],
    [cubeUsda(), 'cube.usda'],
    [cubeUsdc(), 'cube.usdc'],
    [await cubeUsdz(), 'cube.usdz'],
    [quadFbxAscii(), 'quad.fbx'],
  ];
  for (const [bytes, name] of fixtures) assert.doesNotThrow(() => prescanModel(bytes, { filename: name }), name);
  const scene = await importModel(cubeUsda(), { filename: 'cube.usda' });
  assert.ok(scene.roots.length > 0);
});

test('an OBJ with a non-finite texture coordinate is an input error (prescan and import), never a crash to retry', async () => {
  const text = new TextDecoder().decode(cubeObj().obj).replace(/^vt .*$/m, 'vt 0.62u000 0.5');
  const bytes = enc(text);
  assert.throws(
    () => prescanModel(bytes, { filename: 'bad.obj' }),
    (error: Error) => refusedAsInput(error) && /0\.62u000/.test(error.message),
  );
  await assert.rejects(
    importModel(bytes, { filename: 'bad.obj' }),
    (error: Error) => refusedAsInput(error) && /texture coordinates/.test(error.message),
  );
});

test('the OBJ coordinate scan agrees with Number() on what is finite', () => {
  const ok = ['1', '-2.5', '+.5', '1.', '3e5', '1E-320', '0x10', '7 # comment', '1\r'];
  const bad = ['nan', '1e309', '-Infinity', '.', '1e', '--1', '1.2.3', '0.62u000'];
  for (const value of ok) assert.doesNotThrow(() => checkObjNumbers(enc(`v 0 0 ${value}\n`)), value);
  for (const value of bad)
    assert.throws(
      () => checkObjNumbers(enc(`o x\nv 0 0 ${value}\n`)),
      (error: Error) => refusedAsInput(error) && /Line 2/.test(error.message),
      value,
    );
  // vt checks u and v only; a third (w) value is ignored like the reader ignores it.
  assert.doesNotThrow(() => checkObjNumbers(enc('vt 0.5 0.5 junk\n')));
  assert.throws(() => checkObjNumbers(enc('vt 0.5 nan\n')), refusedAsInput);
});
