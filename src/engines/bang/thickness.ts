/**
 * Local thickness of the solid under each face (the shape diameter function): rays shot inwards in a
 * cone around the inward normal, the median distance to the opposite wall. Thin appendages (fins,
 * fingers, legs, ears) read as thin next to the body they hang from, a signal the crease angle misses
 * when the attachment is smooth.
 *
 * Cost is bounded: at most `maxSamples` faces (an even stride over the face list) are measured; the
 * others take the value of the nearest measured face along the surface, then the field is smoothed.
 */
import { TriangleBvh } from './bvh.ts';
import type { SurfaceGraph } from './surface-graph.ts';

export interface ThicknessOptions {
  /** Faces measured at most. Default 6000. */
  maxSamples?: number;
  /** Neighbour-averaging passes over the log-thickness field. Default 4. */
  smoothing?: number;
}

/** Cone directions in a local frame: the axis, then a ring at ~30° (z is the cone axis). */
const CONE: [number, number, number][] = [[0, 0, 1]];
for (let i = 0; i < 6; i++) {
  const a = (i / 6) * 2 * Math.PI,
    s = Math.sin(Math.PI / 6);
  CONE.push([s * Math.cos(a), s * Math.sin(a), Math.cos(Math.PI / 6)]);
}

/** Median ray length from face f into the solid, or NaN when no ray finds the opposite wall. */
function diameterAt(graph: SurfaceGraph, bvh: TriangleBvh, f: number, lengths: number[], hit: Float64Array): number {
  const n = graph.normal,
    c = graph.centroid;
  const zx = -n[3 * f],
    zy = -n[3 * f + 1],
    zz = -n[3 * f + 2];
  if (zx === 0 && zy === 0 && zz === 0) return NaN;
  const hx = Math.abs(zx) < 0.9 ? 1 : 0,
    hy = hx ? 0 : 1;
  // x = normalise(helper × z), y = z × x.
  let xx = hy * zz,
    xy = -hx * zz,
    xz = hx * zy - hy * zx;
  const xl = Math.hypot(xx, xy, xz);
  xx /= xl;
  xy /= xl;
  xz /= xl;
  const yx = zy * xz - zz * xy,
    yy = zz * xx - zx * xz,
    yz = zx * xy - zy * xx;
  lengths.length = 0;
  for (const [a, b, d] of CONE) {
    const dx = a * xx + b * yx + d * zx,
      dy = a * xy + b * yy + d * zy,
      dz = a * xz + b * yz + d * zz;
    const g = bvh.nearest(c[3 * f], c[3 * f + 1], c[3 * f + 2], dx, dy, dz, f, hit);
    // Only walls seen from inside count (their outward normal points along the ray).
    if (g >= 0 && n[3 * g] * dx + n[3 * g + 1] * dy + n[3 * g + 2] * dz > 0) lengths.push(hit[0] * d);
  }
  if (lengths.length === 0) return NaN;
  lengths.sort((p, q) => p - q);
  return lengths[lengths.length >> 1];
}

/** Natural log of the thickness per face (finite everywhere when any face could be measured). */
export function logThickness(graph: SurfaceGraph, options: ThicknessOptions = {}): Float64Array {
  const n = graph.faceCount;
  const value = new Float64Array(n).fill(NaN);
  if (n === 0) return value;
  const bvh = new TriangleBvh({ positions: graph.positions, faces: graph.faces });
  const stride = Math.max(1, n / (options.maxSamples ?? 6000));
  const lengths: number[] = [];
  const hit = new Float64Array(1);
  const queue: number[] = [];
  for (let s = 0; s < n; s += stride) {
    const f = Math.floor(s);
    const d = diameterAt(graph, bvh, f, lengths, hit);
    if (d > 0) {
      value[f] = Math.log(d);
      queue.push(f);
    }
  }
  if (queue.length === 0) return value.fill(0);
  // Unmeasured faces: value of the nearest measured face (breadth-first over the dual graph).
  for (let head = 0; head < queue.length; head++) {
    const f = queue[head];
    for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
      const g = graph.adjFace[s];
      if (Number.isNaN(value[g])) {
        value[g] = value[f];
        queue.push(g);
      }
    }
  }
  for (let f = 0; f < n; f++) if (Number.isNaN(value[f])) value[f] = 0;
  return smooth(graph, value, options.smoothing ?? 4);
}

/** Area-weighted averaging with the neighbours, `passes` times. */
function smooth(graph: SurfaceGraph, value: Float64Array, passes: number): Float64Array {
  let current: Float64Array = value,
    next: Float64Array = new Float64Array(value.length);
  for (let pass = 0; pass < passes; pass++) {
    for (let f = 0; f < value.length; f++) {
      let sum = current[f] * graph.area[f],
        weight = graph.area[f];
      for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
        const g = graph.adjFace[s];
        sum += current[g] * graph.area[g];
        weight += graph.area[g];
      }
      next[f] = weight > 0 ? sum / weight : current[f];
    }
    [current, next] = [next, current];
  }
  return current;
}
