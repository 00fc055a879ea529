/**
 * Landmarks and sculpture: a stepped pyramid, an arched bridge, an igloo, a tiered pagoda, a well, a
 * lattice tower in the Eiffel tower's outline; a skull (cranium, eye sockets, nose, jaw and teeth; an
 * animal skull is longer, with horns for a cow) and a bust (head, neck and shoulders on a plinth).
 *
 * Famous landmarks (FAMOUS_LANDMARKS), each in the outline people know it by: Stonehenge, a torii, a
 * sphinx, a triumphal arch, a Greek temple, an opera house, a mosque, a colosseum …; the temple and the
 * mosque are also rows of the church category (WORSHIP_LANDMARKS). Forms are rows of
 * ../parts/structures.json and ../parts/landmarks.json (their counts and lengths as formulas), the pagoda
 * of ../parts/running-forms.json (its tiers stacked by a running height) and the mosque of
 * ../parts/prompt-forms.json (it takes its domes and minarets from the prompt's companions); here are
 * the skull and the bust.
 */
import type { GenContext, RGB, Generator } from '../kit.ts';
import { buildRow, partLists } from '../part-list.ts';

export const LANDMARKS: Record<string, Generator> = {
  ...partLists('structures'),
  pagoda: (ctx) => buildRow(ctx, 'running-forms', 'pagoda'),
};

export function landmark(ctx: GenContext): void {
  (LANDMARKS[ctx.interpretation.profile ?? ''] ?? LANDMARKS.pyramid)(ctx);
}

export function skull(ctx: GenContext): void {
  const { s } = ctx;
  const animal = /\b(cow|bull|ox|goat|ram|deer|horse|dragon|dinosaur|wolf|dog|cat)\b/.exec(
    ctx.interpretation.prompt.toLowerCase(),
  );
  const bone: RGB = [0.92, 0.88, 0.78];
  const long = animal ? 1.8 : 1;
  const add = (m: ReturnType<GenContext['box']>, part?: string) => ctx.add(m, 'bone', { colour: bone, part });
  // Deep, wide eye sockets and a nasal hole: what makes a skull read as one from any side.
  const socket = (x: number) => ctx.ellipsoid([0.085, 0.075, 0.12], [x, 0.36, 0.27 * long]);
  const cranium = ctx
    .ellipsoid([0.3 * s.wide, 0.3, 0.32], [0, 0.45, -0.03])
    .add(ctx.ellipsoid([0.23, 0.17, 0.2 * long], [0, 0.3, 0.12 * long]));
  add(
    cranium
      .subtract(socket(-0.1))
      .subtract(socket(0.1))
      .subtract(
        ctx
          .cyl(0.05, 0.2, [0, 0, 0], 0.001, 3)
          .rotate([90, 0, 0])
          .translate([0, 0.23, 0.22 * long]),
      )
      .subtract(ctx.ellipsoid([0.06, 0.07, 0.1], [0.29, 0.32, 0.08]))
      .subtract(ctx.ellipsoid([0.06, 0.07, 0.1], [-0.29, 0.32, 0.08])),
  );
  add(ctx.roundBox([0.26, 0.1, 0.22 * long], 0.04, [0, 0.07, 0.13 * long]), 'jaw');
  for (let k = 0; k < 6; k++) add(ctx.box([0.035, 0.06, 0.03], [-0.09 + k * 0.036, 0.14, 0.24 * long]), 'tooth');
  if (animal && /cow|bull|ox|goat|ram|deer/.test(animal[1]))
    for (const side of [-1, 1])
      add(
        ctx.union([
          ctx.capsule([side * 0.25, 0.55, 0], [side * 0.55, 0.62, 0.05], 0.06, 0.04),
          ctx.capsule([side * 0.55, 0.62, 0.05], [side * 0.65, 0.85, 0.1], 0.04, 0.01),
        ]),
        'horn',
      );
}

export function bust(ctx: GenContext): void {
  const { s } = ctx;
  const marble: RGB = [0.93, 0.92, 0.9];
  const mat = ctx.interpretation.material ?? 'marble';
  ctx.add(ctx.cyl(0.22, 0.08, [0, 0, 0]).add(ctx.cyl(0.16, 0.12, [0, 0.08, 0], 0.12)), mat, {
    part: 'plinth',
    colour: marble,
  });
  ctx.add(ctx.ellipsoid([0.38 * s.wide, 0.22, 0.2], [0, 0.36, 0]).trimByPlane([0, 1, 0], 0.2), mat, { colour: marble });
  ctx.add(ctx.cyl(0.08, 0.2, [0, 0.45, 0]), mat, { part: 'neck', colour: marble });
  const head = 0.78;
  ctx.add(ctx.ellipsoid([0.15, 0.19, 0.17], [0, head, 0]), mat, { part: 'head', colour: marble });
  ctx.add(
    ctx
      .cyl(0.03, 0.08, [0, 0, 0], 0.005)
      .rotate([70, 0, 0])
      .translate([0, head - 0.01, 0.15]),
    mat,
    { part: 'nose', colour: marble },
  );
  for (const side of [-1, 1])
    ctx.add(ctx.ellipsoid([0.03, 0.05, 0.02], [side * 0.15, head, 0]), mat, { part: 'ear', colour: marble });
  ctx.add(ctx.sphere(0.16, [0, head + 0.05, -0.02]).trimByPlane([0, 1, 0], head + 0.02), mat, {
    part: 'hair',
    colour: marble,
  });
}

export const FAMOUS_LANDMARKS: Record<string, Generator> = {
  ...partLists('landmarks'),
  // "with a blue dome and minarets": parts of the mosque, not objects beside it.
  mosque: (ctx) => {
    for (const c of ctx.interpretation.companions)
      if (/\b(dome|minaret|tower|spire|arch)/.test(c.word)) ctx.carried.add(c.word);
    buildRow(ctx, 'prompt-forms', 'mosque');
  },
};

/** The church category's new profiles: buildings of worship other than a church. */
export const WORSHIP_LANDMARKS: Record<string, Generator> = {
  mosque: FAMOUS_LANDMARKS.mosque,
  temple: FAMOUS_LANDMARKS.temple,
};
