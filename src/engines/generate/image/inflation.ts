/**
 * Monster Mash-style inflation of a silhouette: solve the Poisson equation ∇²f = −4 inside the mask
 * with f = 0 on and outside its boundary, and take h = √f as the half-thickness. For a disc of radius R
 * this gives f = R² − r², i.e. exactly a sphere; elongated parts get round cross-sections of their
 * own width. Solved by cascadic multigrid: the mask is halved until small, solved there by conjugate
 * gradients, and each finer level starts CG from the upsampled coarser solution.
 */

export interface InflationOptions {
  /** Relative residual at which CG stops (default 1e-3). */
  tolerance?: number;
  /**
   * Levels up to this size (longest side, pixels) are solved to the tolerance; finer levels only
   * polish the upsampled solution near the rim with a few iterations (default 128).
   */
  fullSolveSize?: number;
}

/** Half-thickness per pixel in world units (0 outside the mask). */
export function inflate(
  mask: Uint8Array,
  width: number,
  height: number,
  pixelSize: number,
  options: InflationOptions = {},
): Float32Array {
  const f = solve(mask, width, height, pixelSize, options.tolerance ?? 1e-3, options.fullSolveSize ?? 128);
  const h = new Float32Array(width * height);
  for (let i = 0; i < h.length; i++) h[i] = Math.sqrt(Math.max(0, f[i]));
  return h;
}

function solve(
  mask: Uint8Array,
  width: number,
  height: number,
  s: number,
  tolerance: number,
  fullSolveSize: number,
): Float64Array {
  let initial: Float64Array | undefined;
  if (Math.min(width, height) > 48) {
    const cw = Math.ceil(width / 2),
      ch = Math.ceil(height / 2);
    const coarse = new Uint8Array(cw * ch);
    // A coarse cell is inside when most of its fine pixels are.
    for (let y = 0; y < ch; y++)
      for (let x = 0; x < cw; x++) {
        let count = 0,
          total = 0;
        for (let dy = 0; dy < 2; dy++)
          for (let dx = 0; dx < 2; dx++) {
            const fx = 2 * x + dx,
              fy = 2 * y + dy;
            if (fx < width && fy < height) {
              total++;
              count += mask[fy * width + fx] ? 1 : 0;
            }
          }
        coarse[y * cw + x] = count * 2 >= total ? 1 : 0;
      }
    const fc = solve(coarse, cw, ch, 2 * s, tolerance, fullSolveSize);
    initial = new Float64Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        // Bilinear upsampling: fine pixel centres sit at (x + 0.5) / 2 − 0.5 in coarse pixel units.
        const cx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5)),
          cy = Math.min(ch - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
        const x0 = Math.floor(cx),
          y0 = Math.floor(cy),
          x1 = Math.min(cw - 1, x0 + 1),
          y1 = Math.min(ch - 1, y0 + 1);
        const tx = cx - x0,
          ty = cy - y0;
        initial[y * width + x] =
          fc[y0 * cw + x0] * (1 - tx) * (1 - ty) +
          fc[y0 * cw + x1] * tx * (1 - ty) +
          fc[y1 * cw + x0] * (1 - tx) * ty +
          fc[y1 * cw + x1] * tx * ty;
      }
  }
  const cap = Math.max(width, height) <= fullSolveSize ? 4 * Math.max(width, height) : 24;
  return conjugateGradient(mask, width, height, s, tolerance, cap, initial);
}

function conjugateGradient(
  mask: Uint8Array,
  width: number,
  height: number,
  s: number,
  tolerance: number,
  maxIterations: number,
  initial?: Float64Array,
): Float64Array {
  const n = width * height;
  // Unknowns: mask pixels not on the image border (the border is outside by definition).
  const index = new Int32Array(n).fill(-1);
  const cells: number[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (mask[p]) {
        index[p] = cells.length;
        cells.push(p);
      }
    }
  }
  const m = cells.length;
  const out = new Float64Array(n);
  if (m === 0) return out;
  const neighbours = new Int32Array(m * 4);
  for (let i = 0; i < m; i++) {
    const p = cells[i];
    neighbours[i * 4] = index[p - 1];
    neighbours[i * 4 + 1] = index[p + 1];
    neighbours[i * 4 + 2] = index[p - width];
    neighbours[i * 4 + 3] = index[p + width];
  }
  // A f = b with A = 4I − adjacency (Dirichlet zero outside), b = 4·s² (from ∇²f = −4, spacing s).
  const apply = (v: Float64Array, result: Float64Array) => {
    for (let i = 0; i < m; i++) {
      let acc = 4 * v[i];
      for (let k = 0; k < 4; k++) {
        const j = neighbours[i * 4 + k];
        if (j >= 0) acc -= v[j];
      }
      result[i] = acc;
    }
  };
  const b = 4 * s * s;
  const f = new Float64Array(m);
  if (initial) for (let i = 0; i < m; i++) f[i] = initial[cells[i]];
  const r = new Float64Array(m);
  const q = new Float64Array(m);
  apply(f, q);
  let rr = 0;
  for (let i = 0; i < m; i++) {
    r[i] = b - q[i];
    rr += r[i] * r[i];
  }
  const d = Float64Array.from(r);
  const stop = m * b * b * tolerance * tolerance;
  for (let it = 0; it < maxIterations && rr > stop; it++) {
    apply(d, q);
    let dq = 0;
    for (let i = 0; i < m; i++) dq += d[i] * q[i];
    const alpha = rr / dq;
    let next = 0;
    for (let i = 0; i < m; i++) {
      f[i] += alpha * d[i];
      r[i] -= alpha * q[i];
      next += r[i] * r[i];
    }
    const beta = next / rr;
    rr = next;
    for (let i = 0; i < m; i++) d[i] = r[i] + beta * d[i];
  }
  for (let i = 0; i < m; i++) out[cells[i]] = f[i];
  return out;
}

/**
 * The one-dimensional inflation along each picture row: on every run of mask pixels of a row the
 * circular profile √(1 − (x − mid)²/w²) (the 1-D solution of the same Poisson equation, normalised to
 * 1 at the run's middle). Multi-view reconstruction uses it across the picture's horizontal axis,
 * the direction the other side views do not see.
 */
export function chordProfile(mask: Uint8Array, width: number, height: number): Float32Array {
  const profile = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      if (!mask[y * width + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && mask[y * width + x]) x++;
      const mid = (start + x) / 2;
      const half = (x - start) / 2;
      for (let q = start; q < x; q++) {
        const u = (q + 0.5 - mid) / half;
        profile[y * width + q] = Math.sqrt(Math.max(0, 1 - u * u));
      }
    }
  }
  return profile;
}
