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
 * ../parts/prompt-forms.json (it takes its domes and minarets from the prompt's companions), the skull
 * of ../parts/sculpture.json; here is the bust.
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

/** A skull, a row of ../parts/sculpture.json (an animal's longer, a cow's horned). */
export const skull: Generator = partLists('sculpture').skull;

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
