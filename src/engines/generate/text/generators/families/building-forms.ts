/**
 * A building built as its description says (../../building-reading.ts): a single-storey shed with a
 * lean-to roof, a barn with a gambrel roof and wide doors, a small coop on legs with a wire run, a
 * tiered mass, an open-sided roof on posts, a hall with bay doors (a fire station, a hangar), a public
 * building behind a portico (a hospital, a school), or a storeyed building with a gable or a dome — from the
 * house's storey, door and roof rules (../buildings.ts).
 */
import { block, door, roof } from '../buildings.ts';
import type { GenContext } from '../kit.ts';
import { buildingForm, type BuildingForm } from '../../building-reading.ts';
import { BARN_RED, DRUM_HEAD, MARBLE, THATCH, WOOD } from '../palette.ts';

function walls(ctx: GenContext, f: BuildingForm, w: number, d: number, floors: number, fh: number): void {
  block(ctx, w, d, floors, fh);
  if (f.wooden) ctx.parts.find((p) => p.primary && p.part === undefined)!.colour = WOOD;
}

const BUILDS: Record<BuildingForm['kind'], (ctx: GenContext, f: BuildingForm, w: number, d: number) => void> = {
  shed(ctx, f, w, d) {
    const h = 1.1;
    ctx.add(ctx.box([w, h, d], [0, h / 2, 0]), f.wooden ? 'wood' : 'stone', {
      colour: f.wooden ? WOOD : [0.55, 0.5, 0.42],
    });
    door(ctx, d / 2, 0.8);
    // A lean-to roof: one slope, higher at the back.
    ctx.add(
      ctx
        .prism(
          [
            [-d / 2 - 0.1, 0],
            [d / 2 + 0.1, 0],
            [d / 2 + 0.1, 0.06],
            [-d / 2 - 0.1, 0.36],
          ],
          w + 0.16,
        )
        .rotate([0, 90, 0])
        .translate([0, h, 0]),
      'wood',
      { part: 'roof', primary: false, colour: f.thatched ? THATCH : [0.35, 0.3, 0.28] },
    );
  },
  barn(ctx, f, w, d) {
    const h = 1.4;
    ctx.add(ctx.box([w, h, d], [0, h / 2, 0]), 'wood', { colour: BARN_RED });
    // A gambrel roof: two slopes each side.
    const half = w / 2 + 0.08;
    ctx.add(
      ctx
        .prism(
          [
            [-half, 0],
            [half, 0],
            [half * 0.62, 0.45],
            [0, 0.75],
            [-half * 0.62, 0.45],
          ],
          d + 0.16,
        )
        .translate([0, h, 0]),
      'wood',
      { part: 'roof', primary: false, colour: f.thatched ? THATCH : [0.3, 0.28, 0.28] },
    );
    ctx.add(ctx.box([w * 0.42, h * 0.72, 0.04], [0, h * 0.36, d / 2]), 'wood', {
      part: 'door',
      primary: false,
      colour: DRUM_HEAD,
    });
    ctx.add(ctx.box([w * 0.38, 0.04, 0.05], [0, h * 0.36, d / 2 + 0.02]).rotate([0, 0, 35]), 'wood', {
      part: 'door',
      primary: false,
      colour: DRUM_HEAD,
    });
  },
  coop(ctx, f, w, d) {
    const y = 0.35;
    for (const [x, z] of [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ])
      ctx.add(ctx.box([0.06, y, 0.06], [x * (w / 2 - 0.05), y / 2, z * (d / 2 - 0.05)]), 'wood', {
        part: 'leg',
        primary: false,
        colour: WOOD,
      });
    ctx.add(ctx.box([w, 0.55, d], [0, y + 0.275, 0]), 'wood', { colour: f.wooden ? WOOD : BARN_RED });
    roof(ctx, 'gable', w, d, y + 0.55, 0.3);
    ctx.add(
      ctx.hull([
        [-0.07, 0, d / 2 + 0.5],
        [0.07, 0, d / 2 + 0.5],
        [-0.07, y, d / 2],
        [0.07, y, d / 2],
        [-0.07, y + 0.03, d / 2],
        [0.07, y + 0.03, d / 2],
        [-0.07, 0.03, d / 2 + 0.5],
        [0.07, 0.03, d / 2 + 0.5],
      ]),
      'wood',
      { part: 'ramp', primary: false, colour: WOOD },
    );
    // The wire run beside it: a frame of posts and rails.
    const rx = w / 2 + 0.6;
    for (const [x, z] of [
      [w / 2, -d / 2],
      [w / 2 + 1.2, -d / 2],
      [w / 2, d / 2],
      [w / 2 + 1.2, d / 2],
    ])
      ctx.add(ctx.box([0.04, 0.6, 0.04], [x, 0.3, z]), 'wood', { part: 'run', primary: false, colour: WOOD });
    for (const z of [-d / 2, d / 2])
      ctx.add(ctx.box([1.2, 0.04, 0.04], [rx, 0.6, z]), 'wood', { part: 'run', primary: false, colour: WOOD });
    ctx.add(ctx.box([1.2, 0.55, 0.01], [rx, 0.3, d / 2]), 'metal', {
      part: 'wire',
      primary: false,
      colour: [0.75, 0.75, 0.75],
    });
  },
  tiered(ctx, f, w, d) {
    const tiers = Math.max(3, f.floors);
    for (let k = 0; k < tiers; k++) {
      const s = 1 - k / (tiers + 0.5);
      ctx.add(ctx.box([w * 1.6 * s, 0.6, d * 1.6 * s], [0, 0.3 + k * 0.6, 0]), 'stone', { colour: [0.78, 0.68, 0.5] });
    }
    // A stair up the front, from the ground to the top tier's face.
    const top = tiers * 0.6;
    const front = d * 0.8;
    const topFront = d * 0.8 * (1 - (tiers - 1) / (tiers + 0.5));
    ctx.add(
      ctx.hull([
        [-0.25, 0, front + top * 0.5],
        [0.25, 0, front + top * 0.5],
        [-0.25, 0, topFront],
        [0.25, 0, topFront],
        [-0.25, top, topFront],
        [0.25, top, topFront],
      ]),
      'stone',
      { part: 'stairs', primary: false },
    );
  },
  open(ctx, f, w, d) {
    const h = 1.2;
    for (const [x, z] of [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ])
      ctx.add(ctx.cyl(0.06, h, [x * (w / 2 - 0.08), 0, z * (d / 2 - 0.08)]), f.wooden ? 'wood' : 'stone', {
        part: 'post',
        colour: f.wooden ? WOOD : undefined,
      });
    ctx.add(ctx.cyl(Math.max(w, d) * 0.6, 0.1, [0, 0, 0]), 'stone', { part: 'floor', primary: false });
    roof(ctx, f.roof === 'dome' ? 'dome' : 'pyramid', w, d, h, 0.55);
  },
  station(ctx, f, w, d) {
    // A wide hall, its front a row of tall bay doors, a flat roof with a parapet.
    const h = 1.5;
    ctx.add(ctx.box([w, h, d], [0, h / 2, 0]), 'stone', { colour: f.wooden ? WOOD : undefined });
    const bays = 3;
    for (let k = 0; k < bays; k++) {
      const x = (k - (bays - 1) / 2) * (w / bays);
      ctx.add(ctx.box([w / bays - 0.16, h * 0.72, 0.04], [x, h * 0.36, d / 2]), 'metal', {
        part: 'bay door',
        primary: false,
        colour: [0.85, 0.85, 0.82],
      });
    }
    ctx.add(ctx.box([w + 0.1, 0.14, d + 0.1], [0, h + 0.07, 0]), 'stone', { part: 'parapet', primary: false });
  },
  public(ctx, f, w, d) {
    // A storeyed block with rows of windows, a flat roof, and a portico of columns under a pediment at its entrance.
    const fh = 1;
    walls(ctx, f, w, d, f.floors, fh);
    roof(ctx, f.roof === 'dome' ? 'dome' : 'flat', w, d, f.floors * fh, 0.3);
    const pw = Math.min(w * 0.5, 1.4);
    const ph = Math.min(f.floors, 2) * fh * 0.9;
    const z = d / 2 + 0.35;
    ctx.add(ctx.box([pw + 0.3, 0.12, 0.8], [0, 0.06, d / 2 + 0.3]), 'stone', { part: 'steps', primary: false });
    for (let k = 0; k < 4; k++)
      ctx.add(ctx.cyl(0.06, ph, [(k - 1.5) * (pw / 3), 0.12, z]), 'stone', {
        part: 'column',
        primary: false,
        colour: MARBLE,
      });
    ctx.add(
      ctx
        .prism(
          [
            [-pw / 2 - 0.12, 0],
            [pw / 2 + 0.12, 0],
            [0, 0.32],
          ],
          0.5,
        )
        .translate([0, 0.12 + ph, d / 2 + 0.2]),
      'stone',
      { part: 'pediment', primary: false, colour: MARBLE },
    );
    door(ctx, d / 2, 0.8);
  },
  house(ctx, f, w, d) {
    const fh = 1;
    walls(ctx, f, w, d, f.floors, fh);
    door(ctx, d / 2);
    roof(ctx, f.roof === 'dome' ? 'dome' : f.floors >= 4 ? 'flat' : 'gable', w, d, f.floors * fh, 0.8);
    if (f.thatched) ctx.parts.at(-1)!.colour = THATCH;
  },
};

/** Builds the prompt's building as its description says; false when its description says only what it is for. */
export function describedBuilding(ctx: GenContext): boolean {
  const f = buildingForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const w = 2.2 * f.size * ctx.s.wide;
  const d = 1.8 * f.size * ctx.s.long;
  BUILDS[f.kind](ctx, f, w, d);
  return true;
}
