/**
 * What a percussion instrument looks like, read from what WordNet says of it: a drum's size ("small",
 * "large", "tall narrow"), depth ("shallow"), its heads and shape ("hemispherical" kettle, "concave"),
 * jingles ("metallic disks in the sides"), and the instruments that are no drum: a shaker ("a hollow
 * gourd containing pebbles"), clappers ("a pair of hollow pieces of wood"), a cymbal ("a concave brass
 * disk"), a set of bells or tubes. Often played in pairs, it is made as a pair.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/percussion.ts).
 */
import {
  Words,
  anyWord,
  earliest,
  kindWords,
  plainGloss,
  readFormWords,
  rememberedByWord,
  sensesOf,
} from './reading-kit.ts';

const PERCUSSION_SHAPES = ['drum', 'kettle', 'shaker', 'clappers', 'cymbal', 'bells', 'tubes', 'stick'] as const;

export interface PercussionForm {
  shape: (typeof PERCUSSION_SHAPES)[number];
  /** Radius and height relative to a plain drum's. */
  width: number;
  height: number;
  jingles: boolean;
  pair: boolean;
  summary: string;
}

const WORDS = readFormWords('percussion', PERCUSSION_SHAPES, { kinds: Words, glossWords: Words });
const KINDS = anyWord(WORDS.kinds);
const GLOSS_WORDS = anyWord(WORDS.glossWords);

function percussionGloss(word: string): string | undefined {
  for (const s of sensesOf(word, 4)) {
    // The sense's own names count as its kinds: "bell" itself is a bell.
    const kinds = [...s.words, ...kindWords(s, 2)].join(', ');
    const gloss = plainGloss(s);
    if (KINDS.test(kinds) || GLOSS_WORDS.test(gloss)) return `${gloss} | ${kinds}`;
  }
  return undefined;
}

/** The form a percussion instrument's description gives, or undefined when it says nothing of its look. */
export const percussionForm = rememberedByWord((word: string): PercussionForm | undefined => {
  const text = percussionGloss(word);
  if (!text) return undefined;
  // The noun's own name says what it is where its description does not ("bell: a hollow device … struck").
  const gloss = `${word}: ${text.split(' | ')[0]}`;
  let shape = earliest(WORDS.shapes, gloss);
  const small = /\bsmall|\blittle|\bminiature/.test(gloss);
  const large = /\blarge|\bbig\b|\bhuge/.test(gloss);
  const tall = /\btall|\blong\b|\bnarrow/.test(gloss);
  const shallow = /\bshallow|\bflat\b|\bframe drum/.test(gloss);
  const jingles = /\bjingles?|\bmetallic disks|\bmetal disks|\bbottle caps|\bzils?\b/.test(gloss);
  const pair = /\bpairs?\b|\bplayed in twos|\btwo (small )?drums/.test(gloss);
  shape ??= /\bdrum\b/.test(text.split(' | ')[1]) ? 'drum' : undefined;
  if (!shape) return undefined;
  // A drum whose description says only its size ("a small drum") is the family's own drum, resized.
  if (shape === 'drum' && !tall && !shallow && !jingles && !pair) return undefined;
  const width = shallow ? 1.1 : tall ? 0.7 : small ? 0.6 : large ? 1.4 : 1;
  const height = shallow ? 0.25 : tall ? 2.2 : small ? 0.7 : large ? 1.2 : 1;
  const sizeName = shallow ? 'shallow' : tall ? 'tall narrow' : small ? 'small' : large ? 'large' : '';
  const name = shape === 'bells' && /\bset of\b/.test(gloss) ? 'set of bells' : WORDS.names[shape];
  const what = [sizeName, name].filter(Boolean).join(' ');
  return {
    shape,
    width,
    height,
    jingles,
    pair: pair && shape !== 'clappers',
    summary: `percussion: ${pair && shape !== 'clappers' ? `pair of ${what}s` : what}${jingles ? ' with jingles' : ''}`,
  };
});
