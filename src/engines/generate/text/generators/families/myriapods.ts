/**
 * Myriapods: a long chain of like segments, each with a pair of legs (a centipede's flat, spread and
 * reddish; a millipede's round, short-legged, dark and curling), a head with antennae. The insect's six
 * legs and three segments stood in for them.
 */
import { Type } from '@sinclair/typebox';
import type { Vec3 } from 'manifold-3d';
import { bodyRows } from '../bodies.ts';
import type { GenContext, RGB } from '../kit.ts';

/** A myriapod's row (../bodies.json, plan `myriapod`): segments, their radius and flatness, leg length, curl. */
const ROWS = bodyRows(
  'myriapod',
  Type.Object(
    {
      segments: Type.Integer({ minimum: 2 }),
      radius: Type.Number(),
      flat: Type.Number(),
      leg: Type.Number(),
      colour: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
      curl: Type.Number(),
    },
    { additionalProperties: false },
  ),
);

export function myriapod(ctx: GenContext): void {
  const { s } = ctx;
  const row = ROWS[ctx.interpretation.profile ?? ''] ?? ROWS.centipede;
  const colour = ctx.interpretation.colours[0]?.rgb ?? row.colour;
  const r = row.radius * s.wide;
  const step = r * 1.6 * s.long;
  // The body winds along a gentle curve in the ground plane, curling more towards the tail.
  let angle = 0;
  let at: Vec3 = [0, r * row.flat + row.leg * 0.3, 0];
  const centres: Vec3[] = [at];
  for (let k = 1; k < row.segments; k++) {
    angle += row.curl * (k / row.segments) * 0.35;
    at = [at[0] - Math.cos(angle) * step, at[1], at[2] + Math.sin(angle) * step];
    centres.push(at);
  }
  for (const [k, c] of centres.entries()) {
    const next = centres[Math.min(k + 1, centres.length - 1)];
    const dir = k + 1 < centres.length ? [c[0] - next[0], c[2] - next[2]] : [1, 0];
    const len = Math.hypot(dir[0], dir[1]) || 1;
    const side: [number, number] = [-dir[1] / len, dir[0] / len];
    ctx.add(ctx.ellipsoid([r * 1.05, r * row.flat, r], c), 'organic', { part: 'segment', colour });
    for (const sgn of [-1, 1]) {
      const foot: Vec3 = [c[0] + side[0] * sgn * (r + row.leg), 0.005, c[2] + side[1] * sgn * (r + row.leg)];
      ctx.add(
        ctx.capsule([c[0] + side[0] * sgn * r * 0.7, c[1], c[2] + side[1] * sgn * r * 0.7], foot, r * 0.12, r * 0.08),
        'organic',
        { part: 'leg', primary: false, colour: colour.map((v) => Math.min(1, v * 1.4)) as RGB },
      );
    }
  }
  const head: Vec3 = [centres[0][0] + r * 1.4, centres[0][1], centres[0][2]];
  ctx.add(ctx.sphere(r * 0.95, head), 'organic', { part: 'head', colour });
  for (const sgn of [-1, 1])
    ctx.add(
      ctx.capsule(
        [head[0] + r * 0.6, head[1] + r * 0.3, sgn * r * 0.4],
        [head[0] + r * 3, head[1] + r * 1.2, sgn * r * 1.8],
        r * 0.08,
      ),
      'organic',
      { part: 'antenna', primary: false, colour },
    );
}
