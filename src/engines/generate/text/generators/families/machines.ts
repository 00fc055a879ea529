/**
 * Vehicles by kind beyond the catalogue's car/truck/bus: two-wheeled motor vehicles, tractors,
 * construction machines (tracks, bucket arm, blade, roller, forks, turret), wagons and carts,
 * helicopters, balloons and airships. Each kind is a row of ../parts/machines.json, its sizes formulas
 * of the prompt's proportions; the profile picks the row. A towed home stays code: its shell takes the
 * prompt's material and its door a shade of the shell's colour.
 */
import type { GenContext, Generator, RGB } from '../kit.ts';
import { BLACK, GUNMETAL } from '../palette.ts';
import { partLists } from '../part-list.ts';

/** A wheel on the z axis at (x, r, z): tyre and hub. */
function wheel(
  ctx: GenContext,
  x: number,
  z: number,
  r: number,
  width: number,
  hub: RGB = GUNMETAL,
  material: 'rubber' | 'wood' = 'rubber',
): void {
  ctx.add(
    ctx
      .cyl(r, width, [0, -width / 2, 0])
      .rotate([90, 0, 0])
      .translate([x, r, z]),
    material,
    { part: 'wheel', primary: false, colour: material === 'wood' ? [0.45, 0.3, 0.15] : BLACK },
  );
  ctx.add(
    ctx
      .cyl(r * 0.45, width * 1.15, [0, -width * 0.575, 0])
      .rotate([90, 0, 0])
      .translate([x, r, z]),
    'metal',
    { part: 'hubcap', primary: false, colour: hub },
  );
}

/** A towed home (travel trailer, caravan): a rounded shell on one axle, windows, a door and a tow hitch. */
function trailer(ctx: GenContext): void {
  const { s } = ctx;
  const L = 3.2 * s.long;
  const W = 1.6 * s.wide;
  const H = 1.5 * s.tall;
  const r = 0.32;
  const floor = r * 1.5;
  const shell: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.9, 0.9, 0.88];
  for (const z of [-W / 2 - 0.02, W / 2 + 0.02]) wheel(ctx, -L * 0.05, z, r, 0.16);
  // The shell rounds at both ends, more at the back: a teardrop when short, a long capsule otherwise.
  ctx.add(
    ctx.hull([
      ctx.roundBox([L * 0.7, H * 0.5, W], 0.12, [-L * 0.05, floor + H * 0.25, 0]),
      ctx
        .cyl(H * 0.48, W, [0, -W / 2, 0])
        .rotate([90, 0, 0])
        .translate([-L / 2 + H * 0.48, floor + H * 0.5, 0]),
      ctx.roundBox([0.2, H * 0.75, W], 0.1, [L / 2 - 0.1, floor + H * 0.4, 0]),
    ]),
    ctx.interpretation.material === 'wood' ? 'wood' : 'metal',
    { colour: shell },
  );
  for (const x of [-L * 0.22, L * 0.2])
    ctx.add(ctx.box([0.5, 0.35, 0.04], [x, floor + H * 0.62, W / 2 + 0.01]), 'glass', {
      part: 'window',
      primary: false,
      colour: [0.25, 0.35, 0.45],
    });
  ctx.add(ctx.box([0.45, H * 0.7, 0.04], [L * 0.02 + 0.35, floor + H * 0.4, W / 2 + 0.01]), 'metal', {
    part: 'door',
    primary: false,
    colour: shell.map((c) => c * 0.8) as RGB,
  });
  ctx.add(
    ctx.union([
      ctx.capsule([L / 2, floor, -W * 0.3], [L / 2 + 0.8, floor * 0.8, 0], 0.04),
      ctx.capsule([L / 2, floor, W * 0.3], [L / 2 + 0.8, floor * 0.8, 0], 0.04),
    ]),
    'metal',
    { part: 'hitch', primary: false, colour: GUNMETAL },
  );
  ctx.add(ctx.capsule([L / 2 + 0.7, floor * 0.8, 0], [L / 2 + 0.7, 0.02, 0], 0.03), 'metal', {
    part: 'jack',
    primary: false,
    colour: GUNMETAL,
  });
}

/** The kinds of ../parts/machines.json, by profile. */
const MACHINES: Record<string, Generator> = partLists('machines');

/** The family's generator: the row its profile names, else the row `fallback`. */
const byProfile =
  (fallback: string): Generator =>
  (ctx) =>
    (MACHINES[ctx.interpretation.profile ?? ''] ?? MACHINES[fallback])(ctx);

export const motorcycle = byProfile('motorcycle');
export const tractor = MACHINES.tractor;
export const constructionMachine = MACHINES.bulldozer;
export const helicopter = MACHINES.helicopter;
export const balloon = byProfile('hot air balloon');

export function wagon(ctx: GenContext): void {
  const kind = ctx.interpretation.profile ?? 'wagon';
  if (kind === 'trailer' || kind === 'caravan') trailer(ctx);
  else (MACHINES[kind] ?? MACHINES.wagon)(ctx);
}

/** Rows of the tractor and construction-machine families: the profile's kind (a combine harvester, a mobile crane …). */
export const MACHINE_ROWS: Record<string, Generator> = MACHINES;
