/**
 * Seeded 3-D value noise and fractal sums, evaluated per texel while baking. Value noise on a
 * hashed lattice with smoothstep interpolation: cheap (8 lookups per octave) and good enough for
 * grain, veins and mottling, which is what 4M-texel bakes can afford.
 */

export type Noise3 = (x: number, y: number, z: number) => number;

export function createNoise(seed: number): Noise3 {
  const values = new Float32Array(256);
  const perm = new Uint8Array(512);
  let s = seed >>> 0 || 1;
  const rand = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const p = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255];
  for (let i = 0; i < 256; i++) values[i] = rand() * 2 - 1;
  return (x, y, z) => {
    const xi = Math.floor(x),
      yi = Math.floor(y),
      zi = Math.floor(z);
    const fx = x - xi,
      fy = y - yi,
      fz = z - zi;
    const u = fx * fx * (3 - 2 * fx),
      v = fy * fy * (3 - 2 * fy),
      w = fz * fz * (3 - 2 * fz);
    const X = xi & 255,
      Y = yi & 255,
      Z = zi & 255;
    const a = perm[X] + Y,
      b = perm[X + 1] + Y;
    const aa = perm[a] + Z,
      ab = perm[a + 1] + Z,
      ba = perm[b] + Z,
      bb = perm[b + 1] + Z;
    const x1 = values[perm[aa]] + u * (values[perm[ba]] - values[perm[aa]]);
    const x2 = values[perm[ab]] + u * (values[perm[bb]] - values[perm[ab]]);
    const x3 = values[perm[aa + 1]] + u * (values[perm[ba + 1]] - values[perm[aa + 1]]);
    const x4 = values[perm[ab + 1]] + u * (values[perm[bb + 1]] - values[perm[ab + 1]]);
    const y1 = x1 + v * (x2 - x1);
    const y2 = x3 + v * (x4 - x3);
    return y1 + w * (y2 - y1);
  };
}

/** Fractal sum of `octaves` noise layers (lacunarity 2, gain 0.5), roughly in [-1, 1]. */
export function fbm(noise: Noise3, x: number, y: number, z: number, octaves: number): number {
  let sum = 0;
  let amp = 0.5;
  let f = 1;
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(x * f, y * f, z * f);
    f *= 2.03;
    amp *= 0.5;
  }
  return sum * 1.9;
}
