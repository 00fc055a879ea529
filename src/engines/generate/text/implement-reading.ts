/**
 * What a hand implement looks like, read from what WordNet says of it: nearly every tool and utensil
 * gloss names a handle ("long-handled", "a handle at each end") and a working head ("a row of teeth",
 * "a coil of wires", "spoon-shaped", "sharp perforations", "a rubber suction cup", "a flat blade"), so
 * one builder of a handle and a head makes any of the hundreds of implements WordNet lists as itself.
 *
 * Shared by the catalogue (./own-forms.ts: the hand-tool family makes the noun itself) and by the
 * generator (./generators/families/implement.ts).
 */
import { plainGloss, rememberedByWord } from './reading-kit.ts';
import { LEX_FILE, nounSenses, readSynset, senseKeySynset } from './understand/wordnet.ts';

export type ImplementHead =
  | 'wires'
  | 'bristles'
  | 'strands'
  | 'suction cup'
  | 'perforated bowl'
  | 'perforated plate'
  | 'bowl'
  | 'teeth'
  | 'jaws'
  | 'spiral'
  | 'wheel'
  | 'roller'
  | 'cone'
  | 'hook'
  | 'curved blade'
  | 'blade'
  | 'point'
  | 'club'
  | 'bar';
export type ImplementHandle = 'long' | 'short' | 'both ends';

export interface ImplementForm {
  head: ImplementHead;
  handle: ImplementHandle;
  /** The handle is wooden (the gloss says wood), else a grip. */
  wooden: boolean;
  /** How the summary describes the form ("long handle with a row of teeth"). */
  summary: string;
}

/** Ordered: the first head a gloss names wins (a "coil of wires" before the "mixer" it is). */
const HEAD_WORDS: [RegExp, ImplementHead][] = [
  [/\bcoil of wires?|\bwire loops|\bloops of wire/, 'wires'],
  [/\bsuction cup|\brubber cup/, 'suction cup'],
  [/\babsorbent material|\bsponge|\bstrands\b|\byarn\b|\brags?\b/, 'strands'],
  [/\bbristles?|\bbrush\b|\bbroom\b|\bbundle of (straws|twigs)/, 'bristles'],
  [/\bbowl-shaped strainer|\bperforated (bowl|spoon|ladle)|\bcolander/, 'perforated bowl'],
  [/\bperforat|\bmesh\b|\bstrainer|\bsieve|\bgrating\b|\bshredding/, 'perforated plate'],
  [/\bspoon-shaped|\bbowl\b|\bscoop\b|\bcup-shaped|\bladle|\bspoon\b|\bshovel-shaped|\breceptacle\b/, 'bowl'],
  [
    /\b(row|rows|set) of teeth|\b(sharp|small|metal|wooden|long|pointed|narrow) teeth|\btoothed|\bprongs?\b|\btines?\b|\bforked\b/,
    'teeth',
  ],
  [/\bhinged|\bjaws\b|\bpincers|\btwo legs|\btwo arms|\bgrips? and holds?|\btaking hold/, 'jaws'],
  [/\bcorks?\b|\bspiral|\bhelical|\bauger|\bscrew-shaped|\bscrews? (in|into)\b/, 'spiral'],
  [/\bwheel\b|\brotating dis[ck]|\brevolving dis[ck]|\bcircular blade/, 'wheel'],
  [/\bcylinder|\broller\b|\brolls? out\b/, 'roller'],
  [/\bconical|\bconically|\bcone-shaped|\bfunnel/, 'cone'],
  [/\bhook\b|\bhooked\b|\bhooks\b/, 'hook'],
  [/\blever\b/, 'bar'],
  [/\bdrill\b|\bmaking holes|\bboring holes|\bbores? holes/, 'point'],
  [/\bcurved blade|\bcrescent|\bsickle|\bhooked blade/, 'curved blade'],
  [
    /\bblades?\b|\bedge tool|\bcutting edge|\bcutter\b|\bcutting\b|\bcuts?\b|\bknife|\bwedge|\bslicing|\bpeeling|\bscraping|\bshaving/,
    'blade',
  ],
  [/\bpointed|\bpoint\b|\bpin\b|\bspike|\bneedle|\bpunching/, 'point'],
  [/\bheavy head|\bhammer|\bmallet|\bclub\b|\bbludgeon|\bbeating|\bpounding|\bmashing|\bcrushing/, 'club'],
  [/\bbar\b|\brod\b|\bstick\b/, 'bar'],
];

const HEAD_NAMES: Record<ImplementHead, string> = {
  wires: 'a coil of wire loops',
  bristles: 'bristles',
  strands: 'absorbent strands',
  'suction cup': 'a suction cup',
  'perforated bowl': 'a perforated bowl',
  'perforated plate': 'a perforated plate',
  bowl: 'a bowl',
  teeth: 'a row of teeth',
  jaws: 'two hinged arms',
  spiral: 'a spiral',
  wheel: 'a wheel',
  roller: 'a roller',
  cone: 'a cone',
  hook: 'a hook',
  'curved blade': 'a curved blade',
  blade: 'a flat blade',
  point: 'a point',
  club: 'a heavy head',
  bar: 'a bar',
};

/** The kinds of thing an implement is (the first sense under one of them is read). */
const IMPLEMENT_ROOTS = [
  'implement%1:06:00::',
  'tool%1:06:00::',
  'device%1:06:00::',
  'utensil%1:06:00::',
  'container%1:06:00::',
]
  .map(senseKeySynset)
  .filter((o) => o !== undefined);

/** The synsets above a sense, up to `depth` steps. */
function above(offset: number, depth: number): Set<number> {
  const seen = new Set<number>();
  let frontier = [offset];
  for (let d = 0; d < depth && frontier.length; d++) {
    frontier = frontier.flatMap((o) => readSynset(o).hypernyms).filter((o) => !seen.has(o));
    for (const o of frontier) seen.add(o);
  }
  return seen;
}

function glossOf(word: string): string | undefined {
  for (const offset of nounSenses(word)) {
    const s = readSynset(offset);
    if (s.lexFile !== LEX_FILE.artifact) continue;
    const kinds = above(offset, 10);
    if (IMPLEMENT_ROOTS.some((r) => kinds.has(r))) return plainGloss(s);
  }
  return undefined;
}

/** The form an implement's description gives, or undefined when it names no head this builder makes. */
export function readImplement(word: string): ImplementForm | undefined {
  const gloss = glossOf(word.toLowerCase().trim());
  if (!gloss) return undefined;
  const head = HEAD_WORDS.find(([re]) => re.test(gloss))?.[1];
  if (!head) return undefined;
  const handle: ImplementHandle = /\bhandle at each end|\btwo handles|\bhandles at (both|each)/.test(gloss)
    ? 'both ends'
    : /\blong[- ]handled|\blong handle|\bboth hands|\blong pole|\blong shaft|\bbroom\b/.test(gloss)
      ? 'long'
      : 'short';
  const wooden = /\bwood|\bwooden|\bbamboo/.test(gloss);
  const handleName = handle === 'both ends' ? 'a handle at each end' : `a ${handle} handle`;
  return { head, handle, wooden, summary: `${HEAD_NAMES[head]} on ${handleName}` };
}

/** readImplement, remembered: the catalogue and the generator both ask. */
export const implementForm = rememberedByWord(readImplement);
