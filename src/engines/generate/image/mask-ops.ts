/** Binary mask helpers on typed arrays (1 byte per pixel, nonzero = set). */

/** Labels 4-connected components of set pixels; returns labels (0 = unset) and each label's size. */
export function components(mask: Uint8Array, width: number, height: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(width * height);
  const sizes = [0];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = sizes.length;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const p = stack[--top];
      size++;
      const x = p % width;
      const y = (p - x) / width;
      if (x > 0 && mask[p - 1] && !labels[p - 1]) {
        labels[p - 1] = label;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && mask[p + 1] && !labels[p + 1]) {
        labels[p + 1] = label;
        stack[top++] = p + 1;
      }
      if (y > 0 && mask[p - width] && !labels[p - width]) {
        labels[p - width] = label;
        stack[top++] = p - width;
      }
      if (y < height - 1 && mask[p + width] && !labels[p + width]) {
        labels[p + width] = label;
        stack[top++] = p + width;
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

/** Keeps the largest component and any other at least `keepFraction` of its size. */
export function keepMainComponents(mask: Uint8Array, width: number, height: number, keepFraction = 0.05): Uint8Array {
  const { labels, sizes } = components(mask, width, height);
  const largest = Math.max(0, ...sizes.slice(1));
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (labels[i] && sizes[labels[i]] >= largest * keepFraction) out[i] = 1;
  return out;
}

/** Sets every unset pixel not connected to the image border (holes inside the object). */
export function fillHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(mask.length);
  const stack: number[] = [];
  const seed = (p: number) => {
    if (!mask[p] && !outside[p]) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    const y = (p - x) / width;
    if (x > 0) seed(p - 1);
    if (x < width - 1) seed(p + 1);
    if (y > 0) seed(p - width);
    if (y < height - 1) seed(p + width);
  }
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = outside[i] ? 0 : 1;
  return out;
}

export type PixelBox = { x0: number; y0: number; x1: number; y1: number };

/**
 * Bounding box of set pixels, or null when none is set; `within` (inclusive) limits the scan to a window
 * already known to hold every set pixel that matters (default: the whole mask).
 */
export function maskBox(
  mask: Uint8Array,
  width: number,
  height: number,
  within: PixelBox = { x0: 0, y0: 0, x1: width - 1, y1: height - 1 },
): PixelBox | null {
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  for (let y = within.y0; y <= within.y1; y++) {
    for (let x = within.x0, p = y * width + within.x0; x <= within.x1; x++, p++) {
      if (!mask[p]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/**
 * Exact Euclidean distance transform (Felzenszwalb–Huttenlocher): for every pixel, the distance in
 * pixels to the nearest pixel where `seed` is set (Infinity if none).
 */
export function distanceTransform(seed: Uint8Array, width: number, height: number): Float32Array {
  const INF = 1e20;
  const f = new Float64Array(Math.max(width, height));
  const d = new Float64Array(Math.max(width, height));
  const v = new Int32Array(Math.max(width, height));
  const z = new Float64Array(Math.max(width, height) + 1);
  const grid = new Float64Array(width * height);
  for (let i = 0; i < grid.length; i++) grid[i] = seed[i] ? 0 : INF;
  const pass = (n: number) => {
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < n; q++) {
      let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      while (s <= z[k]) {
        k--;
        s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < n; q++) {
      while (z[k + 1] < q) k++;
      d[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
    }
  };
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = grid[y * width + x];
    pass(height);
    for (let y = 0; y < height; y++) grid[y * width + x] = d[y];
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) f[x] = grid[y * width + x];
    pass(width);
    for (let x = 0; x < width; x++) out[y * width + x] = d[x] >= INF / 2 ? Infinity : Math.sqrt(d[x]);
  }
  return out;
}

/**
 * Signed distance to the mask's boundary in pixels: positive inside, negative outside, ±0.5 at the
 * pixel edges next to the boundary.
 */
export function signedDistance(mask: Uint8Array, width: number, height: number): Float32Array {
  const inverse = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) inverse[i] = mask[i] ? 0 : 1;
  const toOutside = distanceTransform(inverse, width, height);
  const toInside = distanceTransform(mask, width, height);
  const out = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = mask[i] ? toOutside[i] - 0.5 : -(toInside[i] - 0.5);
  return out;
}
