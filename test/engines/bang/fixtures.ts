/** Made-up solids for the Bang tests: a body with limbs (clear necks), built with manifold-3d. */
import type { Manifold } from 'manifold-3d';
import { createMesh, type Mesh } from '../../../src/geometry/mesh.ts';
import { loadManifold } from '../../../src/engines/bang/solid.ts';

export function meshOf(solid: Manifold): Mesh {
  const gl = solid.getMesh();
  const nv = gl.vertProperties.length / gl.numProp;
  const positions = new Float32Array(nv * 3);
  for (let v = 0; v < nv; v++) for (let k = 0; k < 3; k++) positions[3 * v + k] = gl.vertProperties[v * gl.numProp + k];
  return createMesh(positions, Uint32Array.from(gl.triVerts));
}

/**
 * A round body with six limbs (±x, ±y, ±z) each ending in a ball: 13 natural parts (body, six limbs,
 * six balls), so it supports the strength table well past 7 pieces.
 */
export async function limbedSolid(): Promise<Mesh> {
  const wasm = await loadManifold();
  const { Manifold } = wasm;
  const parts: Manifold[] = [Manifold.sphere(1, 32)];
  const directions: [number, number, number][] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
  ];
  directions.forEach((d, i) => {
    const length = 1.6 + 0.15 * i;
    const limb = Manifold.cylinder(length, 0.28, 0.28, 20);
    // The cylinder runs along +z from the origin; turn it onto d.
    const rotation: [number, number, number] = d[0]
      ? [0, 90 * d[0], 0]
      : d[1]
        ? [-90 * d[1], 0, 0]
        : d[2] < 0
          ? [180, 0, 0]
          : [0, 0, 0];
    parts.push(limb.rotate(rotation));
    limb.delete();
    const ball = Manifold.sphere(0.5, 24);
    parts.push(ball.translate([d[0] * (length + 0.2), d[1] * (length + 0.2), d[2] * (length + 0.2)]));
    ball.delete();
  });
  const body = Manifold.union(parts);
  for (const p of parts) p.delete();
  const mesh = meshOf(body);
  body.delete();
  return mesh;
}
