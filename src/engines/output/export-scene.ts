/**
 * The engines' output stage: a Scene → the download files of one task for the requested format and
 * material variant. File names are documented in ./download-names.ts (docs/spec/compat.md's
 * `base_basic_pbr.glb`, `base_basic_shaded.glb`, `texture_*.png`; `base_basic.<ext>` for None).
 *
 * Variants: PBR writes the scene's materials as they are; Shaded bakes each material's colour with a
 * fixed soft light into a texture and writes it unlit; All writes both models; None writes geometry
 * with no material or texture. STL has no materials, so every variant writes the same geometry under
 * the variant's name.
 */
import type { MaterialVariant, OutputFormat } from '../../domain/task-spec.ts';
import {
  CONTENT_TYPES,
  geometryOnlyScene,
  shadedScene,
  writeFbx,
  writeGlb,
  writeObj,
  writeStl,
  writeUsdz,
  type TextureNamer,
} from '../../geometry/export/index.ts';
import type { Scene } from '../../geometry/mesh.ts';
import type { Logger } from '../../logger.ts';
import { silentLogger } from '../../logger.ts';
import type { EngineFile } from '../engine.ts';
import { modelFileName, modelStem, textureFileName, variantsOf, type VariantKind } from './download-names.ts';

export interface ExportOptions {
  format: OutputFormat;
  material: MaterialVariant;
  logger?: Logger;
  /** Shaded variant: texture edge for materials without a colour map. Default 1024. */
  shadedTextureSize?: number;
  /** FBX: embed the maps inside the file as well as writing them beside it. Default `auto` (up to 64 MB of maps). */
  embedTextures?: boolean | 'auto';
  /**
   * Stem of the model names. Default `base_basic` (docs/spec/compat.md). Another model of the same task (e.g.
   * `base_basic_highpoly`) gets `<baseName>_pbr.<ext>` …; its texture names stay the shared `texture_*.png`.
   */
  baseName?: string;
}

async function variantScene(scene: Scene, kind: VariantKind, options: ExportOptions): Promise<Scene> {
  switch (kind) {
    case 'pbr':
      return scene;
    case 'none':
      return geometryOnlyScene(scene);
    case 'shaded':
      return shadedScene(scene, { textureSize: options.shadedTextureSize, logger: options.logger });
  }
}

export async function exportScene(scene: Scene, options: ExportOptions): Promise<EngineFile[]> {
  const logger = options.logger ?? silentLogger;
  const kinds = variantsOf(options.material);
  const files: EngineFile[] = [];
  let stl: Uint8Array | undefined;
  for (const kind of kinds) {
    const started = Date.now();
    const name = modelFileName(kind, options.format, options.baseName);
    if (options.format === 'stl') {
      stl ??= writeStl(scene);
      files.push({ name, bytes: stl, contentType: CONTENT_TYPES.stl });
      continue;
    }
    const variant = await variantScene(scene, kind, options);
    const namer: TextureNamer = (channel, ordinal) => textureFileName(kind, channel, ordinal, kinds.includes('pbr'));
    switch (options.format) {
      case 'glb':
        files.push({ name, bytes: await writeGlb(variant, { logger }), contentType: CONTENT_TYPES.glb });
        break;
      case 'usdz':
        files.push({ name, bytes: await writeUsdz(variant, { logger }), contentType: CONTENT_TYPES.usdz });
        break;
      case 'fbx':
        files.push(
          ...(await writeFbx(variant, {
            stem: modelStem(kind, options.baseName),
            textureNamer: namer,
            embedTextures: options.embedTextures,
            logger,
          })),
        );
        break;
      case 'obj':
        files.push(
          ...(await writeObj(variant, { stem: modelStem(kind, options.baseName), textureNamer: namer, logger })),
        );
        break;
    }
    logger.info({ format: options.format, variant: kind, ms: Date.now() - started }, 'model exported');
  }
  const names = new Set<string>();
  for (const file of files) {
    if (names.has(file.name) || file.name.includes('/'))
      throw new Error(`Export produced a clashing file name: ${file.name}`);
    names.add(file.name);
  }
  return files;
}
