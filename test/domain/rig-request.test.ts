import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KilnError } from '../../src/errors.ts';
import { rawRequest, resolveRigRequest, type RawFile, type StoredAsset } from '../../src/domain/index.ts';
import { detectModelFormat } from '../../src/geometry/import/detect.ts';
import { OBJ_BYTES } from './fixtures.ts';

const model = (): RawFile => ({ field: 'model', filename: 'm.obj', bytes: OBJ_BYTES });
const resolve = (fields: Record<string, string | string[]>, files: RawFile[] = [model()], asset?: StoredAsset) =>
  resolveRigRequest(rawRequest(fields, files), asset, detectModelFormat);

function refusedOn(field: string, run: () => unknown, message?: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof KilnError);
    assert.equal(error.code, 'INVALID_REQUEST');
    assert.equal(error.details?.field, field);
    if (message) assert.match(error.message, message);
    return true;
  });
}

test('defaults: auto, idle and walk, glb, 0.5 credits', () => {
  const { spec, price } = resolve({});
  assert.equal(spec.kind, 'rig');
  assert.equal(spec.mode, 'custom');
  assert.equal(spec.rigType, 'auto');
  assert.deepEqual(spec.animations, ['idle', 'walk']);
  assert.equal(spec.geometryFileFormat, 'glb');
  assert.equal(spec.heightMeters, undefined);
  assert.equal(price, 0.5);
});

test('animations: repeated or comma-separated, case-insensitive, duplicates dropped', () => {
  assert.deepEqual(resolve({ animations: ['walk,Run', 'jump', 'walk'] }).spec.animations, ['walk', 'run', 'jump']);
  assert.deepEqual(resolve({ animations: 'wave', rig_type: 'humanoid' }).spec.animations, ['wave']);
});

test('an unknown clip is refused with the list of known ones', () => {
  refusedOn(
    'animations',
    () => resolve({ animations: 'walk,moonwalk' }),
    /moonwalk.*idle, walk, run, jump, wave.*trot/,
  );
});

test('a clip the asked rig type has not is refused', () => {
  refusedOn('animations', () => resolve({ rig_type: 'quadruped', animations: 'wave' }), /quadruped.*trot/);
  refusedOn('animations', () => resolve({ rig_type: 'humanoid', animations: 'trot' }), /humanoid/);
});

test('rig_type, formats and height are checked', () => {
  refusedOn('rig_type', () => resolve({ rig_type: 'bird' }));
  refusedOn('geometry_file_format', () => resolve({ geometry_file_format: 'stl' }), /cannot carry a skin/);
  refusedOn('height_meters', () => resolve({ height_meters: '0' }));
  assert.equal(resolve({ geometry_file_format: 'FBX' }).spec.geometryFileFormat, 'fbx');
  assert.equal(resolve({ height_meters: '1.8' }).spec.heightMeters, 1.8);
});

test('exactly one of asset_id and model', () => {
  refusedOn('model', () => resolve({}, []));
  refusedOn('asset_id', () => resolve({ asset_id: '0b7c4d1e-8f2a-4c3b-9d5e-6f7a8b9c0d1e' }));
});

test('asset mode keeps the asset id', () => {
  const id = '0b7c4d1e-8f2a-4c3b-9d5e-6f7a8b9c0d1e';
  const asset: StoredAsset = { taskId: id, spec: { material: 'PBR', geometryFileFormat: 'glb' } };
  const { spec } = resolve({ asset_id: id }, [], asset);
  assert.equal(spec.mode, 'asset');
  assert.equal(spec.assetId, id);
});
