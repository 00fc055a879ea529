/**
 * What a piece of jewellery looks like, read from what WordNet says of it: where it is worn ("about the
 * neck", "the ear", "the wrist", "the ankle"), whether it is a pin ("a decorative pin"), hangs ("a
 * pendant ornament", "hangs from"), is a pair ("a pair of linked buttons") or a string of beads, and
 * whether it bears gems. One builder makes a necklace, a pendant, a brooch, earrings, a bracelet or
 * cufflinks as itself, where the catalogue had only a ring to stand in.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/jewelry.ts).
 */
import {
  Words,
  anyWord,
  sensesOf,
  earliest,
  kindWords,
  plainGloss,
  readFormWords,
  rememberedByWord,
} from './reading-kit.ts';

const JEWELRY_SHAPES = ['necklace', 'pendant', 'brooch', 'earrings', 'band', 'cufflinks', 'beads'] as const;
export type JewelryShape = (typeof JEWELRY_SHAPES)[number];

const WORDS = readFormWords('jewelry', JEWELRY_SHAPES, { jewelryWords: Words, gemWords: Words });
const JEWELRY = anyWord(WORDS.jewelryWords);
const GEMS = anyWord(WORDS.gemWords);

/** The noun's jewellery sense: an artifact whose gloss or hypernyms say it is jewellery or an ornament worn. */
function jewelryGloss(word: string): string | undefined {
  for (const s of sensesOf(word)) {
    const text = `${plainGloss(s)}; ${kindWords(s, 2).join(', ')}`;
    if (JEWELRY.test(text)) return text;
  }
  return undefined;
}

/** The form a piece of jewellery's description gives; undefined for a ring (the category's own form) or no reading. */
export const jewelryForm = rememberedByWord(
  (word: string): { shape: JewelryShape; gems: boolean; summary: string } | undefined => {
    const text = jewelryGloss(word);
    if (!text || /^(an? )?(\w+ )?ring\b/.test(text)) return undefined;
    const shape = earliest(WORDS.shapes, text);
    if (!shape) return undefined;
    const gems = GEMS.test(text);
    return { shape, gems, summary: `jewellery: ${WORDS.names[shape]}${gems ? ' set with gems' : ''}` };
  },
);
