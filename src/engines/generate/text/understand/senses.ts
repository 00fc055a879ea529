/**
 * Which WordNet sense of a noun a prompt most likely means, and which category its hypernyms reach.
 *
 * WordNet orders a noun's senses by frequency only for the senses counted in its tagged corpus
 * (index.noun's tagsense_cnt); the others, and every sense of most rare nouns, follow in file order,
 * which says nothing ("ostrich", "piranha", "printer" list a person first). Among senses whose order
 * means nothing, a prompt for a 3D object means a thing — an animal, artifact or plant — before a
 * food, and a food before a person; a named person ("Gibbon", the historian) last of all. Each sense is
 * then walked up its hypernyms to the nearest anchor; broad anchors (../catalog/broad.yaml) cost extra,
 * so a specific anchor a little further away wins over "food" or "device" close by.
 */
import { BROAD_ANCHORS, CATEGORIES } from '../catalog.ts';
import { KIND_COST } from './meaning.ts';
import {
  climb,
  hypernymClosure,
  LEX_FILE,
  nounSenses,
  readSynset,
  type Synset,
  senseKeySynset,
  taggedSenseCount,
  THING_FILES,
} from './wordnet.ts';

const NAMED_PERSON_COST = 3;
const GROWER_COST = 1;
const BROAD_STRUCTURE = 'house';
const NAMED_STRUCTURE = 'landmark';
/** Cost of each sense's place in the frequency order (only among tagged senses). */
const RANK_COST = 1.2;
const DEPTH_COST = 0.25;
const BROAD_COST = 1.5;
const MAX_SENSES = 10;
const MAX_DEPTH = 14;

interface Anchor {
  category: string;
  broad: boolean;
  /** True when the anchor places only the noun it names, not the noun's kinds (../catalog/broad.yaml). */
  exact?: boolean;
}

let anchors: Map<number, Anchor> | undefined;

/** Anchor synset offset → category, specific anchors first (a synset named by both stays specific). */
export function anchorMap(): Map<number, Anchor> {
  if (anchors) return anchors;
  const map = new Map<number, Anchor>();
  for (const e of CATEGORIES) {
    for (const a of e.anchors) {
      const offset = senseKeySynset(a);
      if (offset !== undefined && !map.has(offset)) map.set(offset, { category: e.id, broad: false });
    }
  }
  // Broad anchors after every specific one, the exact ones last (./catalog/broad.yaml).
  for (const exact of [false, true])
    for (const b of BROAD_ANCHORS.filter((b) => Boolean(b.exact) === exact)) {
      const offset = senseKeySynset(b.anchor);
      if (offset !== undefined && !map.has(offset))
        map.set(offset, { category: b.category, broad: true, ...(exact ? { exact } : {}) });
    }
  anchors = map;
  return map;
}

/** How unlikely it is that a prompt means this sense of the noun (0: most likely); undefined when it is no thing. */
export function senseCost(synset: Synset, rank: number, tagged: number): number | undefined {
  const kind = KIND_COST[synset.lexFile];
  if (kind === undefined) return undefined;
  const order = Math.min(rank, tagged) * RANK_COST;
  const named = synset.instance && synset.lexFile === LEX_FILE.person ? NAMED_PERSON_COST : 0;
  // Where the corpus counted the senses, their frequency says more than the kind of thing.
  return order + (rank < tagged ? kind / 2 : kind) + named;
}

export interface RankedSense {
  synset: Synset;
  cost: number;
}

/** Every hypernym of every sense of the noun (not the senses themselves), up to `maxDepth` levels. */
export function ancestorsOf(lemma: string, maxDepth = 8): Set<number> {
  return hypernymClosure(
    nounSenses(lemma).flatMap((o) => readSynset(o).hypernyms),
    maxDepth,
  );
}

/** Part meronyms of every sense of the noun and of its hypernyms: a lobster has claws (as a crustacean), a bird wings. */
export function partsOf(lemma: string): Set<number> {
  const out = new Set<number>();
  for (const o of [...nounSenses(lemma), ...ancestorsOf(lemma)]) for (const p of readSynset(o).parts) out.add(p);
  return out;
}

let youngOffset: number | undefined;

/** True when some sense of the noun is a young animal ("pup", "cub", "calf"): "a seal pup" is a seal. */
export function namesYoung(lemma: string): boolean {
  youngOffset ??= nounSenses('young')[0];
  return ancestorsOf(lemma, 4).has(youngOffset);
}

/** The noun's concrete senses, most likely first (stable: equal costs keep WordNet's order). */
export function rankedSenses(lemma: string): RankedSense[] {
  const offsets = nounSenses(lemma).slice(0, MAX_SENSES);
  const tagged = taggedSenseCount(lemma);
  const out: RankedSense[] = [];
  const synsets = offsets.map((o) => readSynset(o));
  // A noun naming both a food and the plant it grows on ("bell pepper", "mango") means the food: a
  // prompt for the plant says so ("a mango tree", and the context bonus below picks the plant).
  const edible = synsets.some((s) => s.lexFile === LEX_FILE.food);
  synsets.forEach((synset, rank) => {
    const cost = senseCost(synset, rank, tagged);
    if (cost !== undefined)
      out.push({ synset, cost: cost + (edible && synset.lexFile === LEX_FILE.plant ? GROWER_COST : 0) });
  });
  return out.sort((a, b) => a.cost - b.cost);
}

export interface AnchorHit {
  category: string;
  /** The anchor synset's first lemma. */
  via: string;
  depth: number;
  broad: boolean;
}

/** Breadth-first up the hypernyms of one sense to the nearest anchor. */
export function nearestAnchor(root: Synset): AnchorHit | undefined {
  const map = anchorMap();
  let broadHit: AnchorHit | undefined;
  let hit: AnchorHit | undefined;
  climb([root.offset], MAX_DEPTH, (s, depth) => {
    const found = map.get(s.offset);
    const anchor = found?.exact && depth > 0 ? undefined : found;
    if (anchor && !anchor.broad) hit = { category: anchor.category, via: s.words[0], depth, broad: false };
    // A broad anchor on one branch does not hide a specific one on another branch further up.
    else if (anchor && !broadHit) broadHit = { category: anchor.category, via: s.words[0], depth, broad: true };
    return hit !== undefined;
  });
  return hit ?? broadHit;
}

/**
 * The other nouns of the prompt, as the set of their synsets and those synsets' near hypernyms: a sense
 * of the subject that shares one of them among its own hypernyms ("a drill, power tool": both are
 * tools) or has one among its parts ("a bat with wings") is the one meant.
 */
export function contextSynsets(words: string[]): Set<number> {
  return hypernymClosure(
    words.flatMap((w) => nounSenses(w)),
    CONTEXT_UP + 1,
  );
}

/** How far up from a context noun its synsets count as context (power tool → tool). */
const CONTEXT_UP = 1;

const CONTEXT_BONUS = 1.5;
const CONTEXT_DEPTH = 8;

/** True when a context synset is among the sense's hypernyms, or the parts of it or of its hypernyms. */
function fitsContext(root: Synset, context: Set<number>): boolean {
  return (
    context.size > 0 &&
    climb(
      [root.offset],
      CONTEXT_DEPTH,
      (s, depth) => (depth > 0 && context.has(s.offset)) || s.parts.some((p) => context.has(p)),
    )
  );
}

export interface SenseResolution {
  category: string;
  /** True when only a broad anchor was reached (the category's default form stands in for a whole branch). */
  broad: boolean;
  /** The chosen sense's lexicographer file (5 animal, 6 artifact, 18 person, …). */
  kind: number;
  /** The path walked, e.g. ['poodle', 'dog']: the noun, then the anchor synset's first lemma. */
  chain: string[];
  synset: Synset;
  cost: number;
}

/**
 * The best (sense, anchor) of one lemma form, by sense cost plus walk cost, less a bonus for fitting the
 * context; `allowed` keeps only some senses (a compound's head read in the compound's own sense).
 */
export function resolveLemma(
  form: string,
  context: Set<number> = new Set(),
  allowed?: (s: Synset) => boolean,
): SenseResolution | undefined {
  let best: SenseResolution | undefined;
  const first = nounSenses(form)[0];
  // Where WordNet's first sense is a person reaching the person, a sense reaching only a broad anchor
  // does not win ("a lumberjack" is also a jacket, which only the broad "clothing" places).
  const personOverBroad = (person: { kind: number; broad: boolean; synset: Synset }, other: { broad: boolean }) =>
    person.kind === LEX_FILE.person && !person.broad && other.broad && person.synset.offset === first;
  for (const { synset, cost } of rankedSenses(form)) {
    if (allowed && !allowed(synset)) continue;
    if (best && cost - CONTEXT_BONUS >= best.cost) break;
    const hit = nearestAnchor(synset);
    if (!hit) continue;
    // A named structure WordNet places only as "structure" (the Taj Mahal, the Colosseum) is a landmark.
    if (hit.broad && synset.instance && synset.lexFile === LEX_FILE.artifact && hit.category === BROAD_STRUCTURE)
      hit.category = NAMED_STRUCTURE;
    const bonus = fitsContext(synset, context) ? CONTEXT_BONUS : 0;
    const total = cost - bonus + hit.depth * DEPTH_COST + (hit.broad ? BROAD_COST : 0);
    const candidate = { kind: synset.lexFile, broad: hit.broad, synset };
    if (!best || (total < best.cost && !personOverBroad(best, candidate)) || personOverBroad(candidate, best)) {
      best = {
        category: hit.category,
        broad: hit.broad,
        kind: synset.lexFile,
        chain: hit.via === form.replace(/_/g, ' ') ? [form] : [form, hit.via],
        synset,
        cost: total,
      };
    }
  }
  // "the moon", "a sun": a noun whose first sense is a concrete thing is not read as someone named after it
  // ("zeus", first a god, still is); nor is a name first of a place ("the london eye": not Jack London).
  const firstKind = first === undefined ? undefined : readSynset(first).lexFile;
  const firstNamesAPlace = first !== undefined && readSynset(first).instance && firstKind !== LEX_FILE.person;
  if (
    best?.synset.instance &&
    best.kind === LEX_FILE.person &&
    firstKind !== LEX_FILE.person &&
    (KIND_COST[firstKind ?? -1] !== undefined || firstNamesAPlace)
  )
    return undefined;
  // "a seed", "a root", "a nut": a noun the corpus counts first as a plant, food, animal or artifact is
  // that thing even where Kiln has no form for it; a rarer person sense (a "nut", a crank) is not meant.
  if (
    best?.kind === LEX_FILE.person &&
    taggedSenseCount(form) > 0 &&
    firstKind !== undefined &&
    THING_FILES.has(firstKind)
  )
    return undefined;
  return best;
}
