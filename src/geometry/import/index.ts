/**
 * Reads an uploaded model (Bang's `model` field) into Kiln's Scene, whatever the format: obj (+mtl),
 * glb, gltf (self-contained), stl, fbx, usd/usda/usdc/usdz. The format comes from the bytes
 * (detect.ts), the file name and an explicit `format` only break ties. Anything that is not a usable
 * model is refused with a GeometryInputError whose message tells the user what to change.
 */
import type { ModelFormat } from '../formats.ts';
import { silentLogger, type Logger } from '../../logger.ts';
import { GeometryInputError } from '../errors.ts';
import type { Scene } from '../mesh.ts';
import { detectModelFormat, formatFromName } from './detect.ts';
import { importFbx } from './fbx.ts';
import { importGltf } from './gltf.ts';
import { resolveLimits, type ImportLimits } from './limits.ts';
import { importObj } from './obj.ts';
import { importStl } from './stl.ts';
import { importUsd } from './usd.ts';
import { validateScene } from './validate.ts';

export { detectModelFormat, formatFromName } from './detect.ts';
export { parseOff } from './off.ts';
export { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './limits.ts';
export { GeometryInputError, isGeometryInputError } from '../errors.ts';

export interface ImportOptions {
  /** The uploaded file name: breaks ties the bytes leave open (default: none). */
  filename?: string;
  /** The format the caller believes the file has; the bytes still win when they say otherwise. */
  format?: ModelFormat;
  /** Size limits; each defaults to DEFAULT_IMPORT_LIMITS. */
  limits?: Partial<ImportLimits>;
  /**
   * Files packaged with the model (name → bytes): an OBJ's .mtl and textures, an FBX's or USD
   * layer's external textures. Matched by base name. Default: none (a single uploaded file).
   */
  companions?: Record<string, Uint8Array>;
  logger?: Logger;
}

const LABELS: Record<ModelFormat, string> = {
  obj: 'OBJ',
  glb: 'glb',
  gltf: 'glTF',
  stl: 'STL',
  fbx: 'FBX',
  usd: 'USD',
  usda: 'USDA',
  usdc: 'USDC',
  usdz: 'usdz',
};

export async function importModel(bytes: Uint8Array, options: ImportOptions = {}): Promise<Scene> {
  const limits = resolveLimits(options.limits);
  const logger = options.logger ?? silentLogger;
  if (bytes.length === 0) throw new GeometryInputError('empty', 'The model file is empty; upload the complete file.');
  if (bytes.length > limits.maxBytes) {
    throw new GeometryInputError(
      'too-large',
      `The model file is ${bytes.length} bytes; the limit is ${limits.maxBytes}. Decimate the model or compress its textures and upload it again.`,
      { limit: limits.maxBytes },
    );
  }
  const detected =
    detectModelFormat(bytes, options.filename) ??
    (options.format ? detectModelFormat(bytes, `model.${options.format}`) : null);
  if (!detected) {
    const claimed = options.format ?? formatFromName(options.filename);
    throw new GeometryInputError(
      'unknown-format',
      claimed
        ? `The file does not look like ${LABELS[claimed]} (or any supported model format); it may be corrupt or mislabelled. Supported: obj, glb, gltf, stl, fbx, usd, usda, usdc, usdz.`
        : 'The file is not a supported 3D model. Supported: obj, glb, gltf, stl, fbx, usd, usda, usdc, usdz.',
    );
  }
  const label = LABELS[detected];
  const ctx = { logger, label, companions: options.companions };
  const started = Date.now();
  let scene: Scene;
  switch (detected) {
    case 'glb':
    case 'gltf':
      scene = await importGltf(bytes, detected === 'glb', { limits, logger });
      break;
    case 'stl':
      scene = importStl(bytes, limits, baseNameWithoutExtension(options.filename) ?? 'stl');
      break;
    case 'obj':
      scene = await importObj(bytes, { ...ctx, limits });
      break;
    case 'fbx':
      scene = await importFbx(bytes, limits, ctx);
      break;
    case 'usd':
    case 'usda':
    case 'usdc':
    case 'usdz':
      scene = await importUsd(bytes, ctx);
      break;
  }
  validateScene(scene, limits, label);
  logger.debug({ format: detected, bytes: bytes.length, ms: Date.now() - started }, 'model imported');
  return scene;
}

function baseNameWithoutExtension(filename?: string): string | undefined {
  const base = filename
    ?.split(/[\\/]/)
    .pop()
    ?.replace(/\.[^.]+$/, '');
  return base || undefined;
}
