/**
 * The segmentation's own random source (mulberry32): seeded per request so that the same picture and
 * seed always give the same mask, whatever else runs in the process.
 */
export type Random = () => number;

/** mulberry32 from a 32-bit state: small, fast and the same on every platform. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededRandom(seed: number): Random {
  return mulberry32((seed >>> 0) ^ 0x9e3779b9);
}
