/**
 * Geometry export: a Scene → the download files of one task for the requested format and material
 * variant. File names are documented in ./names.ts (compat.md's `base_basic_pbr.glb`,
 * `base_basic_shaded.glb`, `texture_*.png`; `base_basic.<ext>` for None).
 *
 * Variants: PBR writes the scene's materials as they are; Shaded bakes each material's colour with a
 * fixed soft light into a texture and writes it unlit; All writes both models; None writes geometry
 * with no material or texture. STL has no materials, so every variant writes the same geometry under
 * the variant's name.
 */
import type { MaterialVariant, OutputFormat } from '../../domain/task-spec.ts';
import type { EngineFile } from '../../engines/engine.ts';
import type { Logger } from '../../logger.ts';
import { silentLogger } from '../../logger.ts';
import type { Scene, SceneNode } from '../mesh.ts';
import { writeFbx } from './fbx/index.ts';
import { writeGlb } from './glb.ts';
import { CONTENT_TYPES, modelFileName, modelStem, textureFileName, variantsOf, type VariantKind } from './names.ts';
import { writeObj } from './obj.ts';
import { shadedScene } from './shaded.ts';
import type { TextureNamer } from './sidecar.ts';
import { writeStl } from './stl.ts';
import { writeUsdz } from './usdz/index.ts';

export { writeGlb, unitNormals, type GlbOptions } from './glb.ts';
export { writeUsdz, storedZip, crc32, usdaText, USDZ_ROOT_LAYER, type UsdzOptions } from './usdz/index.ts';
export { writeFbx, encodeFbx, fbxDocument, fbxEulerDegrees, EMBED_LIMIT_BYTES, type FbxOptions } from './fbx/index.ts';
export { writeObj, type ObjOptions } from './obj.ts';
export { writeStl } from './stl.ts';
export { scenePartsFromMeshes, pieceCentroid, partName } from './parts.ts';
export { shadedScene, shadedLight, type ShadedOptions } from './shaded.ts';
export { variantsOf, modelFileName, modelStem, textureFileName, type VariantKind, type TextureChannel } from './names.ts';
export { polygonsOf } from './polygons.ts';

export interface ExportOptions {
  format: OutputFormat;
  material: MaterialVariant;
  logger?: Logger;
  /** Shaded variant: texture edge for materials without a colour map. Default 1024. */
  shadedTextureSize?: number;
  /** FBX: embed the maps inside the file as well as writing them beside it. Default `auto` (up to 64 MB of maps). */
  embedTextures?: boolean | 'auto';
  /**
   * Stem of the model names. Default `base_basic` (compat.md). Another model of the same task (e.g.
   * `base_basic_highpoly`) gets `<baseName>_pbr.<ext>` …; its texture names stay the shared `texture_*.png`.
   */
  baseName?: string;
}

/** The same nodes and meshes with no materials at all (groups then point at nothing and are ignored). */
export function geometryOnlyScene(scene: Scene): Scene {
  const strip = (node: SceneNode): SceneNode => ({ ...node, children: node.children.map(strip) });
  return { materials: [], roots: scene.roots.map(strip) };
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
          ...(await writeFbx(variant, { stem: modelStem(kind, options.baseName), textureNamer: namer, embedTextures: options.embedTextures, logger })),
        );
        break;
      case 'obj':
        files.push(...(await writeObj(variant, { stem: modelStem(kind, options.baseName), textureNamer: namer, logger })));
        break;
    }
    logger.info({ format: options.format, variant: kind, ms: Date.now() - started }, 'model exported');
  }
  const names = new Set<string>();
  for (const file of files) {
    if (names.has(file.name) || file.name.includes('/')) throw new Error(`Export produced a clashing file name: ${file.name}`);
    names.add(file.name);
  }
  return files;
}
