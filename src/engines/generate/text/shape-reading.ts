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
import {
  PatternRows,
  Words,
  earliest,
  firstMatch,
  patternTable,
  plainGloss,
  readFormWords,
  rememberedByWord,
  sensesOf,
} from './reading-kit.ts';
import { readSynset } from './understand/wordnet.ts';

const PLAIN_SHAPES = [
  'hoop',
  'disk',
  'ball',
  'tube',
  'cone',
  'box',
  'board',
  'rod',
  'frame',
  'bag',
  'dome',
  'block',
  'wheel',
] as const;
export type PlainShape = (typeof PLAIN_SHAPES)[number];
const MATERIALS = ['metal', 'wood', 'plastic', 'glass', 'fabric', 'leather', 'paper', 'stone', 'ceramic'] as const;
export type PlainMaterial = (typeof MATERIALS)[number];

export interface ShapeForm {
  shape: PlainShape;
  material?: PlainMaterial;
  /** Proportion words of the gloss: long, narrow, flat, tall, small, large, oblong. */
  proportions: string[];
  /** How the summary describes the form ("plastic disk"). */
  summary: string;
}

const WORDS = readFormWords('shape', PLAIN_SHAPES, { materials: PatternRows, proportions: Words });
const MATERIAL_WORDS = patternTable(WORDS.materials, MATERIALS, 'readings/shape.yaml');

/** The head of a gloss: what the thing is, before what it is for ("used …", "for …", "that …"). */
const headOf = (gloss: string) => gloss.split(/;|\b(used|for|that|which|where|when|to|in which|on which|so)\b/)[0];

/** The plain solid an artifact's description gives, or undefined when it names no shape. */
export const shapeForm = rememberedByWord((word: string): ShapeForm | undefined => {
  const [sense] = sensesOf(word);
  if (!sense) return undefined;
  const gloss = plainGloss(sense);
  const head = headOf(gloss);
  const hypernyms = sense.hypernyms.flatMap((h) => readSynset(h).words).join(', ');
  // "pocket-size" and "box-shaped" are sizes and outlines, not a pocket or a box.
  const plainHead = head.replace(/\b[a-z]+-siz(e|ed)\b/g, '');
  const shape =
    earliest(WORDS.shapes, plainHead) ??
    earliest(WORDS.shapes, hypernyms) ??
    earliest(WORDS.shapes, sense.words.join(', '));
  if (!shape) return undefined;
  const material = firstMatch(MATERIAL_WORDS, head);
  const words = new Set(head.split(/[^a-z]+/));
  const proportions = WORDS.proportions.filter((p) => words.has(p));
  const described = [...proportions.filter((p) => p !== 'light' && p !== 'heavy'), material, shape]
    .filter(Boolean)
    .join(' ');
  return { shape, material, proportions, summary: described };
});
