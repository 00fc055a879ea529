/**
 * The software renderer: z-buffered, textured triangle rasterising on typed arrays, used for
 * `preview.webp`, thumbnails, input views of known solids in tests and benchmarks, and the depth tests
 * of texture baking. `directionCamera` frames an object from a direction; the view labels of
 * docs/spec/views.md map onto directions in the image engine (src/engines/generate/image/view-cameras.ts).
 */
export {
  cameraBasis,
  createProjector,
  directionCamera,
  orthographicCamera,
  perspectiveCamera,
  type Camera,
  type CameraBasis,
  type Projector,
  type Vec3,
  type ViewDirection,
} from './camera.ts';
export { emptyBuffers, rasterize, type RasterBuffers } from './rasterize.ts';
export { defaultLights, linearToSrgbByte, srgbByteToLinear, type DirectionalLight, type LightRig } from './shade.ts';
export { renderBuffers, renderScene, renderSilhouette, sceneBounds, type RenderOptions } from './render-scene.ts';
export { pieceColor, piecesOf, renderPreview, type PreviewOptions } from './preview.ts';
export { worldGeometry, type WorldGeometry } from './world-geometry.ts';
