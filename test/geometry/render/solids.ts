/** Known solids for renderer tests: axis-aligned boxes with one material per face. */
import { createNode, type Material, type Mesh, type Scene } from '../../../src/geometry/mesh.ts';

/** Face order of `box`: +X, −X, +Y, −Y, +Z, −Z (one material group each, two triangles per face). */
export function box(
  min: [number, number, number],
  max: [number, number, number],
  materials = [0, 0, 0, 0, 0, 0],
): Mesh {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  // Each face as 4 corners counter-clockwise seen from outside.
  const faces: number[][][] = [
    [
      [x1, y0, z1],
      [x1, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
    ],
    [
      [x0, y0, z0],
      [x0, y0, z1],
      [x0, y1, z1],
      [x0, y1, z0],
    ],
    [
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y1, z0],
      [x0, y1, z0],
    ],
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ],
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ],
    [
      [x1, y0, z0],
      [x0, y0, z0],
      [x0, y1, z0],
      [x1, y1, z0],
    ],
  ];
  const positions = new Float32Array(faces.flat(2));
  const indices = new Uint32Array(36);
  for (let f = 0; f < 6; f++) indices.set([f * 4, f * 4 + 1, f * 4 + 2, f * 4, f * 4 + 2, f * 4 + 3], f * 6);
  return { positions, indices, groups: materials.map((material, f) => ({ start: f * 2, count: 2, material })) };
}

export function flatMaterial(name: string, rgb: [number, number, number], unlit = true): Material {
  return { name, baseColor: [...rgb, 1], metallic: 0, roughness: 1, unlit };
}

export function sceneOf(meshes: Mesh[], materials: Material[]): Scene {
  return { materials, roots: meshes.map((mesh, i) => createNode(`part_${i + 1}`, mesh)) };
}

/** Index of the brightest of r, g, b at pixel (x, y) of an RGBA image. */
export function dominantChannel(data: Uint8Array, width: number, x: number, y: number): number {
  const o = (y * width + x) * 4;
  const rgb = [data[o], data[o + 1], data[o + 2]];
  return rgb.indexOf(Math.max(...rgb));
}
