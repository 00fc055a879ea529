/** Puts a reconstruction (unit height, centred at the origin) where the source mesh stands, for scoring against it. */
import { meshBounds, type Mesh } from '../../src/geometry/mesh.ts';

export function placeLikeSource(mesh: Mesh, source: Mesh): Mesh {
  const b = meshBounds(source);
  const height = b.max[1] - b.min[1];
  const centre = [0, 1, 2].map((k) => (b.min[k] + b.max[k]) / 2);
  const p = new Float32Array(mesh.positions.length);
  for (let i = 0; i < p.length; i++) p[i] = mesh.positions[i] * height + centre[i % 3];
  return { ...mesh, positions: p };
}
