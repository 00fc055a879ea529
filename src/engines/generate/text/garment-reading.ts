/**
 * What a garment looks like, read from what WordNet says of it: its sleeves ("sleeveless", "has
 * sleeves", "short sleeves"), its length ("long", "full-length", "to the knees", "short"), its cut
 * ("loose", "tight-fitting", "flared"), a hood, an opening down the front ("fastened up the front with
 * buttons", "open", "wrapping"), a belt or sash, and whether it is a cloak hung from the shoulders
 * ("cloak", "cape", "poncho", "blanket with a hole for the head"). One outline builder makes any upper
 * or full-length garment WordNet lists as itself.
 *
 * Its words and the cut each gives are rows of ./readings/garment.yaml.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/garment-forms.ts).
 */
import { kindWords, plainGloss, readFormWords, rememberedByWord, sensesOf } from './reading-kit.ts';

export interface GarmentForm {
  cloak: boolean;
  sleeves: 'none' | 'short' | 'long';
  /** Length from the shoulders: hip 0.8, knee 1.1, ankle 1.4. */
  length: number;
  /** Hem half-width over the body's: 1 straight, > 1 flared. */
  flare: number;
  loose: boolean;
  hood: boolean;
  openFront: boolean;
  belt: boolean;
  knitted: boolean;
  summary: string;
}

const WORDS = readFormWords('garment', []);

/** The noun's first upper-garment sense: its gloss, its classes and its names. */
function garmentGloss(word: string): string | undefined {
  for (const s of sensesOf(word)) {
    const gloss = plainGloss(s);
    const kinds = kindWords(s, 1).join(', ');
    const head = gloss.split(/;|\b(worn|used|for|that|which)\b/)[0];
    const headNoun = head.replace(/\b(with|and|of)\b.*/, '');
    if (WORDS.read({ gloss, head, headNoun, kinds }).upper) return `${gloss}; ${kinds}; ${s.words.join(', ')}`;
  }
  return undefined;
}

/** The form a garment's description gives, or undefined when it is no upper garment or says nothing of its cut. */
export const garmentForm = rememberedByWord((word): GarmentForm | undefined => {
  const text = garmentGloss(word);
  if (!text) return undefined;
  const f = WORDS.read({ text, first: text.split(';')[0] });
  if (!f.said) return undefined;
  const outline = f.outline === 'robe' || f.outline === 'top' ? `${f.sleeves}-sleeved ${f.outline}` : f.outline;
  const parts = [f.fit, f.lengthName, f.knitted ? 'knitted' : '', outline].filter(Boolean);
  const extras = [
    f.hood ? 'a hood' : '',
    f.openFront && !f.cloak ? 'an open front' : '',
    f.belt ? 'a belt' : '',
  ].filter(Boolean);
  return {
    ...(WORDS.formOf(f) as Omit<GarmentForm, 'summary'>),
    summary: `garment: ${parts.join(' ')}${extras.length ? ` with ${extras.join(' and ')}` : ''}`,
  };
});
