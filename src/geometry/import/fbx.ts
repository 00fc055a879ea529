/**
 * FBX (binary 7.x and ASCII 7.x) through three's FBXLoader. Binary files are scanned first
 * (fbx-scan.ts); textures embedded in the file are captured as bytes, external ones are looked up
 * among the companion files and otherwise skipped.
 */
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { GeometryInputError } from '../errors.ts';
import type { Scene } from '../mesh.ts';
import { scanBinaryFbx } from './fbx-scan.ts';
import { maxExpandedBytes, type ImportLimits } from './limits.ts';
import { checkCounts } from './validate.ts';
import { sceneFromThree } from './three-convert.ts';
import { capturingManager, quietly, type ResolveContext } from './three-shim.ts';

const BINARY_MAGIC = 'Kaydara FBX Binary  ';

export async function importFbx(bytes: Uint8Array, limits: ImportLimits, ctx: ResolveContext): Promise<Scene> {
  const binary = new TextDecoder().decode(bytes.subarray(0, BINARY_MAGIC.length)) === BINARY_MAGIC;
  if (binary) {
    // FBXLoader needs about 1 KB per face: refuse oversized files from their declared arrays first.
    const scan = scanBinaryFbx(bytes, maxExpandedBytes(limits));
    checkCounts(Math.ceil(scan.corners / 3), scan.vertices, limits, 'FBX');
  } else {
    const version = /FBXVersion:\s*(\d+)/.exec(new TextDecoder().decode(bytes.subarray(0, 4096)))?.[1];
    if (version && Number(version) < 7000) {
      throw new GeometryInputError(
        'unsupported',
        `This FBX file is version ${version}; Kiln reads FBX 7.0 and later. Export it again as FBX 7.4 or newer.`,
      );
    }
  }
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let group;
  try {
    group = quietly(ctx.logger, () => new FBXLoader(capturingManager()).parse(buffer, ''));
  } catch (error) {
    ctx.logger.debug({ err: error }, 'FBXLoader failed');
    throw new GeometryInputError(
      'malformed',
      'The FBX file could not be read (it may be truncated or corrupt); export it again as binary FBX 7.4 or newer.',
    );
  }
  // FBX counts in UnitScaleFactor centimetres per unit; Blender, for one, writes 1 (cm) with ×100 object
  // scales. Scale the root to metres so an FBX comes in at the size the same model has as glb, USD or OBJ.
  const unit = Number(group.userData?.unitScaleFactor);
  if (Number.isFinite(unit) && unit > 0 && unit !== 100) group.scale.multiplyScalar(unit / 100);
  return sceneFromThree(group, { ...ctx, flipV: true });
}
