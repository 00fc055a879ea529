/**
 * Kiln's in-memory 3D model: triangle meshes on typed arrays, materials and a node tree.
 *
 * Conventions shared by every importer, exporter, operation and engine:
 * - Axes follow glTF: +Y up, the asset's front faces +Z, right-handed, units arbitrary.
 * - Triangles wind counter-clockwise seen from outside (outward normals by the right-hand rule).
 * - UVs follow glTF: (0, 0) is the top-left corner of the image, v grows downwards.
 *   Formats with v upwards (OBJ, FBX, USD) flip on the way in and out.
 * - Colour factors are linear; colour textures hold sRGB-encoded pixels.
 */

/** Decoded pixels, row-major from the top-left, `channels` bytes per pixel. */
export interface RasterImage {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  data: Uint8Array;
}

export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/webp';

/**
 * A texture holds decoded pixels, encoded bytes, or both. Importers usually fill `encoded`,
 * bakers fill `image`; `src/geometry/texture.ts` converts between the two.
 */
export interface Texture {
  name?: string;
  image?: RasterImage;
  encoded?: { bytes: Uint8Array; mimeType: ImageMimeType };
}

export interface Material {
  name: string;
  /** Linear RGBA multiplier (and the colour itself where there is no texture). */
  baseColor: [number, number, number, number];
  metallic: number;
  roughness: number;
  baseColorTexture?: Texture;
  /** glTF packing: G = roughness, B = metallic. */
  metallicRoughnessTexture?: Texture;
  normalTexture?: Texture;
  /** Shaded variant: lighting is baked into the colour, render without lights. */
  unlit?: boolean;
  doubleSided?: boolean;
}

/** A run of triangles drawn with one material: triangles `start` … `start + count - 1`. */
export interface MaterialGroup {
  start: number;
  count: number;
  material: number;
}

export interface Mesh {
  /** xyz per vertex. */
  positions: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
  /** xyz per vertex, unit length. */
  normals?: Float32Array;
  /** uv per vertex, glTF convention (see above). */
  uvs?: Float32Array;
  /** Triangle ranges and their material index into `Scene.materials`; together they cover every triangle once. */
  groups: MaterialGroup[];
  /**
   * Quad-dominant meshes: `quads[t] === 1` marks triangle t and t + 1 as one quad. The pair is stored
   * as (a, b, c) and (a, c, d) so the quad is (a, b, c, d). Writers that support polygons (fbx, obj)
   * emit the quad; the others use the triangles as they are.
   */
  quads?: Uint8Array;
}

export interface SceneNode {
  name: string;
  translation: [number, number, number];
  /** Unit quaternion x, y, z, w. */
  rotation: [number, number, number, number];
  scale: [number, number, number];
  mesh?: Mesh;
  children: SceneNode[];
}

export interface Scene {
  materials: Material[];
  roots: SceneNode[];
  /** JSON-safe application data the GLB writer stores as the scene's `extras` (a body plan's skeleton). */
  extras?: Record<string, unknown>;
}

export function triangleCount(mesh: Mesh): number {
  return mesh.indices.length / 3;
}

export function vertexCount(mesh: Mesh): number {
  return mesh.positions.length / 3;
}

export function defaultMaterial(name = 'default'): Material {
  return { name, baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.6 };
}

export function createNode(name: string, mesh?: Mesh, children: SceneNode[] = []): SceneNode {
  return { name, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1], mesh, children };
}

/** A mesh drawn entirely with material 0. */
export function createMesh(positions: Float32Array, indices: Uint32Array, extra: Partial<Mesh> = {}): Mesh {
  return { positions, indices, groups: [{ start: 0, count: indices.length / 3, material: 0 }], ...extra };
}

/** A one-node scene around a mesh. */
export function sceneFromMesh(mesh: Mesh, materials: Material[] = [defaultMaterial()], name = 'mesh'): Scene {
  return { materials, roots: [createNode(name, mesh)] };
}

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

export function meshBounds(mesh: Mesh): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = p[i + k];
      if (v < min[k]) min[k] = v;
      if (v > max[k]) max[k] = v;
    }
  }
  return { min, max };
}
