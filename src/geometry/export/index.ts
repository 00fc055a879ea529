/**
 * Geometry export: writers from a Scene to glb, usdz, fbx (+ maps), obj (+ mtl, maps) and stl bytes.
 * Which files a task downloads and what they are called is the engines' output stage
 * (src/engines/output/export-scene.ts); a writer takes the names it is given.
 */
import type { Scene, SceneNode } from '../mesh.ts';

export { writeGlb, unitNormals, type GlbOptions } from './glb.ts';
export { writeUsdz, storedZip, crc32, usdaText, USDZ_ROOT_LAYER, type UsdzOptions } from './usdz/index.ts';
export { writeFbx, encodeFbx, fbxDocument, fbxEulerDegrees, EMBED_LIMIT_BYTES, type FbxOptions } from './fbx/index.ts';
export { writeObj, type ObjOptions } from './obj.ts';
export { writeStl } from './stl.ts';
export { scenePartsFromMeshes, pieceCentroid, type PieceNamer } from './parts.ts';
export { shadedScene, shadedLight, type ShadedOptions } from './shaded.ts';
export { defaultTextureNamer, type TextureNamer } from './sidecar.ts';
export { polygonsOf } from './polygons.ts';
export {
  CONTENT_TYPES,
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportedFile,
  type TextureChannel,
} from '../formats.ts';

/** The same nodes and meshes with no materials at all (groups then point at nothing and are ignored). */
export function geometryOnlyScene(scene: Scene): Scene {
  const strip = (node: SceneNode): SceneNode => ({ ...node, children: node.children.map(strip) });
  return { materials: [], roots: scene.roots.map(strip), extras: scene.extras };
}
