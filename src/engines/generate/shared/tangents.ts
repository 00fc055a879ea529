/**
 * Per-triangle tangent frames for tangent-space normal maps in glTF: T runs along +u, B towards the
 * image top (−v, since glTF's v grows downwards), the convention viewers use when a glTF mesh carries
 * no TANGENT attribute.
 */
import type { Mesh } from '../../../geometry/mesh.ts';

/** 6 floats per triangle: T xyz, B xyz (unit, not yet orthogonalised against the normal). */
export function triangleTangents(mesh: Mesh & { uvs: Float32Array }): Float32Array {
  const { positions: P, uvs: UV, indices: I } = mesh;
  const out = new Float32Array((I.length / 3) * 6);
  // Scalars rather than small arrays per triangle (four arrays and two map callbacks each, 150k+
  // triangles per bake thread); the same arithmetic in the same order.
  for (let t = 0; t < I.length / 3; t++) {
    const a = I[t * 3],
      b = I[t * 3 + 1],
      c = I[t * 3 + 2];
    const e1x = P[b * 3] - P[a * 3],
      e1y = P[b * 3 + 1] - P[a * 3 + 1],
      e1z = P[b * 3 + 2] - P[a * 3 + 2];
    const e2x = P[c * 3] - P[a * 3],
      e2y = P[c * 3 + 1] - P[a * 3 + 1],
      e2z = P[c * 3 + 2] - P[a * 3 + 2];
    const du1 = UV[b * 2] - UV[a * 2],
      dv1 = UV[b * 2 + 1] - UV[a * 2 + 1];
    const du2 = UV[c * 2] - UV[a * 2],
      dv2 = UV[c * 2 + 1] - UV[a * 2 + 1];
    const det = du1 * dv2 - du2 * dv1;
    const r = Math.abs(det) > 1e-20 ? 1 / det : 0;
    const tx = (e1x * dv2 - e2x * dv1) * r,
      ty = (e1y * dv2 - e2y * dv1) * r,
      tz = (e1z * dv2 - e2z * dv1) * r;
    const bx = (e2x * du1 - e1x * du2) * r,
      by = (e2y * du1 - e1y * du2) * r,
      bz = (e2z * du1 - e1z * du2) * r;
    const lt = Math.hypot(tx, ty, tz) || 1;
    const lb = Math.hypot(bx, by, bz) || 1;
    const o = t * 6;
    out[o] = tx / lt;
    out[o + 1] = ty / lt;
    out[o + 2] = tz / lt;
    out[o + 3] = -bx / lb;
    out[o + 4] = -by / lb;
    out[o + 5] = -bz / lb;
  }
  return out;
}

/**
 * Writes the tangent-space encoding (0..1 per channel) of world normal `n` into out[0..2], for surface
 * normal `N` and the triangle's frame at `tangents[t * 6 …]`.
 */
export function encodeTangentNormal(
  out: Float32Array,
  n: ArrayLike<number>,
  N: ArrayLike<number>,
  tangents: Float32Array,
  t: number,
): void {
  // Gram–Schmidt: T ⟂ N, then B ⟂ N and T, keeping B's side.
  let tx = tangents[t * 6],
    ty = tangents[t * 6 + 1],
    tz = tangents[t * 6 + 2];
  let d = tx * N[0] + ty * N[1] + tz * N[2];
  tx -= d * N[0];
  ty -= d * N[1];
  tz -= d * N[2];
  let l = Math.sqrt(tx * tx + ty * ty + tz * tz) || 1;
  tx /= l;
  ty /= l;
  tz /= l;
  let bx = N[1] * tz - N[2] * ty,
    by = N[2] * tx - N[0] * tz,
    bz = N[0] * ty - N[1] * tx;
  if (bx * tangents[t * 6 + 3] + by * tangents[t * 6 + 4] + bz * tangents[t * 6 + 5] < 0) {
    bx = -bx;
    by = -by;
    bz = -bz;
  }
  const x = n[0] * tx + n[1] * ty + n[2] * tz;
  const y = n[0] * bx + n[1] * by + n[2] * bz;
  let z = n[0] * N[0] + n[1] * N[1] + n[2] * N[2];
  if (z < 0.05) z = 0.05;
  l = Math.sqrt(x * x + y * y + z * z);
  d = 0.5 / l;
  out[0] = x * d + 0.5;
  out[1] = y * d + 0.5;
  out[2] = z * d + 0.5;
}
