/**
 * Household appliances and devices: one rounded-box rig whose profile sets the proportions and the
 * features that identify it (a toaster's slots, a microwave's window, a fridge's doors, a drum
 * washer's porthole, a record player's platter and arm, a gramophone's horn, a screen, a lens, a
 * handset, keys, a mixer's bowl and head).
 *
 * DEVICES the rig has no row for are rows of ../parts/devices.json (headphones, a microphone, a printer,
 * a tablet …, and a drone for the rotorcraft).
 */
import type { Vec3 } from 'manifold-3d';
import type { GenContext, Generator, RGB } from '../kit.ts';
import { DARK, GRIP, IRON, MARBLE, STEEL, TINTED_GLASS } from '../palette.ts';
import { partLists } from '../part-list.ts';

type Feature =
  | 'slots'
  | 'window'
  | 'doors'
  | 'porthole'
  | 'oven'
  | 'jug'
  | 'mixer'
  | 'espresso'
  | 'platter'
  | 'horn'
  | 'radio'
  | 'screen'
  | 'laptop'
  | 'camera'
  | 'handset'
  | 'phone'
  | 'typewriter'
  | 'sewing'
  | 'vacuum'
  | 'controller'
  | 'fan'
  | 'speaker';

const ROWS: Record<string, { size: Vec3; feature: Feature; colour: RGB }> = {
  toaster: { size: [0.6, 0.45, 0.35], feature: 'slots', colour: [0.8, 0.8, 0.82] },
  microwave: { size: [0.9, 0.5, 0.6], feature: 'window', colour: [0.85, 0.85, 0.87] },
  refrigerator: { size: [0.8, 1.8, 0.7], feature: 'doors', colour: [0.9, 0.9, 0.9] },
  'washing machine': { size: [0.7, 0.85, 0.65], feature: 'porthole', colour: [0.95, 0.95, 0.95] },
  oven: { size: [0.8, 0.9, 0.65], feature: 'oven', colour: IRON },
  blender: { size: [0.3, 0.25, 0.3], feature: 'jug', colour: IRON },
  'stand mixer': { size: [0.45, 0.12, 0.3], feature: 'mixer', colour: [0.85, 0.15, 0.15] },
  'coffee machine': { size: [0.45, 0.5, 0.4], feature: 'espresso', colour: [0.75, 0.75, 0.78] },
  'record player': { size: [0.8, 0.15, 0.65], feature: 'platter', colour: [0.45, 0.28, 0.15] },
  gramophone: { size: [0.5, 0.25, 0.5], feature: 'horn', colour: [0.45, 0.28, 0.15] },
  radio: { size: [0.7, 0.45, 0.25], feature: 'radio', colour: [0.55, 0.35, 0.18] },
  television: { size: [0.8, 0.65, 0.6], feature: 'screen', colour: [0.4, 0.28, 0.18] },
  computer: { size: [0.9, 0.6, 0.1], feature: 'screen', colour: [0.85, 0.85, 0.82] },
  // A computer monitor: a screen on a stand (a CRT one a deep box behind its screen).
  monitor: { size: [0.9, 0.6, 0.1], feature: 'screen', colour: IRON },
  laptop: { size: [0.8, 0.04, 0.55], feature: 'laptop', colour: [0.75, 0.76, 0.78] },
  camera: { size: [0.6, 0.4, 0.3], feature: 'camera', colour: [0.12, 0.12, 0.12] },
  telephone: { size: [0.5, 0.2, 0.45], feature: 'handset', colour: [0.1, 0.1, 0.1] },
  smartphone: { size: [0.38, 0.78, 0.04], feature: 'phone', colour: [0.1, 0.1, 0.12] },
  typewriter: { size: [0.7, 0.2, 0.55], feature: 'typewriter', colour: [0.15, 0.2, 0.15] },
  'sewing machine': { size: [0.8, 0.12, 0.35], feature: 'sewing', colour: MARBLE },
  'vacuum cleaner': { size: [0.55, 0.45, 0.4], feature: 'vacuum', colour: [0.85, 0.2, 0.2] },
  'game controller': { size: [0.7, 0.12, 0.4], feature: 'controller', colour: GRIP },
  fan: { size: [0.35, 0.05, 0.35], feature: 'fan', colour: [0.9, 0.9, 0.92] },
  speaker: { size: [0.45, 0.8, 0.4], feature: 'speaker', colour: [0.12, 0.12, 0.12] },
  appliance: { size: [0.7, 0.6, 0.5], feature: 'window', colour: [0.85, 0.85, 0.87] },
};

export function appliance(ctx: GenContext): void {
  const { s } = ctx;
  const row = ROWS[ctx.interpretation.profile ?? ''] ?? ROWS.appliance;
  // A CRT monitor is a deep box behind its screen, standing on the desk without a stand.
  const crt = ctx.interpretation.profile === 'monitor' && /\bcrt\b/.test(ctx.interpretation.prompt.toLowerCase());
  const [w, h, d] = [row.size[0] * s.wide, row.size[1] * s.tall, crt ? 0.6 : row.size[2]];
  const r = Math.min(w, h, d) * 0.12;
  const body = { colour: row.colour };
  const feature = (
    m: ReturnType<GenContext['box']>,
    part: string,
    colour: RGB = DARK,
    material: 'metal' | 'glass' | 'plastic' | 'rubber' = 'plastic',
  ) => ctx.add(m, material, { part, primary: false, colour });
  if (row.feature !== 'controller' && row.feature !== 'fan' && row.feature !== 'vacuum')
    ctx.add(
      ctx.roundBox([w, h, d], r, [0, h / 2, 0]),
      row.feature === 'platter' || row.feature === 'horn' || row.feature === 'radio' ? 'wood' : 'metal',
      body,
    );
  const front = d / 2;
  switch (row.feature) {
    case 'slots':
      for (const x of [-w * 0.2, w * 0.2])
        ctx.add(ctx.box([w * 0.3, h * 0.1, d * 0.12], [x, h, 0]), 'metal', {
          part: 'slot',
          primary: false,
          colour: DARK,
        });
      feature(ctx.box([0.04, 0.12, 0.06], [w / 2 + 0.01, h * 0.6, 0]), 'lever');
      break;
    case 'window':
      feature(ctx.box([w * 0.6, h * 0.7, 0.02], [-w * 0.12, h / 2, front]), 'window', TINTED_GLASS, 'glass');
      for (let k = 0; k < 3; k++)
        feature(
          ctx
            .cyl(0.03, 0.03, [0, 0, 0])
            .rotate([90, 0, 0])
            .translate([w * 0.35, h * (0.3 + k * 0.2), front]),
          'button',
        );
      break;
    case 'doors':
      feature(ctx.box([w * 0.96, 0.02, 0.02], [0, h * 0.62, front]), 'seam');
      for (const y of [h * 0.45, h * 0.8])
        feature(ctx.box([0.03, h * 0.15, 0.05], [w * 0.38, y, front + 0.02]), 'handle', STEEL, 'metal');
      break;
    case 'porthole':
      feature(ctx.torus(w * 0.3, 0.03, [0, h * 0.45, front], 'z'), 'door', STEEL, 'metal');
      feature(
        ctx
          .cyl(w * 0.28, 0.02, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([0, h * 0.45, front + 0.02]),
        'window',
        TINTED_GLASS,
        'glass',
      );
      break;
    case 'oven':
      feature(ctx.box([w * 0.75, h * 0.4, 0.02], [0, h * 0.35, front]), 'window', TINTED_GLASS, 'glass');
      for (const x of [-w * 0.25, w * 0.25])
        for (const z of [-d * 0.2, d * 0.2]) feature(ctx.cyl(w * 0.12, 0.015, [x, h, z]), 'burner');
      break;
    case 'jug':
      ctx.add(ctx.cyl(w * 0.35, h * 2.4, [0, h, 0], w * 0.45), 'glass', {
        part: 'jug',
        primary: false,
        colour: [0.8, 0.88, 0.9],
      });
      feature(ctx.cyl(w * 0.47, h * 0.2, [0, h * 3.4, 0]), 'lid');
      break;
    case 'mixer': {
      ctx.add(ctx.roundBox([w * 0.35, 0.5 * s.tall, d * 0.6], 0.05, [-w * 0.35, 0.25 * s.tall, 0]), 'metal', body);
      ctx.add(ctx.roundBox([w * 1.0, 0.18, d * 0.55], 0.08, [-w * 0.05, 0.58 * s.tall, 0]), 'metal', {
        part: 'head',
        colour: row.colour,
      });
      ctx.add(
        ctx.lathe(
          [
            [0.1, 0],
            [0.18, 0.06],
            [0.2, 0.22],
            [0.19, 0.24],
          ],
          [w * 0.15, h, 0],
        ),
        'metal',
        { part: 'bowl', primary: false, colour: STEEL },
      );
      break;
    }
    case 'espresso':
      feature(ctx.box([w * 0.7, h * 0.25, d * 0.3], [0, h * 0.45, front]), 'group', STEEL, 'metal');
      feature(ctx.cyl(0.05, 0.07, [0, 0.08, front + 0.05]), 'cup', [0.95, 0.95, 0.95]);
      break;
    case 'platter':
      feature(ctx.cyl(Math.min(w, d) * 0.4, 0.03, [-w * 0.1, h, 0]), 'platter', DARK, 'rubber');
      feature(ctx.capsule([w * 0.35, h + 0.05, -d * 0.3], [0, h + 0.05, d * 0.1], 0.012), 'arm', STEEL, 'metal');
      break;
    case 'horn':
      feature(ctx.cyl(w * 0.4, 0.02, [0, h, 0]), 'platter', DARK, 'rubber');
      ctx.add(
        ctx
          .lathe([
            [0.02, 0],
            [0.04, 0.3],
            [0.1, 0.5],
            [0.28, 0.62],
          ])
          .rotate([0, 0, -35])
          .translate([-w * 0.2, h, 0]),
        'bronze',
        { part: 'horn', primary: false, colour: [0.85, 0.65, 0.25] },
      );
      break;
    case 'radio':
      feature(
        ctx
          .cyl(h * 0.3, 0.02, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([-w * 0.2, h * 0.5, front]),
        'speaker',
        [0.75, 0.65, 0.45],
      );
      for (const x of [w * 0.2, w * 0.35])
        feature(
          ctx
            .cyl(0.04, 0.04, [0, 0, 0])
            .rotate([90, 0, 0])
            .translate([x, h * 0.4, front]),
          'knob',
        );
      feature(ctx.capsule([w * 0.3, h, 0], [w * 0.45, h * 2, -0.05], 0.008), 'antenna', STEEL, 'metal');
      break;
    case 'screen':
      feature(ctx.box([w * 0.8, h * 0.75, 0.02], [-w * 0.05, h * 0.52, front]), 'screen', TINTED_GLASS, 'glass');
      if (d < 0.2)
        ctx.add(
          ctx.box([w * 0.3, 0.04, 0.3], [0, 0.02, 0]).add(ctx.box([0.06, h * 0.2, 0.04], [0, 0.1, -0.02])),
          'metal',
          { part: 'stand', primary: false, colour: row.colour },
        );
      break;
    case 'laptop':
      ctx.add(ctx.roundBox([w, w * 0.6, 0.025], 0.01, [0, w * 0.3, -d / 2]).rotate([-12, 0, 0]), 'metal', {
        part: 'screen',
        colour: row.colour,
      });
      feature(ctx.box([w * 0.8, 0.01, d * 0.45], [0, h, -d * 0.05]), 'keys');
      break;
    case 'camera':
      ctx.add(
        ctx
          .cyl(h * 0.32, d * 0.8, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([0, h * 0.45, front]),
        'glass',
        { part: 'lens', primary: false, colour: DARK },
      );
      feature(ctx.box([w * 0.25, h * 0.2, d * 0.6], [0, h * 1.05, 0]), 'viewfinder');
      break;
    case 'handset':
      ctx.add(ctx.capsule([-w * 0.45, h + 0.06, 0], [w * 0.45, h + 0.06, 0], 0.06), 'plastic', {
        part: 'handset',
        colour: row.colour,
      });
      feature(
        ctx
          .cyl(w * 0.25, 0.02, [0, h * 0.5, 0])
          .rotate([-60, 0, 0])
          .translate([0, h * 0.2, front * 0.6]),
        'dial',
        [0.9, 0.9, 0.9],
      );
      break;
    case 'phone':
      feature(ctx.box([w * 0.88, h * 0.9, 0.01], [0, h / 2, front]), 'screen', TINTED_GLASS, 'glass');
      break;
    case 'typewriter':
      for (let k = 0; k < 3; k++)
        feature(ctx.box([w * 0.8, 0.03, 0.06], [0, h + k * 0.03, d * 0.3 - k * 0.08]), 'keys', [0.9, 0.9, 0.85]);
      feature(
        ctx
          .cyl(0.07, w * 1.1, [0, -w * 0.55, 0])
          .rotate([0, 0, 90])
          .translate([0, h + 0.12, -d * 0.3]),
        'roller',
      );
      break;
    case 'sewing':
      ctx.add(
        ctx
          .roundBox([w * 0.2, 0.35, d * 0.7], 0.03, [w * 0.35, h + 0.17, 0])
          .add(ctx.roundBox([w * 0.85, 0.12, d * 0.6], 0.04, [0, h + 0.38, 0])),
        'metal',
        { part: 'arm', colour: row.colour },
      );
      feature(ctx.cyl(0.006, 0.15, [-w * 0.35, h + 0.2, 0]), 'needle', STEEL, 'metal');
      break;
    case 'vacuum':
      ctx.add(ctx.roundBox([w, h, d], 0.1, [0, h / 2, 0]), 'plastic', body);
      feature(ctx.capsule([w * 0.4, h * 0.7, 0], [w * 1.2, 0.08, 0], 0.04), 'hose', [0.2, 0.2, 0.2]);
      break;
    case 'controller':
      ctx.add(
        ctx.hull([
          ctx.sphere(h, [-w * 0.3, h, 0]),
          ctx.sphere(h, [w * 0.3, h, 0]),
          ctx.sphere(h * 1.2, [-w * 0.35, h, d * 0.35]),
          ctx.sphere(h * 1.2, [w * 0.35, h, d * 0.35]),
        ]),
        'plastic',
        body,
      );
      for (const x of [-w * 0.25, w * 0.25]) feature(ctx.cyl(0.035, 0.06, [x, h * 1.6, 0.05]), 'stick');
      break;
    case 'fan':
      ctx.add(ctx.cyl(0.2, 0.04, [0, 0, 0]), 'plastic', body);
      ctx.add(ctx.cyl(0.03, 0.6 * s.tall, [0, 0.04, 0]), 'metal', { part: 'stand', primary: false, colour: STEEL });
      ctx.add(ctx.torus(0.32, 0.015, [0, 0.95 * s.tall, 0], 'z'), 'metal', {
        part: 'guard',
        primary: false,
        colour: STEEL,
      });
      for (let k = 0; k < 3; k++)
        ctx.add(
          ctx
            .ellipsoid([0.12, 0.28, 0.015], [0, 0.16, 0])
            .rotate([0, 0, k * 120])
            .translate([0, 0.95 * s.tall, 0]),
          'plastic',
          { part: 'blade', colour: row.colour },
        );
      ctx.add(ctx.sphere(0.07, [0, 0.95 * s.tall, -0.03]), 'plastic', { part: 'hub', colour: row.colour });
      break;
    case 'speaker':
      for (const [y, rr] of [
        [h * 0.3, w * 0.35],
        [h * 0.75, w * 0.18],
      ] as const)
        feature(
          ctx.cyl(rr, 0.03, [0, 0, 0]).rotate([90, 0, 0]).translate([0, y, front]),
          'cone',
          [0.3, 0.3, 0.3],
          'rubber',
        );
      break;
  }
}

export const DEVICES: Record<string, Generator> = partLists('devices');

export const drone: Generator = DEVICES.drone;
