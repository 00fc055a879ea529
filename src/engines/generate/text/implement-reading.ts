/**
 * What a hand implement looks like, read from what WordNet says of it: nearly every tool and utensil
 * gloss names a handle ("long-handled", "a handle at each end") and a working head ("a row of teeth",
 * "a coil of wires", "spoon-shaped", "sharp perforations", "a rubber suction cup", "a flat blade"), so
 * one builder of a handle and a head makes any of the hundreds of implements WordNet lists as itself.
 *
 * Shared by the catalogue (./own-forms.ts: the hand-tool family makes the noun itself) and by the
 * generator (./generators/families/implement.ts).
 */
import { firstMatch, plainGloss, readFormWords, rememberedByWord } from './reading-kit.ts';
import { LEX_FILE, hypernymClosure, nounSenses, readSynset, senseKeySynset } from './understand/wordnet.ts';

/** A working head of ./readings/implement.yaml's `forms` (a row of ./generators/parts/implement-heads.json). */
export type ImplementHead = string;
export type ImplementHandle = 'long' | 'short' | 'both ends';

export interface ImplementForm {
  head: ImplementHead;
  handle: ImplementHandle;
  /** The handle is wooden (the gloss says wood), else a grip. */
  wooden: boolean;
  /** How the summary describes the form ("long handle with a row of teeth"). */
  summary: string;
}

const WORDS = readFormWords('implement', undefined);

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

function glossOf(word: string): string | undefined {
  for (const offset of nounSenses(word)) {
    const s = readSynset(offset);
    if (s.lexFile !== LEX_FILE.artifact) continue;
    // The classes up to ten steps above the sense (not the sense itself: "tool" is no kind of tool).
    const kinds = hypernymClosure([offset], 11);
    if (IMPLEMENT_ROOTS.some((r) => r !== offset && kinds.has(r))) return plainGloss(s);
  }
  return undefined;
}

/** The form an implement's description gives, or undefined when it names no head this builder makes. */
export const implementForm = rememberedByWord((word: string): ImplementForm | undefined => {
  const gloss = glossOf(word);
  if (!gloss) return undefined;
  const head = firstMatch(WORDS.shapes, gloss);
  if (!head) return undefined;
  const handle: ImplementHandle = /\bhandle at each end|\btwo handles|\bhandles at (both|each)/.test(gloss)
    ? 'both ends'
    : /\blong[- ]handled|\blong handle|\bboth hands|\blong pole|\blong shaft|\bbroom\b/.test(gloss)
      ? 'long'
      : 'short';
  const wooden = /\bwood|\bwooden|\bbamboo/.test(gloss);
  const handleName = handle === 'both ends' ? 'a handle at each end' : `a ${handle} handle`;
  return { head, handle, wooden, summary: `${WORDS.names[head]} on ${handleName}` };
});
