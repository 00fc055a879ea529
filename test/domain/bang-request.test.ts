import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KilnError } from '../../src/errors.ts';
import {
  pieceCountForStrength,
  rawRequest,
  resolveBangRequest as resolveWithDetector,
  resolveGenerateRequest,
  type RawFile,
  type StoredAsset,
} from '../../src/domain/index.ts';
import { detectModelFormat } from '../../src/geometry/import/detect.ts';
import { OBJ_BYTES, PNG_BYTES, image } from './fixtures.ts';

/** The task layer hands domain geometry's detector; these tests do the same. */
const resolveBangRequest = (raw: Parameters<typeof resolveWithDetector>[0], asset?: StoredAsset) =>
  resolveWithDetector(raw, asset, detectModelFormat);

type Fields = Parameters<typeof rawRequest>[0];
const ASSET_ID = '0b7c4d1e-8f2a-4c3b-9d5e-6f7a8b9c0d1e';
const model = (bytes = OBJ_BYTES, filename = 'model.bin'): RawFile => ({ field: 'model', filename, bytes });
const reference = (): RawFile => ({ field: 'image', filename: 'ref', bytes: PNG_BYTES });
const asset: StoredAsset = {
  taskId: ASSET_ID,
  spec: resolveGenerateRequest(
    rawRequest(
      { tier: 'Gen-2.5-High', geometry_file_format: 'fbx', material: 'Shaded', seed: 7, uhd_texture: 'true' },
      [image()],
    ),
  ).spec,
};

function rejects(fields: Fields, files: RawFile[], field: string, pattern: RegExp, withAsset?: StoredAsset) {
  assert.throws(
    () => resolveBangRequest(rawRequest(fields, files), withAsset),
    (error: KilnError) =>
      error.code === 'INVALID_REQUEST' && error.details.field === field && pattern.test(error.message),
  );
}

test('both modes at once, or neither, is refused', () => {
  rejects({ asset_id: ASSET_ID }, [model()], 'asset_id', /not both/);
  rejects({ strength: 3 }, [], 'model', /asset_id .* or a model/);
});

test('asset mode refuses model, image and prompt, each by name', () => {
  rejects({ asset_id: ASSET_ID }, [reference()], 'image', /custom-model mode/, asset);
  rejects({ asset_id: ASSET_ID, prompt: 'split it' }, [], 'prompt', /custom-model mode/, asset);
});

test('custom-model mode needs an image unless material=None', () => {
  rejects({}, [model()], 'image', /material=None/);
  assert.equal(resolveBangRequest(rawRequest({ material: 'None' }, [model()])).spec.hasReferenceImage, false);
  assert.equal(resolveBangRequest(rawRequest({}, [model(), reference()])).spec.hasReferenceImage, true);
});

test('custom-model mode keeps its prompt and inputs', () => {
  const { spec, inputs } = resolveBangRequest(rawRequest({ prompt: 'a robot' }, [model(), reference()]));
  assert.equal(spec.prompt, 'a robot');
  assert.deepEqual(
    inputs.map((input) => input.field),
    ['model', 'image'],
  );
});

const strengthRows = [2, 3, 4, 5, 7, 9, 11, 14, 17, 21, 26, 32];
strengthRows.forEach((pieces, index) => {
  test(`strength ${index + 1} asks for ${pieces} pieces`, () => {
    const { spec } = resolveBangRequest(rawRequest({ material: 'None', strength: index + 1 }, [model()]));
    assert.equal(spec.pieceTarget, pieces);
    assert.equal(pieceCountForStrength(index + 1), pieces);
  });
});

test('strength defaults to 5 and must be a whole number from 1 to 12', () => {
  assert.equal(resolveBangRequest(rawRequest({ material: 'None' }, [model()])).spec.strength, 5);
  for (const bad of ['0', '13', '2.5', 'high'])
    rejects({ material: 'None', strength: bad }, [model()], 'strength', /1 to 12|1\b.*12/);
});

test('model formats are detected from content, not the name', () => {
  const glb = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  assert.equal(resolveBangRequest(rawRequest({ material: 'None' }, [model(glb, 'scan.obj')])).spec.modelFormat, 'glb');
  assert.equal(
    resolveBangRequest(rawRequest({ material: 'None' }, [model(OBJ_BYTES, 'upload')])).spec.modelFormat,
    'obj',
  );
  rejects(
    { material: 'None' },
    [model(new TextEncoder().encode('hello world, not a model'), 'x.glb')],
    'model',
    /detected from the content/,
  );
});

test('Bang costs 0.5 in either mode with any options', () => {
  assert.equal(resolveBangRequest(rawRequest({ material: 'None', strength: 12 }, [model()])).price, 0.5);
  assert.equal(resolveBangRequest(rawRequest({ asset_id: ASSET_ID }), asset).price, 0.5);
});

test('asset mode starts from the asset settings and the request values override them', () => {
  const inherited = resolveBangRequest(rawRequest({ asset_id: ASSET_ID }), asset).spec;
  assert.deepEqual(
    [
      inherited.mode,
      inherited.assetId,
      inherited.geometryFileFormat,
      inherited.material,
      inherited.seed,
      inherited.resolution,
    ],
    ['asset', ASSET_ID, 'fbx', 'Shaded', 7, 4096],
  );
  const overridden = resolveBangRequest(
    rawRequest({
      asset_id: ASSET_ID,
      geometry_file_format: 'glb',
      material: 'None',
      seed: 9,
      resolution: 1024,
      strength: 2,
    }),
    asset,
  ).spec;
  assert.deepEqual(
    [
      overridden.geometryFileFormat,
      overridden.material,
      overridden.seed,
      overridden.resolution,
      overridden.pieceTarget,
    ],
    ['glb', 'None', 9, 1024, 3],
  );
});

test('asset_id must look like a uuid', () => {
  rejects({ asset_id: 'abc' }, [], 'asset_id', /uuid/, asset);
});

test('optional numbers are validated with ranges in the message', () => {
  rejects({ material: 'None', escore: '2' }, [model()], 'escore', /0 to 1/);
  rejects({ material: 'None', reference_scale: '-1' }, [model()], 'reference_scale', /0\.001 to 1000/);
  rejects({ material: 'None', resolution: '100' }, [model()], 'resolution', /256 to 8192/);
});
