/**
 * Where the converted model sits: `scale_to` (largest side, metres), `pivot` (keep, centre,
 * bottom-centre: the origin moves to the box centre or the centre of its base) and `up_axis` (Y, glTF's
 * convention; Z turns +Y into +Z for Z-up tools, a rotation, so winding and handedness are kept).
 */
import type { Pivot, UpAxis } from '../../domain/task-spec.ts';
import { meshBounds, type Mesh } from '../../geometry/mesh.ts';

export interface Placement {
  scaleTo?: number;
  pivot: Pivot;
}

/** Scale and pivot, in the model's Y-up frame. */
export function place(mesh: Mesh, placement: Placement): Mesh {
  const bounds = meshBounds(mesh);
  const largest = Math.max(...[0, 1, 2].map((k) => bounds.max[k] - bounds.min[k]));
  const factor = placement.scaleTo !== undefined && largest > 0 ? placement.scaleTo / largest : 1;
  const centre = [0, 1, 2].map((k) => (bounds.min[k] + bounds.max[k]) / 2);
  const origin =
    placement.pivot === 'centre'
      ? centre
      : placement.pivot === 'bottom-centre'
        ? [centre[0], bounds.min[1], centre[2]]
        : [0, 0, 0];
  if (factor === 1 && origin.every((v) => v === 0)) return mesh;
  const positions = new Float32Array(mesh.positions.length);
  for (let i = 0; i < positions.length; i++) positions[i] = (mesh.positions[i] - origin[i % 3]) * factor;
  return { ...mesh, positions };
}

/** Z up: (x, y, z) → (x, −z, y) for positions and normals. */
export function orient(mesh: Mesh, upAxis: UpAxis): Mesh {
  if (upAxis === 'Y') return mesh;
  const turn = (source: Float32Array) => {
    const out = new Float32Array(source.length);
    for (let i = 0; i < source.length; i += 3) {
      out[i] = source[i];
      out[i + 1] = -source[i + 2];
      out[i + 2] = source[i + 1];
    }
    return out;
  };
  return { ...mesh, positions: turn(mesh.positions), normals: mesh.normals && turn(mesh.normals) };
}
