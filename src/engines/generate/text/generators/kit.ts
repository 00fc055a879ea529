/**
 * The toolkit every generator builds with: seeded randomness, the shape parameters read from the
 * prompt, closed primitives (boxes, rounded boxes, cylinders, lathes, capsules, tori, prisms) in
 * +Y-up object space, and `add`, which records each part with its material role.
 */
import type { Manifold, ManifoldToplevel, Vec2, Vec3 } from 'manifold-3d';
import type { Interpretation, MaterialKind, PartSpec } from '../understand/index.ts';
import type { BodySkeleton } from '../../../../geometry/skeleton.ts';
import { keep } from './arena.ts';

export type RGB = [number, number, number];

export interface Rng {
  next(): number;
  range(a: number, b: number): number;
  int(a: number, b: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (a, b) => a + (b - a) * next(),
    int: (a, b) => Math.floor(a + (b - a + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

export function hashString(text: string, seed = 0): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** Proportions and style read from the prompt (1 = neutral). */
export interface ShapeParams {
  tall: number;
  wide: number;
  long: number;
  /** Thickness of members (legs, rims, handles). */
  thick: number;
  /** 0 = boxy, 1 = rounded. */
  round: number;
  segments: number;
  lowPoly: boolean;
  cartoon: boolean;
  ornate: boolean;
  simple: boolean;
  weathered: boolean;
  futuristic: boolean;
  /** Creative mode exaggeration (1 faithful, > 1 bolder). */
  bold: number;
}

/** `coarse`: the coarsest curves whatever the style, for a form that stayed over its budget. */
export function shapeParams(
  i: Interpretation,
  creative: boolean,
  rng: Rng,
  fast = false,
  maxFaces = Infinity,
  coarse = false,
): ShapeParams {
  const has = (w: string) => i.sizes.includes(w as never);
  const styles = new Set(i.styles);
  const bold = creative ? 1.35 : 1;
  const jitter = () => rng.range(0.92, 1.08);
  const p: ShapeParams = {
    tall: (has('tall') ? 1.4 : has('short') || has('flat') ? 0.65 : 1) * jitter(),
    wide: (has('wide') || has('big') ? 1.3 : has('narrow') ? 0.72 : 1) * jitter(),
    long: (has('long') ? 1.45 : 1) * jitter(),
    thick: has('thin') ? 0.6 : has('thick') || has('wide') ? 1.45 : has('narrow') ? 0.8 : 1,
    round: has('round') ? 1 : has('square') ? 0 : 0.5,
    // Fast mode tessellates curves more coarsely: fewer triangles to union, unwrap and bake.
    // Small budgets get coarser curves too, so little has to be collapsed afterwards.
    segments: styles.has('low-poly') || coarse ? 7 : maxFaces <= 4000 ? 12 : fast || maxFaces <= 30000 ? 24 : 40,
    lowPoly: styles.has('low-poly'),
    cartoon: styles.has('cartoon') || creative,
    ornate: styles.has('ornate'),
    simple: styles.has('simple'),
    weathered: styles.has('weathered'),
    futuristic: styles.has('futuristic'),
    bold,
  };
  if (has('tiny')) p.thick *= 1.15; // small things read chunkier
  if (creative) {
    // Exaggerate whichever proportion the prompt (or the seed) already leans towards.
    p.tall = Math.pow(p.tall, 1.8) * (p.tall >= 1 ? 1.1 : 0.95);
    p.wide = Math.pow(p.wide, 1.8);
    p.thick *= 1.2;
  }
  return p;
}

export interface PartRecord {
  manifold: Manifold;
  material: MaterialKind;
  /** Part name as the prompt would say it (leg, seat, handle …), for per-part overrides. */
  part?: string;
  /** Primary parts take the prompt's overall colour and material. */
  primary: boolean;
  colour?: RGB;
}

export interface GenContext {
  M: ManifoldToplevel;
  rng: Rng;
  s: ShapeParams;
  interpretation: Interpretation;
  parts: PartRecord[];
  /** Words of companions the generator built itself as parts (a dish's plate, its strawberries): not built again. */
  carried: Set<string>;
  /** The body plan's joints in the generator's frame, set by plans with legs (see ./joints.ts). */
  skeleton?: BodySkeleton;
  /** The prompt's count for a part, else `fallback` (clamped to [min, max]). */
  count(part: string, fallback: number, min?: number, max?: number): number;
  partSpec(part: string): PartSpec | undefined;
  add(m: Manifold, material: MaterialKind, options?: { part?: string; primary?: boolean; colour?: RGB }): void;
  box(size: Vec3, at?: Vec3): Manifold;
  roundBox(size: Vec3, radius: number, at?: Vec3): Manifold;
  /** Vertical cylinder / cone frustum from `base` up by `h`. */
  cyl(r: number, h: number, base?: Vec3, rTop?: number, segments?: number): Manifold;
  sphere(r: number, at?: Vec3, segments?: number): Manifold;
  ellipsoid(radii: Vec3, at?: Vec3): Manifold;
  /** A rounded rod between two points, radius ra at a, rb at b. */
  capsule(a: Vec3, b: Vec3, ra: number, rb?: number): Manifold;
  /** Torus around `axis` through `at`. */
  torus(R: number, r: number, at?: Vec3, axis?: 'x' | 'y' | 'z'): Manifold;
  /** Solid of revolution about +Y from (radius, y) points listed bottom to top. */
  lathe(profile: Vec2[], at?: Vec3, segments?: number): Manifold;
  /** A polygon in the XY plane extruded `depth` along Z, centred on z = at.z. */
  prism(polygon: Vec2[], depth: number, at?: Vec3): Manifold;
  hull(items: (Manifold | Vec3)[]): Manifold;
  union(items: Manifold[]): Manifold;
}

export function createContext(
  M: ManifoldToplevel,
  rng: Rng,
  s: ShapeParams,
  interpretation: Interpretation,
  salt = 0,
): GenContext {
  const seg = (n?: number) => n ?? s.segments;
  const parts: PartRecord[] = [];
  const ctx: GenContext = {
    M,
    rng,
    s,
    interpretation,
    parts,
    carried: new Set(),
    count(part, fallback, min = 1, max = 24) {
      const n = interpretation.parts.find((p) => p.name === part)?.count ?? fallback;
      return Math.max(min, Math.min(max, Math.round(n)));
    },
    partSpec: (part) => interpretation.parts.find((p) => p.name === part),
    add(m, material, options = {}) {
      if (m.isEmpty()) return;
      // Parts often meet exactly (a leg on a seat, a band flush with a box): coplanar contact can leave
      // shells touching along an edge. A deterministic shift of 1e-4 of the part's size turns every
      // such contact into a clean overlap or a hair's gap, without a visible change.
      const box = m.boundingBox();
      const extent = Math.max(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]);
      const k = parts.length + 1 + salt * 101;
      const shift = (n: number) => (((Math.sin(k * 12.9898 + n * 78.233) * 43758.5453) % 1) - 0.5) * 2e-4 * extent;
      m = m.translate([shift(1), shift(2), shift(3)]);
      parts.push({
        manifold: m,
        material,
        part: options.part,
        primary: options.primary ?? true,
        colour: options.colour,
      });
    },
    box: (size, at = [0, 0, 0]) => M.Manifold.cube(size, true).translate(at),
    roundBox(size, radius, at = [0, 0, 0]) {
      const r = Math.max(1e-4, Math.min(radius, size[0] / 2 - 1e-4, size[1] / 2 - 1e-4, size[2] / 2 - 1e-4));
      if (r <= 1e-3 || s.lowPoly) return ctx.box(size, at);
      const pts: Manifold[] = [];
      for (const x of [-1, 1])
        for (const y of [-1, 1])
          for (const z of [-1, 1])
            pts.push(
              M.Manifold.sphere(r, 12).translate([
                at[0] + x * (size[0] / 2 - r),
                at[1] + y * (size[1] / 2 - r),
                at[2] + z * (size[2] / 2 - r),
              ]),
            );
      return M.Manifold.hull(pts);
    },
    cyl: (r, h, base = [0, 0, 0], rTop = r, segments) =>
      M.Manifold.cylinder(h, r, rTop, seg(segments)).rotate([-90, 0, 0]).translate(base),
    sphere: (r, at = [0, 0, 0], segments) => M.Manifold.sphere(r, seg(segments)).translate(at),
    ellipsoid: (radii, at = [0, 0, 0]) => M.Manifold.sphere(1, seg()).scale(radii).translate(at),
    capsule(a, b, ra, rb = ra) {
      const n = Math.max(8, Math.round(seg() * 0.6));
      return M.Manifold.hull([M.Manifold.sphere(ra, n).translate(a), M.Manifold.sphere(rb, n).translate(b)]);
    },
    torus(R, r, at = [0, 0, 0], axis = 'y') {
      const section = M.CrossSection.circle(r, Math.max(6, Math.round(seg() * 0.5))).translate([R, 0]);
      let t = section.revolve(seg()); // axis Z
      if (axis === 'y') t = t.rotate([-90, 0, 0]);
      if (axis === 'x') t = t.rotate([0, 90, 0]);
      return t.translate(at);
    },
    lathe(profile, at = [0, 0, 0], segments) {
      const pts: Vec2[] = [
        [0, profile[0][1]],
        ...profile.map(([r, y]) => [Math.max(1e-3, r), y] as Vec2),
        [0, profile[profile.length - 1][1]],
      ];
      const section = keep(new M.CrossSection([pts], 'NonZero'));
      // revolve turns the section's Y axis into the solid's Z axis.
      return section.revolve(seg(segments)).rotate([-90, 0, 0]).translate(at);
    },
    prism(polygon, depth, at = [0, 0, 0]) {
      const section = keep(new M.CrossSection([polygon], 'NonZero'));
      return section.extrude(depth).translate([at[0], at[1], at[2] - depth / 2]);
    },
    hull: (items) => M.Manifold.hull(items as (Manifold | Vec3)[]),
    union: (items) => (items.length === 1 ? items[0] : M.Manifold.union(items)),
  };
  return ctx;
}

/** What every generator, body plan and row builder is: it adds the parts of one object to the context. */
export type Generator = (ctx: GenContext) => void;

/** Angles of `n` evenly spaced items around a circle, starting at `offset` radians. */
export function around(n: number, offset = 0): number[] {
  return Array.from({ length: n }, (_, k) => offset + (k / n) * Math.PI * 2);
}

/**
 * Adds a detail part (a handle, a wheel, an eye): named, in its own colour when one is given, and not
 * primary, so the prompt's overall colour and material leave it as it is.
 */
export function addDetail(ctx: GenContext, m: Manifold, material: MaterialKind, part: string, colour?: RGB): void {
  ctx.add(m, material, { part, primary: false, colour });
}

/** True when the prompt (lower-cased) matches `re`: a family's rows pick their variant by the prompt's words. */
export function says(ctx: GenContext, re: RegExp): boolean {
  return re.test(ctx.interpretation.prompt.toLowerCase());
}
