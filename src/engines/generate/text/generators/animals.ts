/**
 * Animals and characters still code, or rows handed what only code reads: snakes, turtles, dragons (the
 * quadruped plan with wings) and snowmen (the person, the robot and the teddy bear are rows of
 * ./parts/figures.json; the quadruped species are ./families/quadruped.ts, named in ./registry.ts).
 */
import type { Vec3 } from 'manifold-3d';
import type { GenContext, RGB } from './kit.ts';
import { quadruped } from './families/quadruped.ts';
import { flies } from '../animal-reading.ts';
import { buildRow } from './part-list.ts';

export function snake(ctx: GenContext): void {
  const { s, rng } = ctx;
  const n = 16;
  const r = 0.04 * s.thick * s.wide;
  const pts: Vec3[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const ang = t * Math.PI * rng.range(2.5, 3.5);
    const R = 0.35 * (1 - t * 0.6) * s.long;
    pts.push([Math.cos(ang) * R, r + (t > 0.8 ? (t - 0.8) * 1.2 * s.tall : 0), Math.sin(ang) * R]);
  }
  const col: RGB = rng.pick([
    [0.3, 0.55, 0.2],
    [0.7, 0.55, 0.2],
    [0.2, 0.2, 0.2],
  ]);
  ctx.add(
    ctx.union(
      pts.slice(1).map((p, k) => ctx.capsule(pts[k], p, r * (0.35 + (k / n) * 0.7), r * (0.35 + ((k + 1) / n) * 0.7))),
    ),
    'organic',
    { colour: col },
  );
  const h = pts[n];
  ctx.add(ctx.ellipsoid([r * 1.6, r * 1.0, r * 1.2], h), 'organic', { part: 'head', colour: col });
  for (const side of [-1, 1])
    ctx.add(ctx.sphere(r * 0.25, [h[0], h[1] + r * 0.6, h[2] + side * r * 0.6], 8), 'glass', {
      part: 'eye',
      primary: false,
      colour: [0.02, 0.02, 0.02],
    });
}

/** A turtle on the quadruped rig, or a snail when the noun is one: a row of ./parts/prompt-forms.json. */
export const turtle = (ctx: GenContext) => buildRow(ctx, 'prompt-forms', 'turtle');

/** How far into the wing (along its span, from its root edge) the wing joint sits. */
const WING_ROOT_DEPTH = 0.05;

/** The quadruped plan's dragon row, with wings when it flies or the prompt names them, and spikes: ./parts/prompt-forms.json. */
export function dragon(ctx: GenContext): void {
  quadruped(ctx, 'dragon');
  const dino =
    ['dinosaur', 'crocodile'].includes(ctx.interpretation.profile ?? '') ||
    ['lizard'].includes(ctx.interpretation.word ?? '');
  // A real animal on the dragon's row has wings only when WordNet says it flies (a pterodactyl, not an ichthyosaur).
  const grounded = !dino && ctx.interpretation.profile !== 'dragon' && !flies(ctx.interpretation.word ?? '');
  const wings = (!dino && !grounded) || Boolean(ctx.partSpec('wing'));
  if (wings)
    for (const side of [-1, 1]) {
      const wing = side < 0 ? 'leftWing' : 'rightWing';
      // The joint sits in the wing's own slab a little past its root edge (the root edge is the wing's
      // surface, and the body may not reach it), turned with the wing: it lies inside whatever the body's size.
      const root = WING_ROOT_DEPTH;
      const turn = (-side * 55 * Math.PI) / 180;
      if (ctx.skeleton && !ctx.skeleton.joints.some((j) => j.name === wing))
        ctx.skeleton.joints.push({
          name: wing,
          parent: 'chest',
          head: [0, 0.62 + root * Math.cos(turn), side * 0.1 + root * Math.sin(turn)],
        });
    }
  buildRow(ctx, 'prompt-forms', 'dragon', { wings: +wings });
}

/** Balls stacked by a running height, each smaller: a row of ./parts/running-forms.json. */
export const snowman = (ctx: GenContext) => buildRow(ctx, 'running-forms', 'snowman');
