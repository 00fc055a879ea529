/**
 * Runs a category's generator (and its companions for "X on Y" / "X with Y"), unions every part into
 * one closed manifold solid, and returns it as a Mesh whose material groups carry the per-part
 * material (kind + sRGB colour) the prompt asked for.
 */
import type { Manifold, ManifoldToplevel } from 'manifold-3d';
import type { Mesh } from '../../../../geometry/mesh.ts';
import type { BodySkeleton, Vec3 } from '../../../../geometry/skeleton.ts';
import { isWatertight, separatePinchedVertices, weld } from '../../../../geometry/ops/index.ts';
import type { Companion, Interpretation, MaterialKind } from '../understand/index.ts';
import { manifoldModule, withArena } from './arena.ts';
import {
  createContext,
  createRng,
  hashString,
  shapeParams,
  type GenContext,
  type PartRecord,
  type RGB,
} from './kit.ts';
import { generatorFor } from './registry.ts';
import { movedSkeleton } from './joints.ts';
import { DEFAULT_COLOURS } from './default-colours.ts';

export interface PartMaterial {
  kind: MaterialKind;
  /** sRGB 0–1. */
  colour: RGB;
  /** The part name (leg, seat …) or `body`. */
  part: string;
}

export interface BuiltAsset {
  /** Closed, manifold; +Y up, base on y = 0, centred in x/z, largest side 1. Groups index `materials`. */
  mesh: Mesh;
  materials: PartMaterial[];
  partCount: number;
  /** The subject's body-plan skeleton in the mesh's own frame, when its plan knows one (legged plans). */
  skeleton?: BodySkeleton;
}

export interface BuildOptions {
  seed: number;
  creative?: boolean;
  /** Fast mode: coarser curves. */
  fast?: boolean;
  /**
   * Face budget of the output: curves are tessellated for it, and a solid still above it is reduced
   * here (closed and with its parts) so the output step only ever adds faces. Default: no limit.
   */
  maxFaces?: number;
  /** bbox_condition: target width (x), height (y), length (z) proportions of the result. */
  bbox?: [number, number, number];
}

function materialFor(record: PartRecord, i: Pick<Interpretation, 'colours' | 'material' | 'parts'>): PartMaterial {
  const spec = record.part ? i.parts.find((p) => p.name === record.part) : undefined;
  let kind = record.material;
  let colour: RGB | undefined = record.colour;
  // The prompt's material ("a frog made of gold") reaches the main body even where the generator
  // colours it (fur, skin); details (eyes, tyres) keep theirs.
  const takesMaterial = Boolean(i.material) && (!record.colour || record.primary);
  if (takesMaterial) kind = i.material!;
  if (record.primary && i.colours[0]) colour = i.colours[0].rgb;
  else if (!record.primary && !record.colour && i.colours[1]) colour = i.colours[1].rgb;
  if (spec?.material) kind = spec.material;
  if (spec?.colours[0]) colour = spec.colours[0].rgb;
  if (!colour || (takesMaterial && !(record.primary && i.colours[0]) && !spec?.colours[0]))
    colour = DEFAULT_COLOURS[kind];
  return { kind, colour: colour ?? DEFAULT_COLOURS[kind], part: record.part ?? 'body' };
}

/** How one build runs every generator in it: the style, the face budget, the attempt's contact salt. */
interface RunSettings {
  creative: boolean;
  fast?: boolean;
  maxFaces?: number;
  salt: number;
  coarse: boolean;
}

function runGenerator(
  M: ManifoldToplevel,
  category: string,
  i: Interpretation,
  seed: number,
  { creative, fast = false, maxFaces = Infinity, salt, coarse }: RunSettings,
): GenContext {
  const rng = createRng(hashString(`${category}|${i.prompt.toLowerCase().trim()}`, seed));
  const ctx = createContext(M, rng, shapeParams(i, creative, rng, fast, maxFaces, coarse), i, salt);
  generatorFor(category)(ctx);
  if (ctx.parts.length === 0) throw new Error(`generator ${category} produced nothing`);
  return ctx;
}

function companionInterpretation(base: Interpretation, c: Companion): Interpretation {
  return {
    ...base,
    category: c.category,
    word: c.word,
    profile: c.profile,
    colours: c.colours,
    material: c.material,
    sizes: c.sizes,
    parts: [],
    companions: [],
  };
}

/** The union of the parts, its bounding box, and the box's size and centre. */
function bounds(M: ManifoldToplevel, parts: PartRecord[]) {
  const solid = M.Manifold.union(parts.map((p) => p.manifold));
  const box = solid.boundingBox();
  const size = [0, 1, 2].map((k) => box.max[k] - box.min[k]);
  return { solid, box, size, centre: [0, 1, 2].map((k) => (box.min[k] + box.max[k]) / 2) };
}

/** Places the companion's parts relative to the subject: on top, inside (sunk in) or beside. */
function placeCompanion(
  M: ManifoldToplevel,
  subject: GenContext,
  comp: GenContext,
  relation: Companion['relation'],
): void {
  const s = bounds(M, subject.parts);
  const c = bounds(M, comp.parts);
  const [cx, , cz] = c.centre;
  let scale = 1;
  let offset: [number, number, number];
  if (relation === 'on' || relation === 'in') {
    // "X on Y": the subject X rests on the companion Y; keep X within Y's footprint.
    const footprint = Math.min(c.size[0], c.size[2]);
    const sFoot = Math.max(s.size[0], s.size[2]);
    scale = Math.min(1, Math.max(0.15 * footprint, Math.min(sFoot, 0.85 * footprint)) / sFoot);
    const [scx, , scz] = s.centre;
    const hits = c.solid.rayCast([cx, c.box.max[1] + 1, cz], [cx, c.box.min[1] - 1, cz]);
    const top = hits.length ? Math.max(...hits.map((h) => h.position[1])) : c.box.max[1];
    const sink = relation === 'in' ? 0.3 * s.size[1] * scale : 0.002;
    // Move the subject above the companion (the companion stays put), its joints with it.
    for (const p of subject.parts)
      p.manifold = p.manifold
        .translate([-scx, -s.box.min[1], -scz])
        .scale(scale)
        .translate([cx, top - sink, cz]);
    if (subject.skeleton)
      subject.skeleton = movedSkeleton(subject.skeleton, (p) => [
        (p[0] - scx) * scale + cx,
        (p[1] - s.box.min[1]) * scale + top - sink,
        (p[2] - scz) * scale + cz,
      ]);
    return;
  }
  if (relation === 'wearing') {
    // "X wearing Y": Y sits on X's highest point (a head), its footprint a fifth of X's largest side.
    const mesh = s.solid.getMesh();
    let top: [number, number, number] = [0, -Infinity, 0];
    for (let v = 0; v < mesh.vertProperties.length; v += mesh.numProp) {
      if (mesh.vertProperties[v + 1] > top[1])
        top = [mesh.vertProperties[v], mesh.vertProperties[v + 1], mesh.vertProperties[v + 2]];
    }
    scale = (0.22 * Math.max(...s.size)) / Math.max(c.size[0], c.size[2]);
    offset = [top[0] - cx * scale, top[1] - c.box.min[1] * scale - 0.15 * c.size[1] * scale, top[2] - cz * scale];
    for (const p of comp.parts) p.manifold = p.manifold.scale(scale).translate(offset);
    return;
  }
  // "X with Y" / "X beside Y": the companion stands to the subject's right, scaled to at most its height.
  scale = Math.min(1, (s.size[1] * 0.9) / c.size[1]);
  offset = [
    s.box.max[0] + (c.size[0] * scale) / 2 + 0.02 * Math.max(...s.size) - cx * scale,
    s.box.min[1] - c.box.min[1] * scale,
    s.centre[2] - cz * scale,
  ];
  for (const p of comp.parts) p.manifold = p.manifold.scale(scale).translate(offset);
}

/**
 * The union as one mesh normalised to the unit frame (base on y = 0, centred, largest side 1), and
 * `place`, the same move for points that travel with it (a skeleton's joints).
 */
function toMesh(
  M: ManifoldToplevel,
  records: PartRecord[],
  materials: PartMaterial[],
  maxFaces = Infinity,
  bbox?: [number, number, number],
): { mesh: Mesh; place: (p: Vec3) => Vec3 } {
  const idToSlot = new Map<number, number>();
  const originals = records.map((r, k) => {
    const o = r.manifold.asOriginal();
    idToSlot.set(o.originalID(), k);
    return o;
  });
  let solid = M.Manifold.union(originals);
  let stretch: Vec3 = [1, 1, 1];
  if (bbox?.every((v) => v > 0)) {
    // Stretch each axis so the extents take the requested proportions (then normalised below).
    const b = solid.boundingBox();
    const ext = [0, 1, 2].map((k) => Math.max(1e-9, b.max[k] - b.min[k]));
    const ratio = Math.max(...ext.map((e, k) => e / bbox[k]));
    stretch = [0, 1, 2].map((k) => (bbox[k] * ratio) / ext[k]) as Vec3;
    solid = solid.scale(stretch);
  }
  const box = solid.boundingBox();
  const size = Math.max(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]) || 1;
  const shift: Vec3 = [-(box.min[0] + box.max[0]) / 2, -box.min[1], -(box.min[2] + box.max[2]) / 2];
  const place = (p: Vec3): Vec3 => [0, 1, 2].map((k) => (p[k] * stretch[k] + shift[k]) / size) as Vec3;
  solid = solid
    .translate(shift)
    .scale(1 / size)
    // Collapse slivers the booleans leave behind, which would turn degenerate in float32.
    .simplify(1e-4);
  if (solid.numTri() > maxFaces) solid = reduceTo(solid, maxFaces);
  const mesh = solid.getMesh();
  const np = mesh.numProp;
  const nv = mesh.vertProperties.length / np;
  const positions = new Float32Array(nv * 3);
  for (let v = 0; v < nv; v++) for (let k = 0; k < 3; k++) positions[v * 3 + k] = mesh.vertProperties[v * np + k];
  const triCount = mesh.triVerts.length / 3;
  // Material of each triangle from the run it came from; then order triangles by material.
  const slotOfTri = new Int32Array(triCount);
  for (let r = 0; r + 1 < mesh.runIndex.length; r++) {
    const slot = idToSlot.get(mesh.runOriginalID[r]) ?? 0;
    for (let t = mesh.runIndex[r] / 3; t < mesh.runIndex[r + 1] / 3; t++) slotOfTri[t] = slot;
  }
  // Merge records that ended up with identical materials into one group.
  const keyToGroup = new Map<string, number>();
  const slotToGroup = materials.map((m) => {
    const key = `${m.kind}|${m.colour.map((c) => c.toFixed(3)).join(',')}|${m.part}`;
    if (!keyToGroup.has(key)) keyToGroup.set(key, keyToGroup.size);
    return keyToGroup.get(key)!;
  });
  const groupCount = keyToGroup.size;
  const order = Array.from({ length: triCount }, (_, t) => t).sort(
    (a, b) => slotToGroup[slotOfTri[a]] - slotToGroup[slotOfTri[b]] || a - b,
  );
  const indices = new Uint32Array(triCount * 3);
  const groups: Mesh['groups'] = [];
  order.forEach((t, k) => {
    for (let j = 0; j < 3; j++) indices[k * 3 + j] = mesh.triVerts[t * 3 + j];
    const g = slotToGroup[slotOfTri[t]];
    const last = groups[groups.length - 1];
    if (last && last.material === g) last.count++;
    else groups.push({ start: k, count: 1, material: g });
  });
  // One material per group, numbered in drawing order; parts swallowed whole by others have none.
  const merged: PartMaterial[] = new Array(groupCount);
  materials.forEach((m, slot) => {
    merged[slotToGroup[slot]] ??= m;
  });
  const renumber = new Map<number, number>();
  for (const g of groups) {
    if (!renumber.has(g.material)) renumber.set(g.material, renumber.size);
    g.material = renumber.get(g.material)!;
  }
  materials.splice(0, materials.length, ...[...renumber.keys()].map((k) => merged[k]));
  return { mesh: closedByPosition({ positions, indices, groups }), place };
}

/**
 * The union as a mesh closed by position, not only by index. Near-duplicate vertices (a float32 ulp
 * apart) left by the booleans would read as degenerate triangles: weld them; where that glues two
 * shells that only touch, exact welding is the closed one. Where shells meet along an edge or at a
 * vertex at the very same position (manifold keeps one vertex per shell there, so four triangles share
 * the edge by position), no weld can close it and another jittered build often meets the same way:
 * move each copy a hair into its own shell, as the topology already says.
 */
function closedByPosition(raw: Mesh): Mesh {
  const welded = weld(raw, { tolerance: 1e-6 });
  if (isWatertight(welded)) return welded;
  const exact = weld(raw, { tolerance: 0 });
  if (isWatertight(exact)) return exact;
  if (isWatertight(raw, { byPosition: false })) {
    const separated = separatePinchedVertices(raw).mesh;
    for (const tolerance of [1e-6, 0]) {
      const candidate = weld(separated, { tolerance });
      if (isWatertight(candidate)) return candidate;
    }
  }
  return welded;
}

/**
 * Fewer triangles than `maxFaces` by manifold's own edge collapse, which keeps the solid closed and
 * the part runs intact: the smallest tolerance (bisected, in units of the unit-sized asset) that fits.
 */
function reduceTo(solid: Manifold, maxFaces: number): Manifold {
  let lo = 2e-5;
  let hi = 0.08;
  let best = solid.simplify(hi);
  for (let k = 0; k < 9; k++) {
    const mid = Math.sqrt(lo * hi);
    const candidate = solid.simplify(mid);
    if (candidate.numTri() <= maxFaces) {
      best = candidate;
      hi = mid;
    } else lo = mid;
  }
  return best;
}

let warm: ManifoldToplevel | undefined;

/** Loads the WASM module ahead of the first task. */
export async function warmGenerators(): Promise<void> {
  warm ??= await manifoldModule();
}

export async function buildAsset(i: Interpretation, options: BuildOptions): Promise<BuiltAsset> {
  const M = (warm ??= await manifoldModule());
  // Rarely a build is still open (shells the union left touching in a way no separation closes) or
  // above the budget (many small parts the edge collapse cannot reduce); another contact jitter and a
  // lower reduction target usually fixes it. A retry is a different build, so it must pass both checks
  // too; failing that, a closed build beats an open one, and a lighter one a heavier.
  const faces = (b: BuiltAsset) => b.mesh.indices.length / 3;
  let fallback: { built: BuiltAsset; closed: boolean } | undefined;
  let coarse = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    const built = buildOnce(M, i, options, attempt, coarse);
    const closed = isWatertight(built.mesh);
    const over = faces(built) > (options.maxFaces ?? Infinity);
    if (closed && !over) return built;
    // Parts the edge collapse cannot reduce further are drawn with the coarsest curves next time.
    coarse ||= over;
    if (!fallback || closed > fallback.closed || (closed === fallback.closed && faces(built) <= faces(fallback.built)))
      fallback = { built, closed };
  }
  return fallback!.built;
}

function buildOnce(
  M: ManifoldToplevel,
  i: Interpretation,
  options: BuildOptions,
  attempt: number,
  coarse: boolean,
): BuiltAsset {
  const maxFaces = options.maxFaces === undefined ? undefined : Math.floor(options.maxFaces * (1 - 0.04 * attempt));
  return withArena(() => {
    const run: RunSettings = {
      creative: options.creative ?? false,
      fast: options.fast,
      maxFaces,
      salt: attempt,
      coarse,
    };
    const subject = runGenerator(M, i.category, i, options.seed, run);
    const records: PartRecord[] = [...subject.parts];
    const materials: PartMaterial[] = subject.parts.map((p) => materialFor(p, i));
    for (const c of i.companions.slice(0, 1)) {
      // The subject may already carry it as a part (a ring "with a ruby" sets its own stone), as a
      // part of that name ("a satellite with solar panels"), or as a companion it built itself (a dish's plate).
      const named = c.word.replace(/s$/, '');
      if (
        subject.parts.some((p) => p.part === c.category || p.part === c.word || p.part === named) ||
        subject.carried.has(c.word)
      )
        continue;
      const ci = companionInterpretation(i, c);
      const comp = runGenerator(M, c.category, ci, options.seed + 1, run);
      placeCompanion(M, subject, comp, c.relation);
      records.push(...comp.parts);
      materials.push(...comp.parts.map((p) => materialFor(p, ci)));
    }
    const { mesh, place } = toMesh(M, records, materials, maxFaces, options.bbox);
    const skeleton = subject.skeleton && movedSkeleton(subject.skeleton, place);
    return { mesh, materials, partCount: records.length, skeleton };
  });
}
