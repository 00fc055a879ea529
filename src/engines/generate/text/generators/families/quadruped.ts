/**
 * The quadruped rig (torso, neck, head, legs, tail, ears) driven by its rows (../bodies.json, schema ./species.ts):
 * one generator for dogs, cats, horses, bears, camels, hedgehogs and every mammal WordNet places here.
 */
import type { Manifold, Vec3 } from 'manifold-3d';
import type { GenContext } from '../kit.ts';
import { SPECIES, type Species } from './species.ts';
import { DRAWN_TRAITS, baseRowOf, classTraits, readAnimal, type AnimalTraits } from '../../animal-reading.ts';
import { categoryById } from '../../catalog.ts';
import { JointList, along } from '../joints.ts';

/**
 * The row the rig draws: the profile's own, else — for an animal made from its own definition
 * (../../animal-reading.ts) — the row it is a kind of, changed by what the definition says.
 */
export function speciesFor(ctx: GenContext, key: string): Species {
  const profile = ctx.interpretation.profile ?? '';
  const fallback = SPECIES[profile] ?? SPECIES[key] ?? SPECIES.quadruped;
  if (SPECIES[profile] || !profile) {
    // A noun drawn with a row that is not its own ("a moose" on the deer's row, "a gazelle" reached through
    // "antelope") keeps the row, changed by what its definition, or its class's, says (antlers, horns, spots).
    const word = ctx.interpretation.word;
    const drawn = DRAWN_TRAITS[ctx.interpretation.category];
    if (!word || word === profile || !drawn) return fallback;
    const own = readAnimal(word, drawn);
    const ofClass = classTraits(word, drawn);
    // The noun's own words win over its class's ("a gazelle": small, with the antelope's horns).
    const traits = own || ofClass ? { ...ofClass, ...own, words: [], keys: [] } : undefined;
    return traits ? withTraits(fallback, traits) : fallback;
  }
  const traits = readAnimal(profile, DRAWN_TRAITS[ctx.interpretation.category]);
  if (!traits) return fallback;
  const rows = categoryById(ctx.interpretation.category)?.profiles ?? {};
  return withTraits(SPECIES[baseRowOf(profile, rows) ?? ''] ?? SPECIES[key] ?? SPECIES.quadruped, traits);
}

function withTraits(base: Species, t: AnimalTraits): Species {
  const k = t.size ?? 1;
  const g = t.girth ?? 1;
  return {
    ...base,
    body: [base.body[0] * k * (t.length ?? 1), base.body[1] * k * g, base.body[2] * k * g],
    leg: base.leg * k * (t.legs ?? 1),
    legR: base.legR * k * g,
    neck: base.neck * k * (t.neck ?? 1),
    head: base.head * k,
    snout: base.snout * k * (t.snout ?? 1),
    tail: base.tail * k * (t.tail ?? 1),
    ear: t.ears ?? base.ear,
    colour: t.colour ?? base.colour,
    // A definition naming horns means no antlers (an antelope on the deer's row), and the other way round.
    horns: t.antlers ? false : base.horns || t.horns,
    antlers: t.horns ? false : base.antlers || t.antlers,
    tusks: base.tusks || t.tusks,
    mane: base.mane || t.mane,
    hump: base.hump || t.hump,
    pattern: t.pattern ?? base.pattern,
    patternColour: t.pattern ? t.patternColour : base.patternColour,
    tufts: t.tufts,
    hornScale: t.hornSize,
    wings: base.wings || t.wings,
  };
}

/**
 * What the prompt itself says of the body ("with huge ears", "with a long tail", "tufted ears",
 * "a flat face", "a spotted fawn"): the row changed as its definition would change it.
 */
function withPromptTraits(ctx: GenContext, sp: Species): Species {
  const sizes = (part: string) => ctx.partSpec(part)?.sizes ?? [];
  const has = (part: string, ...w: string[]) => sizes(part).some((s) => w.includes(s));
  const prompt = ctx.interpretation.prompt.toLowerCase();
  const out = { ...sp };
  if (has('ear', 'big')) out.ear = 'big';
  else if (has('ear', 'long')) out.ear = 'long';
  else if (has('ear', 'tiny')) out.ear = 'round';
  if (/\b(droopy|floppy)\b[\w\s-]{0,12}ears?\b/.test(prompt)) out.ear = 'floppy';
  if (/\b(pointy|pointed)\b[\w\s-]{0,12}ears?\b/.test(prompt)) out.ear = 'pointy';
  if (/\btufted\b[\w\s-]{0,12}ears?\b|\bear tufts\b/.test(prompt)) {
    out.ear = 'pointy';
    out.tufts = true;
  }
  if (has('tail', 'long')) out.tail = sp.tail * 1.8;
  else if (has('tail', 'short', 'tiny')) out.tail = sp.tail * 0.3;
  if (has('leg', 'long', 'tall')) out.leg = sp.leg * 1.5;
  else if (has('leg', 'short', 'tiny')) out.leg = sp.leg * 0.6;
  if (/\bflat[\s-](faced?|nosed?|snout)\b|\bsquashed face\b/.test(prompt)) out.snout = sp.snout * 0.15;
  if (!sp.pattern && /\b(spotted|spotty|dappled)\b/.test(prompt)) out.pattern = 'spots';
  else if (!sp.pattern && /\b(striped|stripy|stripey)\b(?![\w\s-]{0,12}\btail)/.test(prompt)) out.pattern = 'stripes';
  return out;
}

/** Spots or stripes on the torso: small discs set into its upper surface, or thin bands around it. */
function coatPattern(ctx: GenContext, sp: Species, bx: number, by: number, bz: number, y: number): void {
  if (!sp.pattern || sp.upright) return;
  const colour = sp.patternColour ?? (sp.colour.map((c) => c * 0.35) as Species['colour']);
  if (sp.pattern === 'stripes') {
    for (let k = 0; k < 6; k++) {
      const x = -bx * 0.7 + (bx * 1.4 * k) / 5;
      const f = Math.sqrt(1 - (x / bx) ** 2);
      ctx.add(ctx.ellipsoid([bx * 0.035, by * f * 1.04, bz * f * 1.04], [x, y, 0]), sp.material, {
        part: 'stripe',
        primary: false,
        colour,
      });
    }
    return;
  }
  for (let k = 0; k < 10; k++) {
    const x = bx * ctx.rng.range(-0.75, 0.75);
    const a = ctx.rng.range(-1.2, 1.2);
    const f = Math.sqrt(1 - (x / bx) ** 2);
    ctx.add(
      ctx.ellipsoid(
        [by * 0.16, by * 0.16, by * 0.16],
        [x, y + by * f * Math.cos(a) * 0.97, bz * f * Math.sin(a) * 0.97],
      ),
      sp.material,
      { part: 'spot', primary: false, colour },
    );
  }
}

interface Frame {
  bx: number;
  by: number;
  bz: number;
  y: number;
  headR: number;
  neckTop: Vec3;
}

/** Mane, hump, spines, antlers and tusks: the features that tell similar bodies apart. */
function extras(ctx: GenContext, sp: Species, f: Frame): void {
  const { bx, by, bz, y, headR, neckTop } = f;
  const fur = (m: Manifold, part: string) => ctx.add(m, sp.material, { part, colour: sp.colour });
  if (sp.mane)
    fur(
      ctx.capsule(
        [bx * 0.75, y + by * 0.75, 0],
        [neckTop[0] - headR * 0.2, neckTop[1] + headR * 0.2, 0],
        Math.min(by, bz) * 0.45,
        headR * 0.9,
      ),
      'mane',
    );
  if (sp.hump) fur(ctx.ellipsoid([bx * 0.35, by * 0.55, bz * 0.6], [0, y + by * 0.85, 0]), 'hump');
  if (sp.spines)
    for (let k = 0; k < 9; k++) {
      const a = -0.7 + (k / 8) * 1.4;
      ctx.add(
        ctx
          .cyl(by * 0.1, by * 0.45, [0, 0, 0], 0.002, 6)
          .rotate([0, 0, -a * 50])
          .translate([Math.sin(a) * bx * 0.8, y + Math.cos(a) * by * 0.85, 0]),
        'bone',
        { part: 'spike', primary: false, colour: [0.35, 0.28, 0.2] },
      );
    }
  for (const side of [-1, 1]) {
    if (sp.antlers) {
      const base: Vec3 = [neckTop[0] - headR * 0.1, neckTop[1] + headR * 0.8, side * headR * 0.4];
      const tip: Vec3 = [base[0] - headR * 0.6, base[1] + headR * 2.2, side * headR * 1.6];
      ctx.add(
        ctx.union([
          ctx.capsule(base, tip, headR * 0.1, headR * 0.06),
          ctx.capsule(
            [(base[0] + tip[0]) / 2, (base[1] + tip[1]) / 2, (base[2] + tip[2]) / 2],
            [base[0] + headR * 0.5, base[1] + headR * 1.7, side * headR],
            headR * 0.07,
            headR * 0.04,
          ),
        ]),
        'bone',
        { part: 'horn', primary: false, colour: [0.55, 0.45, 0.32] },
      );
    }
    if (sp.tusks)
      ctx.add(
        ctx.capsule(
          [neckTop[0] + headR * 0.7, neckTop[1] - headR * 0.5, side * headR * 0.35],
          [neckTop[0] + headR * 1.4, neckTop[1] - headR * 0.8, side * headR * 0.45],
          headR * 0.08,
          headR * 0.03,
        ),
        'bone',
        { part: 'tusk', primary: false, colour: [0.95, 0.92, 0.85] },
      );
  }
}

export function quadruped(ctx: GenContext, key: string): void {
  const { s, rng } = ctx;
  const sp = withPromptTraits(ctx, speciesFor(ctx, key));
  const j = () => rng.range(0.88, 1.12);
  const cartoon = s.cartoon ? 1.35 : 1;
  const [bx, by, bz] = [sp.body[0] * s.long * j(), sp.body[1] * s.wide * j(), sp.body[2] * s.wide * j()];
  const legL = (sp.leg * s.tall * j()) / (s.cartoon ? 1.3 : 1);
  const y = legL + by * 0.6;
  const mat = sp.material;
  const add = (m: Manifold, part?: string) => ctx.add(m, mat, { part, colour: sp.colour, primary: true });
  const tilt = sp.upright ? 35 : 0;
  add(ctx.ellipsoid([bx, by, bz], [0, 0, 0]).rotate([0, 0, tilt]).translate([0, y, 0]));
  // The joints, as the parts are placed: the body faces +X, so its left side is -Z.
  const joints = new JointList('quadruped', 'quadruped plan');
  const alongTorso = (f: number): Vec3 => {
    const a = (tilt * Math.PI) / 180;
    return [f * bx * Math.cos(a), y + f * bx * Math.sin(a), 0];
  };
  joints.add('hips', null, alongTorso(-0.6)).add('spine', 'hips', alongTorso(0)).add('chest', 'spine', alongTorso(0.6));
  const neckBase: Vec3 = [bx * 0.7, y + by * 0.2, 0];
  const neckTop: Vec3 = [bx * 0.95 + sp.neck * 0.5, y + by * 0.4 + sp.neck, 0];
  joints.add('neck', 'chest', neckBase).add('head', 'neck', neckTop);
  const legCount = ctx.count('leg', 4, 2, 8);
  const pairs = Math.ceil(legCount / 2);
  for (let p = 0; p < pairs; p++)
    for (const side of [-1, 1]) {
      if (p * 2 + (side > 0 ? 1 : 0) >= legCount) continue;
      const x = pairs === 1 ? 0 : -bx * 0.65 + (bx * 1.3 * p) / (pairs - 1);
      const z = side * bz * 0.55;
      const hip: Vec3 = [x, y - by * 0.3, z];
      const foot: Vec3 = [x + rng.range(-0.02, 0.02), sp.legR, z];
      add(ctx.capsule(hip, foot, sp.legR * 1.1 * s.thick, sp.legR * s.thick), 'leg');
      if (pairs > 1)
        legJoints(joints, side < 0 ? 'left' : 'right', legPlace(p, pairs), hip, along(hip, foot, 0.5), foot);
    }
  const headR = sp.head * cartoon * j();
  add(ctx.capsule(neckBase, neckTop, Math.min(by, bz) * 0.55, headR * 0.7), 'neck');
  add(ctx.sphere(headR, neckTop), 'head');
  if (sp.snout > 0.02)
    add(
      ctx.capsule(
        neckTop,
        [neckTop[0] + sp.snout + headR * 0.5, neckTop[1] - headR * 0.35, 0],
        headR * 0.55,
        headR * 0.42,
      ),
      'head',
    );
  if (sp.trunk)
    add(
      ctx.union([
        ctx.capsule(neckTop, [neckTop[0] + headR * 0.9, neckTop[1] - headR * 0.8, 0], headR * 0.35, headR * 0.25),
        ctx.capsule(
          [neckTop[0] + headR * 0.9, neckTop[1] - headR * 0.8, 0],
          [neckTop[0] + headR, sp.legR * 3, 0],
          headR * 0.25,
          headR * 0.18,
        ),
      ]),
      'trunk',
    );
  for (const side of [-1, 1]) {
    const base: Vec3 = [neckTop[0] - headR * 0.2, neckTop[1] + headR * 0.6, side * headR * 0.55];
    if (sp.ear === 'pointy') add(ctx.cyl(headR * 0.35, headR * 0.7, [0, 0, 0], 0.002, 8).translate(base), 'ear');
    if (sp.ear === 'pointy' && sp.tufts)
      ctx.add(ctx.cyl(headR * 0.05, headR * 0.35, [base[0], base[1] + headR * 0.6, base[2]], 0.001, 6), sp.material, {
        part: 'tuft',
        primary: false,
        colour: [0.1, 0.1, 0.1],
      });
    else if (sp.ear === 'floppy')
      add(
        ctx.ellipsoid([headR * 0.25, headR * 0.5, headR * 0.1], [base[0], base[1] - headR * 0.6, side * headR * 1.0]),
        'ear',
      );
    else if (sp.ear === 'round')
      add(
        ctx.ellipsoid([headR * 0.2, headR * 0.35, headR * 0.35], [base[0], base[1] - headR * 0.3, side * headR * 1.1]),
        'ear',
      );
    else if (sp.ear === 'big')
      add(
        ctx.ellipsoid(
          [headR * 0.1, headR * 0.9, headR * 0.8],
          [base[0] - headR * 0.3, base[1] - headR * 0.5, side * headR * 1.2],
        ),
        'ear',
      );
    else if (sp.ear === 'long')
      add(
        ctx.ellipsoid([headR * 0.2, headR * 1.1, headR * 0.12], [base[0], base[1] + headR * 0.8, side * headR * 0.4]),
        'ear',
      );
    const h = sp.hornScale ?? 1;
    if (sp.horns || ctx.partSpec('horn'))
      ctx.add(
        ctx.capsule(
          [base[0], base[1], side * headR * 0.5],
          [base[0] + headR * 0.2 * h, base[1] + headR * 0.6 * h, side * headR * (0.5 + 0.6 * h)],
          headR * 0.12,
          headR * 0.04,
        ),
        'bone',
        { part: 'horn', primary: false },
      );
    ctx.add(
      ctx.sphere(headR * (s.cartoon ? 0.22 : 0.13), [
        neckTop[0] + headR * 0.75,
        neckTop[1] + headR * 0.25,
        side * headR * 0.45,
      ]),
      'glass',
      { part: 'eye', primary: false, colour: [0.05, 0.05, 0.05] },
    );
  }
  extras(ctx, sp, { bx, by, bz, y, headR, neckTop });
  coatPattern(ctx, sp, bx, by, bz, y);
  // Membranous wings spread from the shoulders, a thin fan on each side.
  if (sp.wings)
    for (const side of [-1, 1]) {
      const span = bx * 2.4;
      ctx.add(
        ctx
          .prism(
            [
              [bx * 0.5, 0],
              [-bx * 0.6, 0],
              [-bx * 0.4, span * 0.55],
              [bx * 0.1, span],
              [bx * 0.6, span * 0.7],
            ],
            by * 0.06,
          )
          .rotate([-side * 75, 0, 0])
          .translate([0, y + by * 0.5, side * bz * 0.4]),
        'leather',
        { part: 'wing', primary: false, colour: sp.colour.map((c) => c * 0.7) as Species['colour'] },
      );
    }
  if (sp === SPECIES.unicorn || ctx.interpretation.word === 'unicorn')
    ctx.add(
      ctx
        .cyl(headR * 0.15, headR * 1.5, [0, 0, 0], 0.002)
        .rotate([0, 0, -30])
        .translate([neckTop[0] + headR * 0.3, neckTop[1] + headR * 0.7, 0]),
      'gold',
      { part: 'horn', primary: false },
    );
  const tails = ctx.count('tail', 1, 0, 3);
  for (let k = 0; k < tails && sp.tail > 0.01; k++) {
    const root: Vec3 = [-bx * 0.95, y + by * 0.3, (k - (tails - 1) / 2) * 0.05];
    const tip: Vec3 = [-bx - sp.tail * 0.8, y + by * 0.3 + sp.tail * rng.range(-0.3, 0.6), (k - (tails - 1) / 2) * 0.1];
    add(ctx.capsule(root, tip, sp.legR * 0.6, sp.legR * 0.3), 'tail');
    // Rings: short sleeves a little thicker than the tail where they sit.
    for (let ring = 1; sp.tailRings && ring <= 4; ring++) {
      const f = ring / 5;
      const r = sp.legR * (0.6 - 0.3 * f) * 1.12;
      ctx.add(ctx.capsule(along(root, tip, f - 0.04), along(root, tip, f + 0.04), r, r), sp.material, {
        part: 'stripe',
        primary: false,
        colour: sp.tailRings,
      });
    }
    // One tail is rigged (the middle one of several); the others follow the hips.
    if (k === Math.floor((tails - 1) / 2))
      joints.add('tail1', 'hips', root).add('tail2', 'tail1', along(root, tip, 0.5));
  }
  if (sp.wings)
    for (const side of [-1, 1])
      joints.add(side < 0 ? 'leftWing' : 'rightWing', 'chest', [0, y + by * 0.5, side * bz * 0.4]);
  ctx.skeleton = joints.finish();
}

/** `Front` and `Back` for the end pairs (pair 0 is the back one), `Middle`, `Middle2` … between them. */
export function legPlace(pair: number, pairs: number): string {
  if (pair === 0) return 'Back';
  if (pair === pairs - 1) return 'Front';
  return pair === 1 ? 'Middle' : `Middle${pair}`;
}

const LEG_PARENT: Record<string, string> = { Back: 'hips', Front: 'chest' };

/** A leg's upper joint at the hip, lower at the knee, foot at the ground; front legs hang from the chest. */
export function legJoints(
  joints: JointList,
  side: 'left' | 'right',
  place: string,
  hip: Vec3,
  knee: Vec3,
  foot: Vec3,
): void {
  const upper = `${side}${place}UpperLeg`;
  const lower = `${side}${place}LowerLeg`;
  joints
    .add(upper, LEG_PARENT[place] ?? 'spine', hip)
    .add(lower, upper, knee)
    .add(`${side}${place}Foot`, lower, foot);
}

/** hips → spine → chest → neck → head along the points given, the body plans' shared trunk. */
export function trunkJoints(rig: JointList, hips: Vec3, spine: Vec3, chest: Vec3, neck: Vec3, head: Vec3): JointList {
  return rig
    .add('hips', null, hips)
    .add('spine', 'hips', spine)
    .add('chest', 'spine', chest)
    .add('neck', 'chest', neck)
    .add('head', 'neck', head);
}
