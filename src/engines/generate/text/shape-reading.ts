/**
 * The plain solid an artifact is, read from what WordNet says of it, for nouns Kiln otherwise meets only
 * with a broad stand-in (a frisbee is a "plaything", so it was a teddy bear): most artifact glosses open
 * with the shape ("a light, plastic disk", "a tubular plastic hoop", "an optical toy in a tube", "a
 * framework in which a picture is mounted", "narrow padded board on collapsible supports"), and the
 * nearest hypernym often is one (disk, hoop, board, case, framework). The shape, its proportions ("narrow",
 * "flat", "long", "oblong") and its material ("plastic", "rubber", "wooden") make the noun as itself.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/shapes.ts).
 */
import { plainGloss, rememberedByWord } from './reading-kit.ts';
import { LEX_FILE, nounSenses, readSynset, type Synset } from './understand/wordnet.ts';

export type PlainShape =
  | 'hoop'
  | 'disk'
  | 'ball'
  | 'tube'
  | 'cone'
  | 'box'
  | 'board'
  | 'rod'
  | 'frame'
  | 'bag'
  | 'dome'
  | 'block'
  | 'wheel';
export type PlainMaterial =
  | 'metal'
  | 'wood'
  | 'plastic'
  | 'glass'
  | 'fabric'
  | 'leather'
  | 'paper'
  | 'stone'
  | 'ceramic';

export interface ShapeForm {
  shape: PlainShape;
  material?: PlainMaterial;
  /** Proportion words of the gloss: long, narrow, flat, tall, small, large, oblong. */
  proportions: string[];
  /** How the summary describes the form ("plastic disk"). */
  summary: string;
}

/** Shape nouns: the first one the gloss's head names wins; its hypernyms' names, then its own, are read after it. */
const SHAPE_WORDS: [RegExp, PlainShape][] = [
  [/\bhoops?\b|\brings?\b|\bloops?\b|\bannulus/, 'hoop'],
  [/\bdis[ck]s?\b|\bdiscus|\bpucks?\b/, 'disk'],
  [/\bwheels?\b/, 'wheel'],
  [/\bballs?\b|\bspheres?\b|\bglobes?\b|\bbeads?\b|\borbs?\b/, 'ball'],
  [/\btubes?\b|\bcylinders?\b|\bpipes?\b|\bcanisters?\b/, 'tube'],
  [/\bcones?\b/, 'cone'],
  [/\bdomes?\b|\bhemispheres?\b/, 'dome'],
  [/\bframeworks?\b|\bframes?\b|\bracks?\b|\bscaffold|\btrestle|\blattice/, 'frame'],
  [/\bboards?\b|\bslabs?\b|\bpanels?\b|\bsheets?\b|\bplanks?\b|\btablets?\b|\bmats?\b|\bpads?\b|\bplates?\b/, 'board'],
  [/\bbox(es)?\b|\bcases?\b|\bcabinets?\b|\bchests?\b|\bcubes?\b|\bcrates?\b|\bcartons?\b|\bcasings?\b/, 'box'],
  [/\bbags?\b|\bsacks?\b|\bpouch(es)?\b|\bpockets?\b/, 'bag'],
  [/\bblocks?\b|\bbricks?\b|\bwedges?\b|\bingots?\b|\bstones?\b/, 'block'],
  [
    /\brods?\b|\bbars?\b|\bpoles?\b|\bsticks?\b|\bstaffs?\b|\bshafts?\b|\bposts?\b|\bbatons?\b|\bcanes?\b|\bspars?\b/,
    'rod',
  ],
];

const MATERIAL_WORDS: [RegExp, PlainMaterial][] = [
  [/\bmetal|\bsteel|\biron\b|\bbrass|\bcopper|\baluminum|\btin\b|\bsilver|\bgold(en)?\b/, 'metal'],
  [/\bwood|\bwooden|\bbamboo|\bwicker/, 'wood'],
  [/\bplastic|\brubber|\bvinyl|\bnylon/, 'plastic'],
  [/\bglass\b/, 'glass'],
  [/\bcloth|\bfabric|\bcanvas|\bpadded|\bwoven|\bwool|\bfelt\b|\bcotton/, 'fabric'],
  [/\bleather|\bhide\b/, 'leather'],
  [/\bpaper|\bcardboard|\bparchment/, 'paper'],
  [/\bstone\b|\bmarble|\bgranite/, 'stone'],
  [/\bceramic|\bearthenware|\bporcelain|\bpottery|\bclay\b/, 'ceramic'],
];

/** Shape adjectives ("a tubular plastic hoop" is a hoop): read only where the head names no shape noun. */
const SHAPE_ADJECTIVES: [RegExp, PlainShape][] = [
  [/tubular|cylindrical/, 'tube'],
  [/spherical|globular/, 'ball'],
  [/conical|cone-shaped/, 'cone'],
  [/dome-shaped|hemispherical/, 'dome'],
  [/disk-shaped|disc-shaped/, 'disk'],
  [/cubical|box-shaped|rectangular/, 'box'],
  [/circular|annular|ring-shaped/, 'hoop'],
];

const PROPORTIONS = [
  'long',
  'narrow',
  'flat',
  'tall',
  'thin',
  'small',
  'large',
  'oblong',
  'short',
  'wide',
  'heavy',
  'light',
];

const firstMatch = <T>(table: [RegExp, T][], text: string) => table.find(([re]) => re.test(text))?.[1];

/** The table entry whose word comes first in the text ("an oblong metal ring with a spring clip": the ring). */
function earliest<T>(table: [RegExp, T][], text: string): T | undefined {
  let best: { at: number; value: T } | undefined;
  for (const [re, value] of table) {
    const at = text.search(re);
    if (at >= 0 && (!best || at < best.at)) best = { at, value };
  }
  return best?.value;
}

/** The head of a gloss: what the thing is, before what it is for ("used …", "for …", "that …"). */
const headOf = (gloss: string) => gloss.split(/;|\b(used|for|that|which|where|when|to|in which|on which|so)\b/)[0];

function firstArtifactSense(word: string): Synset | undefined {
  const forms = [word, word.replace(/s$/, '')];
  for (const f of forms)
    for (const o of nounSenses(f)) {
      const s = readSynset(o);
      if (s.lexFile === LEX_FILE.artifact) return s;
    }
  return undefined;
}

/** The plain solid an artifact's description gives, or undefined when it names no shape. */
export function readShape(word: string): ShapeForm | undefined {
  const sense = firstArtifactSense(word.toLowerCase().trim());
  if (!sense) return undefined;
  const gloss = plainGloss(sense);
  const head = headOf(gloss);
  const hypernyms = sense.hypernyms.flatMap((h) => readSynset(h).words).join(', ');
  // "pocket-size" and "box-shaped" are sizes and outlines, not a pocket or a box.
  const plainHead = head.replace(/\b[a-z]+-siz(e|ed)\b/g, '');
  const shape =
    earliest(SHAPE_WORDS, plainHead) ??
    earliest(SHAPE_ADJECTIVES, plainHead) ??
    earliest(SHAPE_WORDS, hypernyms) ??
    earliest(SHAPE_WORDS, sense.words.join(', '));
  if (!shape) return undefined;
  const material = firstMatch(MATERIAL_WORDS, head);
  const words = new Set(head.split(/[^a-z]+/));
  const proportions = PROPORTIONS.filter((p) => words.has(p));
  const described = [...proportions.filter((p) => p !== 'light' && p !== 'heavy'), material, shape]
    .filter(Boolean)
    .join(' ');
  return { shape, material, proportions, summary: described };
}

/** readShape, remembered: the catalogue and the generator both ask. */
export const shapeForm = rememberedByWord(readShape);
