/** Settles dense (high-poly) vertices onto the reconstruction field's zero level by Newton steps. */
import type { Mesh } from '../../../geometry/mesh.ts';
import type { OutputTransform } from './colour-projection.ts';
import type { ShapeField } from './shape.ts';

/** Trilinear value and gradient of the field at a grid-space point. */
function probe(field: ShapeField, gx: number, gy: number, gz: number, grad: Float64Array): number {
  const { values, dims } = field;
  const [nx, ny, nz] = dims;
  const i0 = Math.max(0, Math.min(nx - 2, Math.floor(gx)));
  const j0 = Math.max(0, Math.min(ny - 2, Math.floor(gy)));
  const k0 = Math.max(0, Math.min(nz - 2, Math.floor(gz)));
  const fx = gx - i0,
    fy = gy - j0,
    fz = gz - k0;
  // Corner offsets written out, not through a helper closure: tsx compiles with esbuild's keepNames,
  // which names every closure as it is created (~0.5 µs each), and this runs per dense vertex.
  const o000 = i0 + nx * (j0 + ny * k0),
    o010 = o000 + nx,
    o001 = o000 + nx * ny,
    o011 = o001 + nx;
  const c000 = values[o000],
    c100 = values[o000 + 1],
    c010 = values[o010],
    c110 = values[o010 + 1];
  const c001 = values[o001],
    c101 = values[o001 + 1],
    c011 = values[o011],
    c111 = values[o011 + 1];
  const x00 = c000 + (c100 - c000) * fx,
    x10 = c010 + (c110 - c010) * fx;
  const x01 = c001 + (c101 - c001) * fx,
    x11 = c011 + (c111 - c011) * fx;
  const y0 = x00 + (x10 - x00) * fy,
    y1 = x01 + (x11 - x01) * fy;
  grad[0] =
    ((c100 - c000) * (1 - fy) + (c110 - c010) * fy) * (1 - fz) + ((c101 - c001) * (1 - fy) + (c111 - c011) * fy) * fz;
  grad[1] = (x10 - x00) * (1 - fz) + (x11 - x01) * fz;
  grad[2] = y1 - y0;
  return y0 + (y1 - y0) * fz;
}

export function settleOnField(mesh: Mesh, field: ShapeField, transform: OutputTransform, iterations = 2): Mesh {
  const { origin, spacing } = field;
  const { scale, offset } = transform;
  const positions = Float32Array.from(mesh.positions);
  const grad = new Float64Array(3);
  for (let i = 0; i < positions.length; i += 3) {
    // Output units → grid units.
    let gx = ((positions[i] - offset[0]) / scale[0] - origin[0]) / spacing;
    let gy = ((positions[i + 1] - offset[1]) / scale[1] - origin[1]) / spacing;
    let gz = ((positions[i + 2] - offset[2]) / scale[2] - origin[2]) / spacing;
    for (let it = 0; it < iterations; it++) {
      // Field values are world distances; per grid cell the gradient is in world units per cell.
      const value = probe(field, gx, gy, gz, grad) / spacing;
      const g2 = (grad[0] * grad[0] + grad[1] * grad[1] + grad[2] * grad[2]) / (spacing * spacing);
      if (g2 < 1e-12) break;
      let step = value / g2;
      // Never move a vertex more than one cell: the field is only trusted near the surface.
      const move = Math.abs(step) * Math.sqrt(g2);
      if (move > 1) step /= move;
      gx -= (step * grad[0]) / spacing;
      gy -= (step * grad[1]) / spacing;
      gz -= (step * grad[2]) / spacing;
    }
    positions[i] = (origin[0] + gx * spacing) * scale[0] + offset[0];
    positions[i + 1] = (origin[1] + gy * spacing) * scale[1] + offset[1];
    positions[i + 2] = (origin[2] + gz * spacing) * scale[2] + offset[2];
  }
  return { ...mesh, positions, normals: undefined };
}
