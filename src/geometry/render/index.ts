/**
 * The software renderer: z-buffered, textured triangle rasterising on typed arrays, used for
 * `preview.webp`, thumbnails, input views of known solids in tests and benchmarks, and the depth tests
 * of texture baking. Cameras follow `shared/spec/views.md` (see `viewCamera`).
 */
export {
  VIEW_DIRECTIONS,
  cameraBasis,
  createProjector,
  orthographicCamera,
  perspectiveCamera,
  viewCamera,
  type Camera,
  type CameraBasis,
  type Projector,
  type Vec3,
} from './camera.ts';
export { emptyBuffers, rasterize, type RasterBuffers } from './rasterize.ts';
export { defaultLights, linearToSrgbByte, srgbByteToLinear, type DirectionalLight, type LightRig } from './shade.ts';
export { renderBuffers, renderScene, renderSilhouette, sceneBounds, type RenderOptions } from './render-scene.ts';
export { pieceColor, piecesOf, renderPreview, type PreviewOptions } from './preview.ts';
export { worldGeometry, type WorldGeometry } from './world-geometry.ts';
