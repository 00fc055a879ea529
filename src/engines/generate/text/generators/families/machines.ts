/**
 * Vehicles by kind beyond the catalogue's car/truck/bus: two-wheeled motor vehicles, tractors,
 * construction machines (tracks, bucket arm, blade, roller, forks, turret), wagons and carts,
 * helicopters, balloons and airships. The profile picks the kind's variant.
 *
 * MACHINE_ROWS: a combine harvester in the prompt's colour here, a mobile crane in ../parts/machines.json.
 */
import type { Vec3 } from 'manifold-3d';
import { around, type GenContext, type Generator, type RGB } from '../kit.ts';
import { BLACK, GUNMETAL, RED } from '../palette.ts';
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

export function motorcycle(ctx: GenContext): void {
  const { s, rng } = ctx;
  const scooter = ctx.interpretation.profile === 'scooter';
  const colour: RGB = rng.pick([
    [0.8, 0.1, 0.1],
    [0.1, 0.1, 0.12],
    [0.2, 0.4, 0.75],
    [0.55, 0.75, 0.7],
  ] as RGB[]);
  const L = 2 * s.long;
  const r = scooter ? 0.22 : 0.32;
  for (const x of [-L * 0.36, L * 0.36]) wheel(ctx, x, 0, r, r * 0.45);
  if (scooter) {
    ctx.add(ctx.roundBox([L * 0.5, 0.35, 0.38], 0.12, [-L * 0.12, r + 0.3, 0]), 'metal', { colour });
    ctx.add(ctx.roundBox([L * 0.5, 0.06, 0.3], 0.03, [L * 0.05, r + 0.05, 0]), 'metal', { part: 'floor', colour });
    ctx.add(ctx.roundBox([0.18, 0.75, 0.4], 0.07, [L * 0.33, r + 0.45, 0]).rotate([0, 0, 0]), 'metal', {
      part: 'shield',
      colour,
    });
  } else {
    ctx.add(
      ctx.hull([
        ctx.sphere(0.15, [-L * 0.2, r + 0.35, 0]),
        ctx.sphere(0.12, [L * 0.22, r + 0.45, 0]),
        ctx.sphere(0.1, [0, r + 0.05, 0]),
      ]),
      'metal',
      { part: 'frame', colour: GUNMETAL },
    );
    ctx.add(ctx.ellipsoid([0.3, 0.14, 0.17], [L * 0.06, r + 0.6, 0]), 'metal', { part: 'tank', colour });
    ctx.add(ctx.roundBox([0.32, 0.2, 0.24], 0.05, [0, r + 0.2, 0]), 'metal', {
      part: 'engine',
      primary: false,
      colour: [0.3, 0.3, 0.32],
    });
    ctx.add(ctx.capsule([-L * 0.36, r, 0.12], [L * 0.05, r + 0.05, 0.15], 0.04), 'metal', {
      part: 'exhaust',
      primary: false,
      colour: [0.8, 0.8, 0.82],
    });
  }
  ctx.add(ctx.roundBox([0.5, 0.08, 0.26], 0.04, [-L * 0.15, r + (scooter ? 0.5 : 0.62), 0]), 'leather', {
    part: 'seat',
    primary: false,
    colour: [0.1, 0.08, 0.07],
  });
  const fork: Vec3 = [L * 0.3, r + 0.85, 0];
  ctx.add(ctx.capsule([L * 0.36, r, 0], fork, 0.03), 'metal', { part: 'fork', primary: false, colour: GUNMETAL });
  ctx.add(ctx.capsule([fork[0], fork[1], -0.35], [fork[0], fork[1], 0.35], 0.025), 'metal', {
    part: 'handle',
    primary: false,
    colour: [0.1, 0.1, 0.1],
  });
  ctx.add(ctx.sphere(0.08, [fork[0] + 0.08, fork[1] - 0.12, 0]), 'glass', {
    part: 'light',
    primary: false,
    colour: [1, 0.95, 0.7],
  });
}

export function tractor(ctx: GenContext): void {
  const { s } = ctx;
  const colour: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.2, 0.55, 0.2];
  const L = 3.2 * s.long;
  ctx.add(ctx.roundBox([L * 0.6, 0.8, 0.8], 0.08, [L * 0.15, 1.05, 0]), 'metal', { colour });
  ctx.add(ctx.box([0.9, 1.3 * s.tall, 1.1], [-L * 0.22, 1.65, 0]), 'glass', {
    part: 'cab',
    primary: false,
    colour: [0.3, 0.4, 0.45],
  });
  ctx.add(ctx.box([1.05, 0.08, 1.25], [-L * 0.22, 2.35 * s.tall, 0]), 'metal', { part: 'roof', colour });
  ctx.add(ctx.cyl(0.06, 0.9, [L * 0.35, 1.4, 0.2]), 'metal', {
    part: 'exhaust',
    primary: false,
    colour: [0.15, 0.15, 0.15],
  });
  for (const z of [-0.75, 0.75]) {
    wheel(ctx, -L * 0.25, z, 0.8, 0.5, [0.95, 0.8, 0.1]);
    wheel(ctx, L * 0.32, z * 0.85, 0.45, 0.3, [0.95, 0.8, 0.1]);
  }
}

/** Crawler tracks either side: a rounded belt around its wheels. */
function tracks(ctx: GenContext, L: number, W: number, h: number): void {
  for (const z of [-W / 2, W / 2]) {
    ctx.add(
      ctx.hull([
        ctx
          .cyl(h / 2, 0.35, [0, -0.175, 0])
          .rotate([90, 0, 0])
          .translate([-L / 2 + h / 2, h / 2, z]),
        ctx
          .cyl(h / 2, 0.35, [0, -0.175, 0])
          .rotate([90, 0, 0])
          .translate([L / 2 - h / 2, h / 2, z]),
      ]),
      'rubber',
      { part: 'track', primary: false, colour: [0.12, 0.12, 0.12] },
    );
    for (let k = 0; k < 4; k++)
      ctx.add(
        ctx
          .cyl(h * 0.32, 0.4, [0, -0.2, 0])
          .rotate([90, 0, 0])
          .translate([-L / 2 + h / 2 + (k * (L - h)) / 3, h / 2, z]),
        'metal',
        { part: 'wheel', primary: false, colour: GUNMETAL },
      );
  }
}

export function constructionMachine(ctx: GenContext): void {
  const { s } = ctx;
  const kind = ctx.interpretation.profile ?? 'bulldozer';
  const yellow: RGB = kind === 'tank' ? [0.35, 0.4, 0.25] : [0.95, 0.72, 0.1];
  const body = { colour: yellow };
  const L = 3 * s.long;
  const W = 1.8 * s.wide;
  const tracked = kind === 'bulldozer' || kind === 'excavator' || kind === 'tank';
  const base = tracked ? 0.6 : 0.5;
  if (tracked) tracks(ctx, L, W, base);
  else
    for (const x of [-L * 0.3, L * 0.3])
      for (const z of [-W / 2, W / 2]) if (kind !== 'steamroller' || x < 0) wheel(ctx, x, z, base, 0.35);
  ctx.add(ctx.roundBox([L * 0.8, 0.6, W * 0.85], 0.06, [0, base + 0.3, 0]), 'metal', body);
  if (kind === 'tank') {
    ctx.add(ctx.roundBox([L * 0.45, 0.45, W * 0.6], 0.1, [-L * 0.05, base + 0.8, 0]), 'metal', {
      part: 'turret',
      ...body,
    });
    ctx.add(
      ctx
        .cyl(0.08, L * 0.6, [0, 0, 0])
        .rotate([0, 0, -90])
        .translate([L * 0.15, base + 0.85, 0]),
      'metal',
      { part: 'barrel', ...body },
    );
    return;
  }
  ctx.add(ctx.box([0.9, 0.9 * s.tall, 0.9], [-L * 0.1, base + 1.05, 0]), 'glass', {
    part: 'cab',
    primary: false,
    colour: [0.3, 0.4, 0.45],
  });
  ctx.add(ctx.box([1.0, 0.07, 1.0], [-L * 0.1, base + 1.5, 0]), 'metal', { part: 'roof', ...body });
  if (kind === 'bulldozer') {
    ctx.add(ctx.box([0.12, 0.8, W * 1.15], [L / 2 + 0.3, 0.45, 0]), 'metal', {
      part: 'blade',
      primary: false,
      colour: GUNMETAL,
    });
    for (const z of [-W * 0.35, W * 0.35])
      ctx.add(ctx.capsule([L * 0.3, base + 0.2, z], [L / 2 + 0.25, 0.45, z], 0.06), 'metal', {
        part: 'arm',
        primary: false,
        colour: GUNMETAL,
      });
  } else if (kind === 'excavator') {
    const elbow: Vec3 = [L * 0.55, base + 2.0, 0];
    const wrist: Vec3 = [L * 0.95, base + 0.6, 0];
    ctx.add(
      ctx.union([ctx.capsule([L * 0.15, base + 0.6, 0], elbow, 0.14), ctx.capsule(elbow, wrist, 0.11)]),
      'metal',
      { part: 'arm', ...body },
    );
    ctx.add(
      ctx.hull([
        ctx.box([0.45, 0.05, 0.6], [wrist[0], wrist[1] - 0.1, 0]),
        ctx.box([0.05, 0.45, 0.6], [wrist[0] + 0.22, wrist[1] - 0.35, 0]),
      ]),
      'metal',
      { part: 'bucket', primary: false, colour: GUNMETAL },
    );
  } else if (kind === 'loader') {
    for (const z of [-W * 0.4, W * 0.4])
      ctx.add(ctx.capsule([L * 0.1, base + 0.7, z], [L / 2 + 0.3, 0.5, z], 0.08), 'metal', { part: 'arm', ...body });
    ctx.add(
      ctx.hull([
        ctx.box([0.7, 0.06, W * 1.1], [L / 2 + 0.5, 0.12, 0]),
        ctx.box([0.08, 0.7, W * 1.1], [L / 2 + 0.15, 0.45, 0]),
      ]),
      'metal',
      { part: 'bucket', primary: false, colour: GUNMETAL },
    );
  } else if (kind === 'steamroller') {
    ctx.add(
      ctx
        .cyl(0.6, W * 1.05, [0, -W * 0.525, 0])
        .rotate([90, 0, 0])
        .translate([L * 0.42, 0.6, 0]),
      'metal',
      { part: 'roller', primary: false, colour: GUNMETAL },
    );
  } else {
    for (const z of [-0.35, 0.35]) {
      ctx.add(ctx.box([0.08, 2.4 * s.tall, 0.08], [L * 0.45, 1.2 * s.tall, z]), 'metal', {
        part: 'mast',
        primary: false,
        colour: GUNMETAL,
      });
      ctx.add(ctx.box([1.2, 0.05, 0.14], [L * 0.45 + 0.6, 0.1, z]), 'metal', {
        part: 'fork',
        primary: false,
        colour: GUNMETAL,
      });
    }
  }
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

export function wagon(ctx: GenContext): void {
  const { s } = ctx;
  const kind = ctx.interpretation.profile ?? 'wagon';
  if (kind === 'trailer' || kind === 'caravan') {
    trailer(ctx);
    return;
  }
  const wood: RGB = [0.55, 0.36, 0.18];
  if (kind === 'wheelbarrow') {
    ctx.add(
      ctx
        .hull([ctx.box([0.9, 0.02, 0.6], [0.05, 0.45, 0]), ctx.box([0.6, 0.02, 0.4], [0, 0.2, 0])])
        .subtract(ctx.hull([ctx.box([0.84, 0.02, 0.54], [0.05, 0.47, 0]), ctx.box([0.55, 0.02, 0.35], [0, 0.23, 0])])),
      'metal',
      { colour: [0.2, 0.45, 0.25] },
    );
    wheel(ctx, 0.55, 0, 0.18, 0.1);
    for (const z of [-0.22, 0.22]) {
      ctx.add(ctx.capsule([0.55, 0.18, z * 0.4], [-0.85, 0.45, z], 0.025), 'wood', {
        part: 'handle',
        primary: false,
        colour: wood,
      });
      ctx.add(ctx.capsule([-0.25, 0.25, z], [-0.3, 0.02, z], 0.025), 'metal', { part: 'leg', primary: false });
    }
    return;
  }
  const stroller = kind === 'stroller';
  const shopping = kind === 'shopping cart';
  const L = (kind === 'chariot' ? 1.0 : stroller ? 0.8 : 2.2) * s.long;
  const W = (stroller || shopping ? 0.55 : 1.2) * s.wide;
  const r = stroller || shopping ? 0.12 : kind === 'chariot' ? 0.5 : 0.45;
  const twoWheels = kind === 'cart' || kind === 'chariot';
  const xs = twoWheels ? [0] : [-L * 0.35, L * 0.35];
  for (const x of xs)
    for (const z of [-W / 2 - 0.05, W / 2 + 0.05])
      wheel(ctx, x, z, r, 0.08, [0.3, 0.2, 0.1], stroller || shopping ? 'rubber' : 'wood');
  const floor = r * (stroller || shopping ? 2.2 : 1.4);
  const bedH = (stroller ? 0.45 : shopping ? 0.5 : 0.4) * s.tall;
  const mat = shopping ? 'metal' : stroller ? 'fabric' : 'wood';
  const colour: RGB = shopping ? [0.75, 0.75, 0.78] : stroller ? [0.25, 0.3, 0.5] : wood;
  ctx.add(
    ctx
      .box([L, bedH, W], [0, floor + bedH / 2, 0])
      .subtract(ctx.box([L - 0.08, bedH, W - 0.08], [0, floor + bedH / 2 + 0.05, 0])),
    mat,
    { colour },
  );
  if (stroller || shopping)
    for (const x of [-L * 0.35, L * 0.35])
      for (const z of [-W / 2, W / 2])
        ctx.add(ctx.capsule([x, r, z], [x * 0.8, floor, z * 0.9], 0.015), 'metal', { part: 'frame', primary: false });
  if (kind === 'covered wagon') {
    const hoops = 4;
    ctx.add(
      ctx
        .cyl(W * 0.62, L * 0.95, [0, -L * 0.475, 0])
        .rotate([0, 0, 90])
        .translate([0, floor + bedH, 0])
        .trimByPlane([0, 1, 0], floor + bedH),
      'fabric',
      { part: 'cover', primary: false, colour: [0.93, 0.9, 0.8] },
    );
    void hoops;
  }
  if (stroller)
    ctx.add(
      ctx
        .sphere(W * 0.55, [-L * 0.25, floor + bedH, 0])
        .trimByPlane([1, 0, 0], -L * 0.25)
        .trimByPlane([0, 1, 0], floor + bedH * 0.8),
      'fabric',
      { part: 'hood', colour },
    );
  const pull =
    stroller || shopping
      ? ctx
          .capsule([-L / 2, floor + bedH, -W / 2], [-L / 2 - 0.15, floor + bedH + 0.35, -W / 2], 0.02)
          .add(
            ctx.capsule(
              [-L / 2 - 0.15, floor + bedH + 0.35, -W / 2],
              [-L / 2 - 0.15, floor + bedH + 0.35, W / 2],
              0.02,
            ),
          )
          .add(ctx.capsule([-L / 2, floor + bedH, W / 2], [-L / 2 - 0.15, floor + bedH + 0.35, W / 2], 0.02))
      : kind === 'chariot'
        ? ctx.capsule([L / 2, floor, 0], [L / 2 + 1.2, floor + 0.4, 0], 0.04)
        : ctx.union([
            ctx.capsule([L / 2, floor, -W * 0.3], [L / 2 + 1.1, floor * 0.7, 0], 0.04),
            ctx.capsule([L / 2, floor, W * 0.3], [L / 2 + 1.1, floor * 0.7, 0], 0.04),
          ]);
  ctx.add(pull, stroller || shopping ? 'metal' : 'wood', {
    part: 'handle',
    primary: false,
    colour: stroller || shopping ? GUNMETAL : wood,
  });
  if (kind === 'carriage')
    ctx.add(ctx.roundBox([L * 0.6, 0.8, W * 0.9], 0.15, [0, floor + bedH + 0.4, 0]), 'wood', {
      part: 'cabin',
      colour: [0.15, 0.12, 0.1],
    });
}

export function helicopter(ctx: GenContext): void {
  const { s } = ctx;
  const colour: RGB = ctx.rng.pick([
    [0.8, 0.15, 0.1],
    [0.2, 0.3, 0.6],
    [0.3, 0.38, 0.25],
  ] as RGB[]);
  const L = 2.2 * s.long;
  ctx.add(ctx.ellipsoid([L * 0.3, 0.45 * s.tall, 0.42 * s.wide], [0, 0.75, 0]), 'metal', { colour });
  ctx.add(ctx.ellipsoid([L * 0.14, 0.3, 0.36], [L * 0.2, 0.8, 0]), 'glass', {
    part: 'window',
    primary: false,
    colour: [0.3, 0.4, 0.5],
  });
  ctx.add(ctx.capsule([-L * 0.2, 0.85, 0], [-L * 0.75, 1.0, 0], 0.12, 0.05), 'metal', { part: 'tail', colour });
  ctx.add(ctx.box([0.05, 0.35, 0.04], [-L * 0.75, 1.1, 0.06]), 'metal', { part: 'fin', colour });
  ctx.add(ctx.cyl(0.05, 0.25, [0, 1.15, 0]), 'metal', { part: 'mast', primary: false, colour: GUNMETAL });
  for (const a of around(ctx.count('propeller', 4, 2, 6) === 1 ? 2 : 4, 0.3))
    ctx.add(
      ctx
        .box([1.3, 0.025, 0.12], [0.65, 0, 0])
        .rotate([0, (a * 180) / Math.PI, 0])
        .translate([0, 1.4, 0]),
      'metal',
      { part: 'propeller', primary: false, colour: [0.15, 0.15, 0.15] },
    );
  ctx.add(
    ctx
      .cyl(0.35, 0.03, [0, 0, 0])
      .rotate([90, 0, 0])
      .translate([-L * 0.75, 1.05, 0.1]),
    'metal',
    { part: 'propeller', primary: false, colour: [0.15, 0.15, 0.15] },
  );
  for (const z of [-0.35, 0.35]) {
    ctx.add(ctx.capsule([-L * 0.25, 0.05, z], [L * 0.3, 0.05, z], 0.04), 'metal', {
      part: 'skid',
      primary: false,
      colour: GUNMETAL,
    });
    for (const x of [-L * 0.12, L * 0.15])
      ctx.add(ctx.capsule([x, 0.05, z], [x, 0.45, z * 0.6], 0.03), 'metal', {
        part: 'skid',
        primary: false,
        colour: GUNMETAL,
      });
  }
}

export function balloon(ctx: GenContext): void {
  const { s, rng } = ctx;
  const kind = ctx.interpretation.profile ?? 'hot air balloon';
  const colour: RGB = rng.pick([RED, [0.95, 0.7, 0.1], [0.2, 0.45, 0.8]] as RGB[]);
  if (kind === 'flying saucer') {
    ctx.add(ctx.ellipsoid([0.9, 0.16, 0.9], [0, 0.35, 0]), 'metal', { colour: [0.7, 0.72, 0.75] });
    ctx.add(ctx.sphere(0.38, [0, 0.42, 0]).trimByPlane([0, 1, 0], 0.42), 'glass', {
      part: 'dome',
      primary: false,
      colour: [0.5, 0.8, 0.7],
    });
    for (const a of around(3))
      ctx.add(
        ctx.capsule([Math.cos(a) * 0.4, 0.3, Math.sin(a) * 0.4], [Math.cos(a) * 0.55, 0.03, Math.sin(a) * 0.55], 0.03),
        'metal',
        { part: 'leg', primary: false },
      );
    return;
  }
  if (kind === 'airship') {
    ctx.add(ctx.ellipsoid([1.4 * s.long, 0.4, 0.4], [0, 0.9, 0]), 'fabric', { colour: [0.85, 0.85, 0.88] });
    ctx.add(ctx.roundBox([0.6, 0.18, 0.2], 0.05, [0.1, 0.42, 0]), 'metal', { part: 'gondola', primary: false, colour });
    for (const a of around(4, Math.PI / 4))
      ctx.add(
        ctx
          .prism(
            [
              [0, 0],
              [0.35, 0],
              [0.05, 0.3],
            ],
            0.03,
          )
          .rotate([(a * 180) / Math.PI, 0, 0])
          .translate([-1.2 * s.long, 0.9, 0]),
        'fabric',
        { part: 'fin', colour },
      );
    return;
  }
  const r = 0.5 * s.wide;
  ctx.add(
    ctx.lathe(
      [
        [0.12, 0.75],
        [0.32, 0.95],
        [r * 0.95, 1.3],
        [r, 1.55],
        [r * 0.8, 1.85],
        [r * 0.4, 2.0],
        [0.02, 2.05],
      ],
      [0, 0, 0],
    ),
    'fabric',
    { colour },
  );
  ctx.add(ctx.box([0.3, 0.25, 0.3], [0, 0.125, 0]), 'wood', {
    part: 'basket',
    primary: false,
    colour: [0.6, 0.42, 0.22],
  });
  for (const [x, z] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ])
    ctx.add(ctx.capsule([x * 0.13, 0.24, z * 0.13], [x * 0.12, 0.78, z * 0.12], 0.01), 'fabric', {
      part: 'rope',
      primary: false,
      colour: [0.4, 0.3, 0.2],
    });
}

/** Rows of the tractor and construction-machine families: a combine harvester, a mobile crane. */
export const MACHINE_ROWS: Record<string, Generator> = {
  ...partLists('machines'),
};
