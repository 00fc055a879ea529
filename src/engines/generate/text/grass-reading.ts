/**
 * What a grass looks like, read from what WordNet says of it: jointed woody canes (bamboo, sugarcane),
 * stalks topped with grain ears or flower spikes (wheat, barley), silvery plumes (pampas grass), or plain
 * narrow blades (grass, a sedge). The potted plant or the flower stood in for every grass; the form read
 * here makes the noun itself.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/grass.ts).
 */
import { LEX_FILE } from './understand/wordnet.ts';
import {
  Words,
  anyWord,
  sensesOf,
  firstMatch,
  kindWords,
  plainGloss,
  readFormWords,
  rememberedByWord,
} from './reading-kit.ts';

const GRASS_SHAPES = ['canes', 'ears', 'plumes', 'blades'] as const;

const WORDS = readFormWords('grass', GRASS_SHAPES, { grassKinds: Words });
const GRASSES = anyWord(WORDS.grassKinds);

/** The noun's grass sense: a plant whose gloss or hypernyms (two levels) say it is a grass, sedge or cane. */
function grassGloss(word: string): string | undefined {
  for (const s of sensesOf(word, 4, LEX_FILE.plant)) {
    const kinds = kindWords(s, 2).join(', ');
    const gloss = plainGloss(s);
    if (GRASSES.test(kinds) || /^(an? )?([a-z-]+ ){0,4}(grass|grasses|sedge)\b/.test(gloss))
      return `${gloss}; ${kinds}; ${s.words.join(', ')}`;
  }
  return undefined;
}

/** The form a grass's description gives, or undefined when the noun is no grass. */
export const grassForm = rememberedByWord(
  (word: string): { shape: (typeof GRASS_SHAPES)[number]; summary: string } | undefined => {
    const text = grassGloss(word);
    const shape = text === undefined ? undefined : firstMatch(WORDS.shapes, text);
    return shape && { shape, summary: `grass: ${WORDS.names[shape]}` };
  },
);
