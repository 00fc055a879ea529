/**
 * Plants grown by seeded draws: trees by a stochastic L-system (F → F[+F][-F]F-like branching, seeded
 * turtle with random roll), leaf clusters as blobs at the tips. Flowers, mushrooms, bushes and cacti are
 * rows of ./parts/core-plants.json; pine and palm trees and potted plants of ./parts/trees.json.
 */
import type { Manifold, Vec3 } from 'manifold-3d';
import type { GenContext } from './kit.ts';

const GREEN: [number, number, number] = [0.22, 0.5, 0.18];
const BARK: [number, number, number] = [0.4, 0.27, 0.16];

interface Segment {
  a: Vec3;
  b: Vec3;
  ra: number;
  rb: number;
}

/** Expands an L-system word and walks it with a 3-D turtle: F forward, [ ] push/pop, + − yaw, & pitch. */
function growLSystem(
  ctx: GenContext,
  axiom: string,
  rules: Record<string, string[]>,
  depth: number,
  step: number,
  angle: number,
  r0: number,
): { segs: Segment[]; tips: Vec3[] } {
  const { rng } = ctx;
  let word = axiom;
  for (let i = 0; i < depth; i++) word = [...word].map((c) => (rules[c] ? rng.pick(rules[c]) : c)).join('');
  const segs: Segment[] = [];
  const tips: Vec3[] = [];
  type State = { p: Vec3; dir: Vec3; r: number; len: number };
  let st: State = { p: [0, 0, 0], dir: [0, 1, 0], r: r0, len: step };
  const stack: State[] = [];
  const rotate = (v: Vec3, axis: Vec3, ang: number): Vec3 => {
    const [x, y, z] = v;
    const [u, w2, t] = axis;
    const c = Math.cos(ang);
    const s = Math.sin(ang);
    const d = u * x + w2 * y + t * z;
    return [
      u * d * (1 - c) + x * c + (-t * y + w2 * z) * s,
      w2 * d * (1 - c) + y * c + (t * x - u * z) * s,
      t * d * (1 - c) + z * c + (-w2 * x + u * y) * s,
    ];
  };
  const perp = (v: Vec3): Vec3 => {
    const a: Vec3 = Math.abs(v[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
    const c: Vec3 = [v[1] * a[2] - v[2] * a[1], v[2] * a[0] - v[0] * a[2], v[0] * a[1] - v[1] * a[0]];
    const l = Math.hypot(...c);
    return [c[0] / l, c[1] / l, c[2] / l];
  };
  for (const ch of word) {
    if (ch === 'F') {
      const b: Vec3 = [st.p[0] + st.dir[0] * st.len, st.p[1] + st.dir[1] * st.len, st.p[2] + st.dir[2] * st.len];
      const rb = st.r * 0.8;
      if (segs.length < 120) segs.push({ a: st.p, b, ra: st.r, rb });
      st = { ...st, p: b, r: rb };
    } else if (ch === '[') {
      stack.push(st);
      st = { ...st, len: st.len * 0.78 };
    } else if (ch === ']') {
      tips.push(st.p);
      st = stack.pop() ?? st;
    } else if (ch === '+' || ch === '-') {
      const roll = rng.range(0, Math.PI * 2);
      const axis = rotate(perp(st.dir), st.dir, roll);
      st = { ...st, dir: rotate(st.dir, axis, (ch === '+' ? 1 : -1) * angle * rng.range(0.7, 1.2)) };
    }
  }
  tips.push(st.p);
  return { segs, tips };
}

function segmentsSolid(ctx: GenContext, segs: Segment[]): Manifold {
  return ctx.union(segs.map((s) => ctx.capsule(s.a, s.b, Math.max(0.008, s.ra), Math.max(0.006, s.rb))));
}

export function tree(ctx: GenContext): void {
  const { s, rng } = ctx;
  const H = 3 * s.tall;
  const trunkH = H * rng.range(0.3, 0.45);
  const r = 0.14 * s.thick * s.wide;
  ctx.add(ctx.capsule([0, 0, 0], [0, trunkH, 0], r, r * 0.75), 'wood', { part: 'trunk', primary: false, colour: BARK });
  const depth = ctx.count('branch', 3, 1, 4);
  const { segs, tips } = growLSystem(
    ctx,
    'X',
    { X: ['F[+X][-X]FX', 'F[+X]F[-X]+X', 'F[-X][+X]X'], F: ['FF', 'F'] },
    depth,
    (H - trunkH) * 0.24,
    0.6,
    r * 0.7,
  );
  const moved = segs.map((q) => ({
    ...q,
    a: [q.a[0], q.a[1] + trunkH, q.a[2]] as Vec3,
    b: [q.b[0], q.b[1] + trunkH, q.b[2]] as Vec3,
  }));
  ctx.add(segmentsSolid(ctx, moved), 'wood', { part: 'branch', primary: false, colour: BARK });
  const leafR = H * 0.17 * s.wide * (s.cartoon ? 1.4 : 1);
  const canopy = tips
    .filter((_, k) => k % Math.max(1, Math.floor(tips.length / 14)) === 0)
    .map((t) =>
      ctx.ellipsoid(
        [leafR * rng.range(0.8, 1.2), leafR * rng.range(0.7, 1), leafR * rng.range(0.8, 1.2)],
        [t[0], t[1] + trunkH, t[2]],
      ),
    );
  ctx.add(ctx.union(canopy), 'organic', { part: 'leaf', colour: GREEN });
}
