/** Drawing a scene (or a bare mesh) from a camera: colour images, silhouettes and depth buffers. */
import type { Bounds, Mesh, RasterImage, Scene } from '../mesh.ts';
import { textureImage } from '../texture.ts';
import { createProjector, type Camera, type Vec3 } from './camera.ts';
import { rasterize, type RasterBuffers } from './rasterize.ts';
import { defaultLights, shade, type LightRig } from './shade.ts';
import { meshScene, meshWorldGeometry, worldGeometry, worldPositions, type WorldGeometry } from './world-geometry.ts';

export interface RenderOptions {
  width: number;
  height: number;
  /** RGBA bytes (sRGB) where nothing is drawn; default transparent black. */
  background?: [number, number, number, number];
  /** Light rig; default a key and fill light relative to the camera plus 0.35 ambient. */
  lights?: LightRig;
  /** Draw every material without lighting (its colour as is). */
  unlit?: boolean;
  /** Move each root node (piece) by this world offset before drawing (exploded views). */
  pieceOffsets?: ReadonlyArray<Vec3>;
  /** Replace each piece's material colour by this linear RGB colour (exploded views). */
  pieceColors?: Vec3[];
}

function isMesh(input: Scene | Mesh): input is Mesh {
  return (input as Mesh).positions !== undefined;
}

function geometryOf(input: Scene | Mesh): WorldGeometry {
  return isMesh(input) ? meshWorldGeometry(input) : worldGeometry(input);
}

/**
 * Renders the scene to an RGBA image. Async because base colour textures that arrive as encoded bytes
 * are decoded (once; `textureImage` caches the pixels on the texture).
 */
export async function renderScene(scene: Scene, camera: Camera, options: RenderOptions): Promise<RasterImage> {
  const textures = await Promise.all(
    scene.materials.map((m) => (m.baseColorTexture ? textureImage(m.baseColorTexture) : Promise.resolve(undefined))),
  );
  const geometry = worldGeometry(scene, options.pieceOffsets);
  const projector = createProjector(camera, options.width, options.height);
  const buffers = rasterize(geometry.positions, geometry.indices, projector, undefined, camera.near || 1e-6);
  return shade(geometry, buffers, {
    materials: scene.materials,
    textures,
    lights: options.lights ?? defaultLights(projector.basis),
    basis: projector.basis,
    unlit: options.unlit ?? false,
    background: options.background ?? [0, 0, 0, 0],
    pieceColors: options.pieceColors,
  });
}

/** Nearest-surface buffers (depth, triangle id, barycentrics) of a scene or mesh seen by `camera`. */
export function renderBuffers(
  input: Scene | Mesh,
  camera: Camera,
  options: { width: number; height: number },
): RasterBuffers {
  const geometry = geometryOf(input);
  const projector = createProjector(camera, options.width, options.height);
  return rasterize(geometry.positions, geometry.indices, projector, undefined, camera.near || 1e-6);
}

/** One-channel mask: 255 where the object covers the pixel centre, 0 elsewhere. */
export function renderSilhouette(
  input: Scene | Mesh,
  camera: Camera,
  options: { width: number; height: number },
): RasterImage {
  const { triangle, width, height } = renderBuffers(input, camera, options);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = triangle[i] >= 0 ? 255 : 0;
  return { width, height, channels: 1, data };
}

/** World-space bounds of everything drawn in the scene (node transforms applied). */
export function sceneBounds(input: Scene | Mesh): Bounds {
  const positions = worldPositions(isMesh(input) ? meshScene(input) : input);
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k];
      if (v < min[k]) min[k] = v;
      if (v > max[k]) max[k] = v;
    }
  }
  return { min, max };
}
