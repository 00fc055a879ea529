/**
 * Headwear, footwear and bags: a hat is a crown and a brim turned on a lathe (a top hat tall and
 * narrow-brimmed, a sombrero wide, a cap with a visor, a helmet a shell with a visor or a knight's
 * slit); a shoe is a sole, a rounded upper and a heel or shaft; bags are boxes with straps and handles.
 */
import type { Vec2 } from 'manifold-3d';
import { Type } from '@sinclair/typebox';
import { addDetail, type GenContext } from '../kit.ts';
import { proportionRows } from '../proportions.ts';

const Pair = Type.Tuple([Type.Number(), Type.Number()]);
const Colour = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);

/** A hat's row of ../proportions/hats.json. */
const HatSchema = Type.Object(
  {
    crown: Type.Array(Pair, { minItems: 2 }),
    brim: Type.Number({ minimum: 0 }),
    colour: Colour,
    material: Type.Union([Type.Literal('fabric'), Type.Literal('leather'), Type.Literal('metal')]),
  },
  { additionalProperties: false },
);

const HATS = proportionRows('hats', HatSchema);

export function hat(ctx: GenContext): void {
  const { s } = ctx;
  const profile = ctx.interpretation.profile ?? 'hat';
  const h = HATS[profile] ?? HATS.hat;
  const crown = h.crown.map(([r, y]) => [r * s.wide, y * s.tall] as Vec2);
  const lift = h.brim > 0 ? 0.02 : 0;
  // A hollow crown: the outer lathe less a smaller inner one, so it reads as something worn.
  const outer = ctx.lathe(crown, [0, lift, 0]);
  const inner = ctx.lathe(
    crown.map(([r, y]) => [Math.max(0.005, r - 0.025), y - 0.03] as Vec2),
    [0, lift - 0.001, 0],
  );
  ctx.add(outer.subtract(inner), h.material, { colour: h.colour });
  if (h.brim > 0)
    ctx.add(
      ctx.cyl(h.brim * s.wide, 0.025, [0, 0, 0]).subtract(ctx.cyl(crown[0][0] - 0.025, 0.03, [0, -0.002, 0])),
      h.material,
      { part: 'brim', colour: h.colour },
    );
  if (profile === 'cap')
    ctx.add(ctx.ellipsoid([0.28, 0.015, 0.2], [0.3, 0.03, 0]), h.material, { part: 'visor', colour: h.colour });
  if (profile === 'beanie')
    addDetail(ctx, ctx.sphere(0.08, [0, 0.42 * s.tall, 0]), 'fabric', 'pompom', [0.95, 0.95, 0.95]);
  if (profile === 'top hat')
    ctx.add(ctx.cyl(0.305, 0.08, [0, 0.04, 0]), 'fabric', { part: 'band', primary: false, colour: [0.5, 0.1, 0.1] });
  if (profile === 'helmet') {
    const knight = ctx.interpretation.prompt.toLowerCase().match(/knight|medieval|armou?r|viking|roman|spartan/);
    if (knight) addDetail(ctx, ctx.box([0.3, 0.03, 0.1], [0.33, 0.25, 0]), 'metal', 'visor', [0.05, 0.05, 0.05]);
    else
      ctx.add(ctx.sphere(0.36, [0.02, 0.2, 0]).trimByPlane([1, 0, 0], 0.18).trimByPlane([0, -1, 0], -0.32), 'glass', {
        part: 'visor',
        primary: false,
        colour: [0.15, 0.15, 0.2],
      });
  }
}

/** A shoe's row of ../proportions/shoes.json; `shoe` is also the row of a footwear noun with none of its own. */
const ShoeSchema = Type.Object(
  {
    colour: Colour,
    material: Type.Union([Type.Literal('fabric'), Type.Literal('leather')]),
    sole: Type.Number({ exclusiveMinimum: 0 }),
    soleColour: Colour,
    /** How high the heel lifts the foot, and the heel's radius at the ground and under the sole. */
    heel: Type.Optional(Type.Tuple([Type.Number(), Type.Number(), Type.Number()])),
    /** Height of the upper; a row without one is a sandal, its sole held on by one strap. */
    upper: Type.Optional(Type.Number()),
    /** A boot's shaft, a sneaker's laces. */
    shaft: Type.Optional(Type.Literal(true)),
    laces: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);

const SHOES = proportionRows('shoes', ShoeSchema);

export function shoe(ctx: GenContext): void {
  const { s } = ctx;
  const row = SHOES[ctx.interpretation.profile ?? 'shoe'] ?? SHOES.shoe;
  const { colour, material, sole } = row;
  const L = 0.3 * s.long;
  const [heelUp, heelFoot, heelTop] = row.heel ?? [0, 0, 0];
  // The sole tilts from heel to toe for a raised heel.
  const tilt = (Math.atan2(heelUp, L * 0.7) * 180) / Math.PI;
  ctx.add(
    ctx
      .roundBox([L, sole, L * 0.36], sole * 0.45, [0, sole / 2, 0])
      .rotate([0, 0, -tilt])
      .translate([0, heelUp * 0.5, 0]),
    'rubber',
    { part: 'sole', primary: false, colour: row.soleColour },
  );
  if (heelUp > 0)
    addDetail(ctx, ctx.cyl(heelFoot, heelUp + 0.01, [-L * 0.4, 0, 0], heelTop), 'rubber', 'heel', [0.1, 0.08, 0.06]);
  if (row.upper === undefined) {
    ctx.add(ctx.torus(0.05, 0.008, [L * 0.15, sole + 0.015, 0], 'x').trimByPlane([0, 1, 0], sole), 'rubber', {
      part: 'strap',
      colour,
    });
    return;
  }
  const upperH = row.upper;
  const upper = ctx.hull([
    ctx.ellipsoid([L * 0.42, upperH * 0.6, L * 0.16], [L * 0.05, heelUp * 0.4 + sole + upperH * 0.3, 0]),
    ctx.ellipsoid([L * 0.2, upperH, L * 0.15], [-L * 0.25, heelUp + sole + upperH * 0.6, 0]),
  ]);
  const opening = ctx.ellipsoid([L * 0.18, upperH, L * 0.11], [-L * 0.2, heelUp + sole + upperH * 1.35, 0]);
  ctx.add(row.shaft ? upper : upper.subtract(opening), material, { colour });
  if (row.shaft)
    ctx.add(
      ctx
        .cyl(L * 0.17, 0.28 * s.tall, [-L * 0.25, heelUp + sole + upperH * 0.5, 0], L * 0.19)
        .subtract(ctx.cyl(L * 0.14, 0.3 * s.tall, [-L * 0.25, heelUp + sole + upperH * 0.6 + 0.02, 0])),
      material,
      { part: 'shaft', colour },
    );
  if (row.laces)
    for (let k = 0; k < 3; k++)
      ctx.add(
        ctx.box([0.008, 0.006, L * 0.14], [L * (0.05 - k * 0.06), sole + upperH * 1.05 - k * 0.005, 0]),
        'fabric',
        { part: 'lace', primary: false, colour: [0.2, 0.2, 0.25] },
      );
}

/** A bag's row of ../proportions/bags.json (a basket is turned on a lathe instead); `handbag` is any other bag's. */
const BagSchema = Type.Object(
  {
    /** Width, height and depth before the style's scale. */
    size: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
    colour: Colour,
    material: Type.Union([Type.Literal('fabric'), Type.Literal('leather')]),
    /** Radius of the body's rounded edges. */
    corner: Type.Number(),
    /** The carry handle's radius as a share of the width; a bag without one is worn: a front pocket, shoulder straps. */
    handle: Type.Optional(Type.Number()),
    handleColour: Type.Optional(Colour),
    /** Two straps around the body (a suitcase's). */
    bands: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);

const BAGS = proportionRows('bags', BagSchema);

export function bag(ctx: GenContext): void {
  const { s } = ctx;
  const profile = ctx.interpretation.profile ?? 'handbag';
  if (profile === 'basket') {
    ctx.add(
      ctx
        .lathe([
          [0.3, 0],
          [0.38, 0.3 * s.tall],
          [0.4, 0.32 * s.tall],
        ])
        .subtract(
          ctx.lathe([
            [0.27, 0.03],
            [0.36, 0.34 * s.tall],
          ]),
        ),
      'wood',
      { colour: [0.7, 0.52, 0.3] },
    );
    ctx.add(ctx.torus(0.36, 0.02, [0, 0.32 * s.tall, 0], 'z').trimByPlane([0, 1, 0], 0.32 * s.tall), 'wood', {
      part: 'handle',
      colour: [0.6, 0.42, 0.22],
    });
    return;
  }
  const row = BAGS[profile] ?? BAGS.handbag;
  const { colour, material } = row;
  const [w, h, d] = row.size.map((v, k) => v * (k === 1 ? s.tall : s.wide));
  ctx.add(ctx.roundBox([w, h, d], row.corner, [0, h / 2, 0]), material, { colour });
  if (row.handle === undefined) {
    ctx.add(ctx.roundBox([w * 0.7, h * 0.4, d * 0.4], 0.05, [0, h * 0.3, d * 0.55]), material, {
      part: 'pocket',
      colour,
    });
    for (const x of [-w * 0.25, w * 0.25])
      ctx.add(ctx.capsule([x, h * 0.9, -d * 0.55], [x, h * 0.15, -d * 0.55], 0.025), 'fabric', {
        part: 'strap',
        primary: false,
        colour: [0.1, 0.1, 0.1],
      });
  } else
    ctx.add(ctx.torus(w * row.handle, 0.015, [0, h, 0], 'z').trimByPlane([0, 1, 0], h), material, {
      part: 'handle',
      colour: row.handleColour ?? colour,
    });
  if (row.bands)
    for (const x of [-w * 0.3, w * 0.3])
      addDetail(ctx, ctx.box([0.04, h * 1.01, d * 1.02], [x, h / 2, 0]), 'leather', 'strap', [0.25, 0.15, 0.08]);
}
