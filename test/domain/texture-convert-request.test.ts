import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KilnError } from '../../src/errors.ts';
import {
  PRICES,
  rawRequest,
  resolveConvertRequest as resolveConvertWithDetector,
  resolveTextureRequest as resolveTextureWithDetector,
  type LoadedAsset,
  type RawFile,
  type RawRequest,
} from '../../src/domain/index.ts';
import { detectModelFormat } from '../../src/geometry/import/detect.ts';
import { OBJ_BYTES, PNG_BYTES } from './fixtures.ts';

/** The task layer hands domain geometry's detector; these tests do the same. */
const resolveTextureRequest = (raw: RawRequest, asset?: LoadedAsset) =>
  resolveTextureWithDetector(raw, asset, detectModelFormat);
const resolveConvertRequest = (raw: RawRequest, asset?: LoadedAsset) =>
  resolveConvertWithDetector(raw, asset, detectModelFormat);

type Fields = Parameters<typeof rawRequest>[0];
const ASSET_ID = '0b7c4d1e-8f2a-4c3b-9d5e-6f7a8b9c0d1e';
const model = (bytes = OBJ_BYTES): RawFile => ({ field: 'model', filename: 'model.bin', bytes });
const picture = (field = 'image'): RawFile => ({ field, filename: 'p.png', bytes: PNG_BYTES });
const asset: LoadedAsset = {
  taskId: ASSET_ID,
  spec: { material: 'Shaded', geometryFileFormat: 'fbx', textureResolution: 4096, seed: 9 },
};

function rejects(
  resolve: typeof resolveTextureRequest | typeof resolveConvertRequest,
  fields: Fields,
  files: RawFile[],
  field: string,
  pattern: RegExp,
) {
  assert.throws(
    () => resolve(rawRequest(fields, files)),
    (error: KilnError) =>
      error.code === 'INVALID_REQUEST' && error.details.field === field && pattern.test(error.message),
  );
}

test('texture: model or asset_id (not both, not neither), 1–5 decodable-looking pictures, labels per picture', () => {
  rejects(resolveTextureRequest, { asset_id: ASSET_ID }, [model(), picture()], 'asset_id', /not both/);
  rejects(resolveTextureRequest, {}, [picture()], 'model', /asset_id .* or a model/);
  rejects(resolveTextureRequest, {}, [model()], 'image', /1 to 5 pictures/);
  rejects(resolveTextureRequest, {}, [model(), ...Array.from({ length: 6 }, () => picture())], 'image', /1 to 5/);
  rejects(
    resolveTextureRequest,
    {},
    [model(), { field: 'image', filename: 'x.png', bytes: new Uint8Array([1, 2, 3]) }],
    'image',
    /not a PNG/,
  );
  rejects(resolveTextureRequest, {}, [model(new Uint8Array(0)), picture()], 'model', /empty/);
  rejects(
    resolveTextureRequest,
    {},
    [model(new TextEncoder().encode('hello world')), picture()],
    'model',
    /not a readable/,
  );
  rejects(resolveTextureRequest, { image_label: 'F,X' }, [model(), picture(), picture()], 'image_label', /"X"/);
  rejects(resolveTextureRequest, { image_label: 'F,F' }, [model(), picture(), picture()], 'image_label', /twice/);
  rejects(resolveTextureRequest, { material: 'None' }, [model(), picture()], 'material', /PBR, Shaded or All/);
});

test('texture: defaults, the resolution words and the texture table, 0.5 credits', () => {
  const plain = resolveTextureRequest(rawRequest({}, [model(), picture('images'), picture()]));
  assert.equal(plain.price, PRICES.texture);
  assert.equal(plain.price, 0.5);
  assert.equal(plain.spec.textureResolution, 2048);
  assert.deepEqual(plain.spec.imageLabels, ['F', 'R']);
  assert.equal(plain.spec.keepUvs, undefined);
  assert.equal(plain.spec.geometryFileFormat, 'glb');
  assert.equal(plain.spec.modelFormat, 'obj');
  assert.equal(
    resolveTextureRequest(rawRequest({ resolution: 'high' }, [model(), picture()])).spec.textureResolution,
    4096,
  );
  assert.equal(
    resolveTextureRequest(rawRequest({ texture_mode: 'extreme-high' }, [model(), picture()])).spec.textureResolution,
    6144,
  );
  assert.equal(
    resolveTextureRequest(
      rawRequest({ texture_mode: 'high', addons: 'HighPack', uhd_texture: 'true' }, [model(), picture()]),
    ).spec.textureResolution,
    8192,
  );
  assert.equal(resolveTextureRequest(rawRequest({ keep_uvs: 'False' }, [model(), picture()])).spec.keepUvs, false);
  const fromAsset = resolveTextureRequest(rawRequest({ asset_id: ASSET_ID }, [picture()]), asset);
  assert.deepEqual(
    [
      fromAsset.spec.mode,
      fromAsset.spec.material,
      fromAsset.spec.geometryFileFormat,
      fromAsset.spec.textureResolution,
      fromAsset.spec.seed,
    ],
    ['asset', 'Shaded', 'fbx', 4096, 9],
  );
});

test('convert: face budget range, choices by name, 0.1 credits', () => {
  rejects(resolveConvertRequest, { quality_override: 5 }, [model()], 'quality_override', /12 to 2000000/);
  rejects(resolveConvertRequest, { quality_override: 3_000_000 }, [model()], 'quality_override', /12 to 2000000/);
  rejects(resolveConvertRequest, { quality_override: 'lots' }, [model()], 'quality_override', /whole number/);
  rejects(resolveConvertRequest, { mesh_mode: 'Hex' }, [model()], 'mesh_mode', /Raw, Quad/);
  rejects(resolveConvertRequest, { uv: 'smart' }, [model()], 'uv', /keep, new/);
  rejects(resolveConvertRequest, { pivot: 'top' }, [model()], 'pivot', /keep, centre, bottom-centre/);
  rejects(resolveConvertRequest, { up_axis: 'X' }, [model()], 'up_axis', /Y, Z/);
  rejects(resolveConvertRequest, { scale_to: 0 }, [model()], 'scale_to', /from/);
  rejects(resolveConvertRequest, { texture_resolution: '100' }, [model()], 'texture_resolution', /256 to 8192/);
  const plain = resolveConvertRequest(rawRequest({}, [model()]));
  assert.equal(plain.price, 0.1);
  assert.deepEqual(
    [
      plain.spec.geometryFileFormat,
      plain.spec.faceBudget,
      plain.spec.meshMode,
      plain.spec.uv,
      plain.spec.pivot,
      plain.spec.upAxis,
      plain.spec.material,
    ],
    ['glb', undefined, 'Raw', 'keep', 'keep', 'Y', 'PBR'],
  );
  const full = resolveConvertRequest(
    rawRequest(
      {
        geometry_file_format: 'USDZ',
        quality_override: 20000,
        mesh_mode: 'quad',
        uv: 'new',
        texture_resolution: '4K',
        scale_to: 1.5,
        pivot: 'bottom_center',
        up_axis: 'z',
      },
      [model()],
    ),
  );
  assert.deepEqual(
    [
      full.spec.geometryFileFormat,
      full.spec.faceBudget,
      full.spec.meshMode,
      full.spec.uv,
      full.spec.textureResolution,
      full.spec.scaleTo,
      full.spec.pivot,
      full.spec.upAxis,
    ],
    ['usdz', 20000, 'Quad', 'new', 4096, 1.5, 'bottom-centre', 'Z'],
  );
  assert.equal(resolveConvertRequest(rawRequest({ asset_id: ASSET_ID }), asset).spec.geometryFileFormat, 'fbx');
});
