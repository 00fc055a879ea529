/**
 * More landmarks and sacred buildings, each in the outline people know it by: a ring of trilithons
 * (Stonehenge), a torii gate, a sphinx, a triumphal arch, a colonnaded Greek temple, an opera house
 * of shell roofs, a mosque (dome and minarets), a colosseum. Profiles of the landmark family and, for
 * the temple and the mosque, of the church category (../../catalog-made.ts).
 */
import { around, type RGB, type Generator } from '../kit.ts';
import { GREY_STONE, MARBLE, SANDSTONE } from '../palette.ts';

export const MORE_LANDMARKS: Record<string, Generator> = {
  stonehenge: (ctx) => {
    const n = ctx.count('stone', 10, 5, 16);
    const R = 1.2;
    around(n).forEach((a, k) => {
      const at = (r: number, y: number) => [Math.cos(a) * r, y, Math.sin(a) * r] as [number, number, number];
      const fallen = k % 4 === 3;
      const upright = ctx.box([0.3, 0.9, 0.18], [0, 0.45, 0]).rotate([0, -(a * 180) / Math.PI + 90, 0]);
      ctx.add((fallen ? upright.rotate([0, 0, 80]).translate([0, -0.34, 0]) : upright).translate(at(R, 0)), 'stone', {
        colour: GREY_STONE,
      });
      // Lintels span each pair of standing stones.
      if (k % 2 === 0 && !fallen && (k + 1) % 4 !== 3) {
        const mid = a + Math.PI / n;
        ctx.add(
          ctx
            .box([R * 2 * Math.sin(Math.PI / n) + 0.3, 0.14, 0.18], [0, 0.97, 0])
            .rotate([0, -(mid * 180) / Math.PI + 90, 0])
            .translate([Math.cos(mid) * R * Math.cos(Math.PI / n), 0, Math.sin(mid) * R * Math.cos(Math.PI / n)]),
          'stone',
          { part: 'lintel', colour: GREY_STONE },
        );
      }
    });
    ctx.add(ctx.box([0.5, 0.1, 0.25], [0, 0.05, 0]), 'stone', { part: 'altar stone', colour: GREY_STONE });
  },
  torii: (ctx) => {
    const red: RGB = [0.85, 0.15, 0.08];
    for (const x of [-0.6, 0.6]) ctx.add(ctx.cyl(0.07, 1.5, [x, 0, 0], 0.06), 'wood', { part: 'pillar', colour: red });
    ctx.add(ctx.box([1.5, 0.09, 0.12], [0, 1.2, 0]), 'wood', { part: 'nuki', colour: red });
    ctx.add(
      ctx
        .box([1.9, 0.1, 0.2], [0, 1.5, 0])
        .add(ctx.box([0.4, 0.05, 0.2], [0.8, 1.57, 0]).rotate([0, 0, 6]))
        .add(ctx.box([0.4, 0.05, 0.2], [-0.8, 1.57, 0]).rotate([0, 0, -6])),
      'wood',
      { part: 'kasagi', colour: [0.12, 0.1, 0.1] },
    );
    ctx.add(ctx.box([0.08, 0.3, 0.08], [0, 1.35, 0]), 'wood', { part: 'plaque', colour: red });
    for (const x of [-0.6, 0.6])
      ctx.add(ctx.cyl(0.09, 0.12, [x, 0, 0]), 'stone', { part: 'base', primary: false, colour: [0.15, 0.15, 0.15] });
  },
  sphinx: (ctx) => {
    const stone = SANDSTONE;
    ctx.add(ctx.box([2.2, 0.2, 0.9], [0, 0.1, 0]), 'stone', { part: 'plinth', colour: [0.75, 0.66, 0.48] });
    ctx.add(
      ctx.hull([
        ctx.ellipsoid([0.55, 0.3, 0.35], [-0.35, 0.45, 0]),
        ctx.ellipsoid([0.35, 0.35, 0.32], [0.35, 0.55, 0]),
      ]),
      'stone',
      { colour: stone },
    );
    for (const z of [-0.2, 0.2])
      ctx.add(ctx.capsule([0.45, 0.28, z], [1.0, 0.26, z], 0.1), 'stone', { part: 'paw', colour: stone });
    ctx.add(ctx.box([0.32, 0.45, 0.4], [0.55, 0.95, 0]), 'stone', { part: 'headdress', colour: stone });
    ctx.add(ctx.ellipsoid([0.16, 0.2, 0.15], [0.62, 1.0, 0]), 'stone', { part: 'head', colour: stone });
    ctx.add(ctx.capsule([-0.85, 0.3, 0.3], [-0.35, 0.22, 0.38], 0.05), 'stone', { part: 'tail', colour: stone });
  },
  'triumphal arch': (ctx) => {
    const w = 1.6;
    let body = ctx.box([w, 1.6, 0.6], [0, 0.8, 0]);
    body = body
      .subtract(ctx.cyl(0.3, 1, [0, -0.5, 0]).rotate([90, 0, 0]).translate([0, 0.85, 0]))
      .subtract(ctx.box([0.6, 0.85, 1], [0, 0.42, 0]));
    body = body
      .subtract(ctx.cyl(0.15, 2, [0, -1, 0]).rotate([0, 0, 90]).translate([0, 0.6, 0]))
      .subtract(ctx.box([2, 0.6, 0.3], [0, 0.3, 0]));
    ctx.add(body, 'stone', { colour: MARBLE });
    ctx.add(ctx.box([w + 0.1, 0.08, 0.66], [0, 1.2, 0]).add(ctx.box([w + 0.08, 0.25, 0.64], [0, 1.72, 0])), 'stone', {
      part: 'cornice',
      colour: MARBLE,
    });
  },
  temple: (ctx) => {
    const cols = ctx.count('column', 6, 4, 10);
    const w = 1.8;
    const d = 1.2;
    for (let k = 0; k < 3; k++)
      ctx.add(ctx.box([w + 0.3 - k * 0.1, 0.08, d + 0.3 - k * 0.1], [0, 0.04 + k * 0.08, 0]), 'stone', {
        part: 'step',
        colour: MARBLE,
      });
    for (let k = 0; k < cols; k++)
      for (const z of [-d / 2, d / 2])
        ctx.add(ctx.cyl(0.07, 1.0, [-w / 2 + 0.1 + (k * (w - 0.2)) / (cols - 1), 0.24, z], 0.06), 'marble', {
          part: 'column',
          colour: MARBLE,
        });
    ctx.add(ctx.box([w + 0.1, 0.15, d + 0.2], [0, 1.31, 0]), 'marble', { part: 'entablature', colour: MARBLE });
    ctx.add(
      ctx.prism(
        [
          [-(w + 0.1) / 2, 0],
          [(w + 0.1) / 2, 0],
          [0, 0.3],
        ],
        d + 0.2,
        [0, 1.385, 0],
      ),
      'marble',
      { part: 'pediment', colour: MARBLE },
    );
    ctx.add(ctx.box([w * 0.6, 0.9, d * 0.6], [0, 0.69, 0]), 'marble', { part: 'cella', colour: [0.85, 0.82, 0.75] });
  },
  'opera house': (ctx) => {
    ctx.add(ctx.box([2.6, 0.25, 1.1], [0, 0.125, 0]), 'stone', { part: 'podium', colour: [0.75, 0.6, 0.45] });
    // Sail-like shells: quarter domes, tall and thin, opening toward +x, in two rows of falling size.
    for (const [x, r, z] of [
      [-0.75, 0.75, -0.22],
      [-0.1, 0.62, -0.22],
      [0.45, 0.48, -0.22],
      [-0.45, 0.5, 0.3],
      [0.15, 0.4, 0.3],
    ] as const) {
      const shell = ctx
        .sphere(r, [0, 0, 0])
        .subtract(ctx.sphere(r * 0.93, [0, 0, 0]))
        .trimByPlane([0, 1, 0], 0)
        .trimByPlane([-1, 0, 0], 0)
        .scale([1, 1.35, 0.45]);
      ctx.add(shell.translate([x + r * 0.5, 0.25, z]), 'ceramic', { part: 'shell', colour: [0.97, 0.96, 0.92] });
    }
  },
  mosque: (ctx) => {
    const sand: RGB = [0.93, 0.9, 0.82];
    // "with a blue dome and minarets": parts of the mosque, not objects beside it.
    for (const c of ctx.interpretation.companions)
      if (/\b(dome|minaret|tower|spire|arch)/.test(c.word)) ctx.carried.add(c.word);
    ctx.add(ctx.box([1.6, 0.7, 1.6], [0, 0.35, 0]), 'stone', { colour: sand });
    ctx.add(ctx.cyl(0.55, 0.25, [0, 0.7, 0]), 'stone', { part: 'drum', colour: sand });
    ctx.add(
      ctx
        .sphere(0.55, [0, 0.95, 0])
        .trimByPlane([0, 1, 0], 0.95)
        .add(ctx.cyl(0.02, 0.2, [0, 1.48, 0])),
      'ceramic',
      { part: 'dome', colour: [0.2, 0.45, 0.7] },
    );
    for (const a of around(4, Math.PI / 4)) {
      const at = [Math.cos(a) * 1.05, 0, Math.sin(a) * 1.05] as [number, number, number];
      ctx.add(
        ctx
          .cyl(0.08, 1.7, at, 0.07)
          .add(ctx.cyl(0.12, 0.06, [at[0], 1.3, at[2]]))
          .add(ctx.cyl(0.07, 0.25, [at[0], 1.7, at[2]], 0.005)),
        'stone',
        { part: 'minaret', colour: sand },
      );
    }
    ctx.add(
      ctx
        .box([0.4, 0.5, 0.1], [0, 0.25, 0.8])
        .subtract(ctx.cyl(0.14, 0.4, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 0.3, 0.65])),
      'stone',
      { part: 'portal', colour: [0.85, 0.8, 0.7] },
    );
  },
  colosseum: (ctx) => {
    const tiers = 3;
    let ring = ctx
      .cyl(1.2, 0.95)
      .subtract(ctx.cyl(0.85, 1.2, [0, -0.1, 0]))
      .scale([1.25, 1, 1]);
    for (let t = 0; t < tiers; t++)
      for (const a of around(18))
        ring = ring.subtract(
          ctx
            .box([0.14, 0.18, 0.8], [0, 0.16 + t * 0.3, 0])
            .rotate([0, 90 - (a * 180) / Math.PI, 0])
            .translate([Math.cos(a) * 1.05 * 1.25, 0, Math.sin(a) * 1.05]),
        );
    // The fallen outer wall: one side is a tier lower.
    ring = ring.subtract(ctx.box([3, 0.4, 1.6], [0, 0.95, 0.9]).rotate([0, 20, 0]));
    ctx.add(ring, 'stone', { colour: [0.8, 0.7, 0.55] });
    ctx.add(ctx.cyl(0.88, 0.05).scale([1.25, 1, 1]), 'stone', {
      part: 'arena',
      primary: false,
      colour: [0.85, 0.75, 0.55],
    });
  },
  'taj mahal': (ctx) => {
    const white: RGB = [0.96, 0.95, 0.92];
    ctx.add(ctx.box([2.6, 0.15, 2.6], [0, 0.075, 0]), 'marble', { part: 'plinth', colour: white });
    ctx.add(ctx.box([1.3, 0.8, 1.3], [0, 0.55, 0]).subtract(ctx.box([0.4, 0.55, 1.5], [0, 0.42, 0])), 'marble', {
      colour: white,
    });
    ctx.add(
      ctx
        .cyl(0.4, 0.25, [0, 0.95, 0])
        .add(ctx.sphere(0.45, [0, 1.25, 0]).scale([1, 1.25, 1]).translate([0, -0.3, 0]).trimByPlane([0, 1, 0], 1.1)),
      'marble',
      { part: 'dome', colour: white },
    );
    ctx.add(ctx.cyl(0.02, 0.25, [0, 1.65, 0], 0.005), 'gold', { part: 'finial', primary: false });
    for (const [x, z] of [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ] as const) {
      ctx.add(ctx.cyl(0.07, 1.5, [x * 1.15, 0.15, z * 1.15], 0.06), 'marble', { part: 'minaret', colour: white });
      ctx.add(ctx.sphere(0.09, [x * 1.15, 1.66, z * 1.15]).trimByPlane([0, 1, 0], 1.64), 'marble', {
        part: 'minaret',
        colour: white,
      });
      ctx.add(
        ctx
          .cyl(0.16, 0.2, [x * 0.5, 0.95, z * 0.5])
          .add(ctx.sphere(0.16, [x * 0.5, 1.15, z * 0.5]).trimByPlane([0, 1, 0], 1.15)),
        'marble',
        { part: 'chhatri', colour: white },
      );
    }
  },
  'great wall': (ctx) => {
    const L = 3 * ctx.s.long;
    ctx.add(ctx.box([L, 0.5, 0.4], [0, 0.25, 0]), 'stone', { colour: [0.62, 0.58, 0.5] });
    for (let k = 0; k < 12; k++)
      for (const z of [-0.18, 0.18])
        ctx.add(ctx.box([0.1, 0.1, 0.04], [-L / 2 + 0.12 + (k * (L - 0.24)) / 11, 0.55, z]), 'stone', {
          part: 'crenel',
          colour: [0.62, 0.58, 0.5],
        });
    ctx.add(
      ctx.box([0.6, 0.9, 0.6], [L * 0.25, 0.45, 0]).subtract(ctx.box([0.2, 0.3, 1], [L * 0.25, 0.6, 0])),
      'stone',
      { part: 'watchtower', colour: [0.6, 0.55, 0.48] },
    );
  },
  'statue of liberty': (ctx) => {
    const green: RGB = [0.45, 0.7, 0.6];
    ctx.add(ctx.box([0.8, 0.7, 0.8], [0, 0.35, 0]).add(ctx.box([0.6, 0.5, 0.6], [0, 0.95, 0])), 'stone', {
      part: 'pedestal',
      colour: [0.75, 0.7, 0.62],
    });
    ctx.add(ctx.cyl(0.2, 1.1, [0, 1.2, 0], 0.13), 'copper', { part: 'robe', colour: green });
    ctx.add(ctx.sphere(0.1, [0, 2.4, 0]), 'copper', { part: 'head', colour: green });
    for (const a of around(7))
      ctx.add(
        ctx
          .cyl(0.015, 0.12, [0, 0, 0], 0.002)
          .rotate([0, 0, -70])
          .rotate([0, (a * 180) / Math.PI, 0])
          .translate([0, 2.47, 0]),
        'copper',
        { part: 'crown', colour: green },
      );
    ctx.add(ctx.capsule([0.12, 2.2, 0], [0.2, 2.75, 0], 0.04), 'copper', { part: 'arm', colour: green });
    ctx.add(ctx.cyl(0.05, 0.12, [0.2, 2.75, 0], 0.07).add(ctx.sphere(0.06, [0.2, 2.92, 0])), 'gold', {
      part: 'torch',
      primary: false,
    });
    ctx.add(ctx.box([0.14, 0.2, 0.04], [-0.15, 2.05, 0.1]), 'copper', { part: 'tablet', colour: green });
  },
  'christ the redeemer': (ctx) => {
    const stone: RGB = [0.9, 0.88, 0.82];
    ctx.add(ctx.box([0.5, 0.6, 0.5], [0, 0.3, 0]), 'stone', { part: 'pedestal', colour: stone });
    ctx.add(ctx.cyl(0.18, 1.3, [0, 0.6, 0], 0.14), 'stone', { part: 'robe', colour: stone });
    ctx.add(ctx.box([1.6, 0.14, 0.14], [0, 1.75, 0]), 'stone', { part: 'arms', colour: stone });
    ctx.add(ctx.sphere(0.11, [0, 2.0, 0]), 'stone', { part: 'head', colour: stone });
  },
  moai: (ctx) => {
    const rock: RGB = [0.45, 0.42, 0.4];
    const n = ctx.count('head', 1, 1, 7);
    for (let k = 0; k < n; k++) {
      const x = (k - (n - 1) / 2) * 0.75;
      ctx.add(ctx.roundBox([0.5, 1.4, 0.45], 0.08, [x, 0.7, 0]), 'stone', { colour: rock });
      ctx.add(ctx.box([0.55, 0.12, 0.5], [x, 1.05, 0.05]), 'stone', { part: 'brow', colour: rock });
      ctx.add(
        ctx
          .prism(
            [
              [-0.07, 0],
              [0.07, 0],
              [0, 0.35],
            ],
            0.18,
            [0, 0, 0],
          )
          .rotate([180, 0, 0])
          .translate([x, 1.0, 0.24]),
        'stone',
        { part: 'nose', colour: rock },
      );
      ctx.add(ctx.box([0.3, 0.1, 0.3], [x, 0.45, 0.17]), 'stone', { part: 'chin', colour: rock });
    }
  },
  'leaning tower of pisa': (ctx) => {
    const white: RGB = [0.95, 0.93, 0.88];
    const tiers = 7;
    let tower = ctx.cyl(0.35, 0.3, [0, 0, 0]);
    for (let k = 1; k < tiers; k++)
      tower = tower
        .add(ctx.cyl(0.33, 0.28, [0, 0.3 + (k - 1) * 0.28, 0]))
        .add(ctx.torus(0.36, 0.025, [0, 0.3 + k * 0.28 - 0.02, 0], 'y'));
    tower = tower.add(ctx.cyl(0.24, 0.25, [0, 0.3 + (tiers - 1) * 0.28, 0]));
    ctx.add(tower.rotate([0, 0, -5]).translate([0, 0.03, 0]), 'marble', { colour: white });
    ctx.add(ctx.cyl(0.45, 0.04), 'stone', { part: 'base', primary: false, colour: [0.6, 0.6, 0.55] });
  },
  'big ben': (ctx) => {
    const sand: RGB = [0.82, 0.72, 0.5];
    ctx.add(ctx.box([0.5, 2.2, 0.5], [0, 1.1, 0]), 'stone', { colour: sand });
    ctx.add(ctx.box([0.6, 0.6, 0.6], [0, 2.5, 0]), 'stone', { part: 'belfry', colour: sand });
    for (const [x, z, r] of [
      [0, 0.31, 0],
      [0, -0.31, 180],
      [0.31, 0, 90],
      [-0.31, 0, 270],
    ] as const)
      ctx.add(ctx.cyl(0.22, 0.02, [0, 0, 0]).rotate([90, 0, 0]).rotate([0, r, 0]).translate([x, 2.5, z]), 'ceramic', {
        part: 'clock face',
        primary: false,
        colour: [0.96, 0.94, 0.85],
      });
    ctx.add(ctx.cyl(0.42, 0.8, [0, 2.8, 0], 0.02, 4).rotate([0, 45, 0]), 'metal', {
      part: 'spire',
      colour: [0.25, 0.3, 0.3],
    });
  },
};

/** The church category's new profiles: buildings of worship other than a church. */
export const MORE_WORSHIP: Record<string, Generator> = { mosque: MORE_LANDMARKS.mosque, temple: MORE_LANDMARKS.temple };
