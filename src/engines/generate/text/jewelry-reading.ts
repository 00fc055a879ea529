/**
 * What a piece of jewellery looks like, read from what WordNet says of it: where it is worn ("about the
 * neck", "the ear", "the wrist", "the ankle"), whether it is a pin ("a decorative pin"), hangs ("a
 * pendant ornament", "hangs from"), is a pair ("a pair of linked buttons") or a string of beads, and
 * whether it bears gems. One builder makes a necklace, a pendant, a brooch, earrings, a bracelet or
 * cufflinks as itself, where the catalogue had only a ring to stand in.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/jewelry.ts).
 */
import { artifactSenses, plainGloss, rememberedByWord } from './artifact-senses.ts';
import { readSynset } from './understand/wordnet.ts';

export type JewelryShape = 'necklace' | 'pendant' | 'brooch' | 'earrings' | 'band' | 'cufflinks' | 'beads';

export interface JewelryForm {
  shape: JewelryShape;
  gems: boolean;
  summary: string;
}

/** The form a description names first wins ("an earring with a pendant ornament" is earrings). */
const SHAPES: [RegExp, JewelryShape][] = [
  [/\bear\b|\bearrings?\b|\bearlobe/, 'earrings'],
  [/\bpair of linked buttons|\bcuffs?\b/, 'cufflinks'],
  [/\bneck\b|\bnecklace|\bchoker|\bcollar\b/, 'necklace'],
  [/\bpendant|\bhangs?\b|\bhung\b|\bhanging|\blocket|\bworn on a (necklace|chain)/, 'pendant'],
  [/\bpin\b|\bpinned|\bbrooch|\bclasp\b|\bclip\b/, 'brooch'],
  [/\bwrist|\barm\b|\bankle|\bbracelet|\bbangle|\bband\b/, 'band'],
  [/\bbeads?\b|\bstring of\b|\bstrung\b/, 'beads'],
];

const NAMES: Record<JewelryShape, string> = {
  necklace: 'necklace worn about the neck',
  pendant: 'pendant on a chain',
  brooch: 'decorative pin',
  earrings: 'pair of earrings',
  band: 'band worn about the wrist or ankle',
  cufflinks: 'pair of cufflinks',
  beads: 'string of beads',
};

/** The noun's jewellery sense: an artifact whose gloss or hypernyms say it is jewellery or an ornament worn. */
function jewelryGloss(word: string): string | undefined {
  for (const s of artifactSenses(word)) {
    const up = s.hypernyms.map(readSynset);
    const kinds = [...up, ...up.flatMap((h) => h.hypernyms.map(readSynset))].flatMap((h) => h.words).join(', ');
    const text = `${plainGloss(s)}; ${kinds}`;
    if (/\b(jewelry|jewellery|jewel|ornament|ornamental|adornment|trinket|bijou)\b/.test(text)) return text;
  }
  return undefined;
}

/** The form a piece of jewellery's description gives; undefined for a ring (the category's own form) or no reading. */
export function readJewelry(word: string): JewelryForm | undefined {
  const text = jewelryGloss(word.toLowerCase().trim());
  if (!text || /^(an? )?(\w+ )?ring\b/.test(text)) return undefined;
  let shape: JewelryShape | undefined;
  let at = Infinity;
  for (const [re, value] of SHAPES) {
    const found = text.search(re);
    if (found >= 0 && found < at) [shape, at] = [value, found];
  }
  if (!shape) return undefined;
  const gems = /\bgems?\b|\bjewels?\b|\bstones?\b|\bpearls?\b|\bdiamonds?\b/.test(text);
  return { shape, gems, summary: `jewellery: ${NAMES[shape]}${gems ? ' set with gems' : ''}` };
}

/** readJewelry, remembered: the catalogue and the generator both ask. */
export const jewelryForm = rememberedByWord(readJewelry);
