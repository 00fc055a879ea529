/** Small dense linear algebra for plane fitting. */

/** Eigen-decomposition of a symmetric 3×3 matrix (row-major) by Jacobi rotations; eigenvalues ascending. */
export function symmetricEigen3(m: ArrayLike<number>): {
  values: [number, number, number];
  vectors: [number, number, number][];
} {
  const a = [
    [m[0], m[1], m[2]],
    [m[3], m[4], m[5]],
    [m[6], m[7], m[8]],
  ];
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = Math.abs(a[0][1]) + Math.abs(a[0][2]) + Math.abs(a[1][2]);
    if (off < 1e-30) break;
    for (let p = 0; p < 2; p++) {
      for (let q = p + 1; q < 3; q++) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let k = 0; k < 3; k++) {
          const akp = a[k][p],
            akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < 3; k++) {
          const apk = a[p][k],
            aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < 3; k++) {
          const vkp = v[k][p],
            vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [0, 1, 2].sort((x, y) => a[x][x] - a[y][y]);
  return {
    values: order.map((i) => a[i][i]) as [number, number, number],
    vectors: order.map((i) => [v[0][i], v[1][i], v[2][i]] as [number, number, number]),
  };
}

/** A unit frame (u, v) of the plane with normal n (any u ⟂ n, then v = n × u). */
export function planeFrame(n: readonly number[]): { u: number[]; v: number[] } {
  const helper = Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  let u = [
    n[1] * helper[2] - n[2] * helper[1],
    n[2] * helper[0] - n[0] * helper[2],
    n[0] * helper[1] - n[1] * helper[0],
  ];
  const ul = Math.hypot(u[0], u[1], u[2]);
  u = u.map((x) => x / ul);
  const v = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  return { u, v };
}

export interface Plane {
  /** Unit normal. */
  normal: [number, number, number];
  /** Signed distance of the plane from the origin along the normal. */
  offset: number;
}

/** Least-squares plane through weighted points (xyz triples). */
export function fitPlane(
  points: ArrayLike<number>,
  weights: ArrayLike<number>,
): Plane & { centroid: [number, number, number] } {
  let w = 0,
    cx = 0,
    cy = 0,
    cz = 0;
  for (let i = 0; i < weights.length; i++) {
    w += weights[i];
    cx += weights[i] * points[3 * i];
    cy += weights[i] * points[3 * i + 1];
    cz += weights[i] * points[3 * i + 2];
  }
  cx /= w;
  cy /= w;
  cz /= w;
  const c = new Float64Array(9);
  for (let i = 0; i < weights.length; i++) {
    const d = [points[3 * i] - cx, points[3 * i + 1] - cy, points[3 * i + 2] - cz];
    for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) c[3 * r + s] += weights[i] * d[r] * d[s];
  }
  const normal = symmetricEigen3(c).vectors[0];
  return { normal, offset: normal[0] * cx + normal[1] * cy + normal[2] * cz, centroid: [cx, cy, cz] };
}
