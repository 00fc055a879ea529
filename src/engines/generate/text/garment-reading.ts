/**
 * What a garment looks like, read from what WordNet says of it: its sleeves ("sleeveless", "has
 * sleeves", "short sleeves"), its length ("long", "full-length", "to the knees", "short"), its cut
 * ("loose", "tight-fitting", "flared"), a hood, an opening down the front ("fastened up the front with
 * buttons", "open", "wrapping"), a belt or sash, and whether it is a cloak hung from the shoulders
 * ("cloak", "cape", "poncho", "blanket with a hole for the head"). One outline builder makes any upper
 * or full-length garment WordNet lists as itself.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/garment-forms.ts).
 */
import { kindWords, plainGloss, rememberedByWord, sensesOf } from './reading-kit.ts';

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

/** Words that say the noun is an upper or full-length garment this builder makes (not trousers, socks or gloves). */
const TORSO =
  /\b(garment|top|coat|overcoat|jacket|cloak|cape|robe|gown|tunic|shirt|blouse|sweater|jersey|pullover|vest|waistcoat|dress|frock|smock|poncho|kimono|kaftan|caftan|parka|anorak|mantle|shawl|toga|habit|cassock|surplice|apron|jumper|suit|tuxedo|uniform|costume|wrap|wraparound|outerwear|overgarment|blazer|cardigan|coverall|overall)s?\b/;
const NOT_TORSO =
  /\b(trousers|pants|breeches|shorts|stocking|sock|glove|mitten|shoe|boot|hat|cap|belt|underpants|brassiere|scarf|necktie|veil|collar|cuff|sleeve|pocket|lapel|loincloth|skirt)s?\b/;

function garmentGloss(word: string): string | undefined {
  for (const s of sensesOf(word)) {
    const gloss = plainGloss(s);
    const kinds = kindWords(s, 1).join(', ');
    const head = gloss.split(/;|\b(worn|used|for|that|which)\b/)[0];
    // Legwear, footwear and the rest are made by their own rows.
    if (
      (NOT_TORSO.test(head.replace(/\b(with|and|of)\b.*/, '')) && !TORSO.test(kinds)) ||
      /\beach leg|\blegs\b|\bfrom the waist\b/.test(gloss)
    )
      continue;
    if (TORSO.test(head) || TORSO.test(kinds)) return `${gloss}; ${kinds}; ${s.words.join(', ')}`;
  }
  return undefined;
}

/** The form a garment's description gives, or undefined when it is no upper garment or says nothing of its cut. */
export function readGarment(word: string): GarmentForm | undefined {
  const text = garmentGloss(word.toLowerCase().trim());
  if (!text) return undefined;
  const cloak =
    /\b(cloak|cape|poncho|mantle|shawl|blanket with|hangs? from the shoulders|over the shoulders)\b/.test(text) &&
    !/\bsleeves\b(?! *less)/.test(text.replace(/sleeveless/g, ''));
  const sleeveless = /\bsleeveless|\bwithout sleeves|\bno sleeves/.test(text);
  const shortSleeves = /\bshort sleeves|\bshort-sleeved/.test(text);
  const sleeved =
    /\bsleeves|\bupper (part of the )?body|\b(coat|jacket|sweater|shirt|robe|gown|kimono|kaftan|caftan|pullover|cardigan|blazer|parka|anorak|jersey|blouse|smock|overcoat|uniform|suit)s?\b/.test(
      text,
    );
  const sleeves = cloak || sleeveless || !sleeved ? 'none' : shortSleeves ? 'short' : 'long';
  const full = /\bfull[- ]length|\bto the (floor|ankles?|feet)|\bhead to toe|\bankle-length|\bfloor-length/.test(text);
  const knee = /\bknee|\bthigh|\bthree-quarter/.test(text);
  const long = /\blong\b|\blengthy|\boverall|\bdown to\b/.test(text);
  const short = /\bshort\b(?! sleeves)|\bcropped|\bwaist-length|\bhip-length/.test(text);
  const robe = /\b(robe|gown|kaftan|caftan|cassock|habit|kimono|toga|abaya|burka)\b/.test(text);
  const length = full || (robe && !short && !knee) ? 1.4 : long ? 1.15 : knee ? 1.1 : short ? 0.65 : 0.82;
  const loose = /\bloose|\bflowing|\bbaggy|\bfull\b|\bample|\bwide\b/.test(text);
  const tight = /\btight|\bclose-fitting|\bfitted|\bsnug/.test(text);
  const flare = cloak
    ? 1.9
    : /\bflare|\bflared|\bfull skirt|\bbell-shaped/.test(text)
      ? 1.7
      : loose || (robe && length > 1.2)
        ? 1.35
        : tight
          ? 0.95
          : 1.05;
  const hood = /\bhood|\bhooded|\bcowl\b/.test(text);
  const openFront =
    /\b(open (down )?the front|fastened (up )?the front|opens? (down )?the front|buttons? (up|down) the front|front opening|full length opening|wrapping|wrap(ped)? around|single-breasted|double-breasted|zipper|buttons)\b/.test(
      text,
    ) || /\b(jacket|coat|cardigan|blazer)\b/.test(text.split(';')[0]);
  const belt = /\bbelt(ed)?\b|\bsash\b|\bgirdle|\btied at the waist|\bcord at the waist/.test(text);
  const knitted = /\bknit|\bknitted|\bwool|\bwoolen|\bwoollen/.test(text);
  // Nothing beyond "a garment" ("a garment worn by …"): the family's stand-in says so instead.
  const said =
    cloak ||
    sleeveless ||
    shortSleeves ||
    full ||
    knee ||
    long ||
    short ||
    loose ||
    tight ||
    hood ||
    belt ||
    knitted ||
    robe ||
    /\bflare|\bsleeves|\bjacket|\bcoat|\bcardigan|\bsweater|\btunic|\bvest\b/.test(text);
  if (!said) return undefined;
  const lengthName = length >= 1.4 ? 'full-length' : length >= 1.1 ? 'knee-length' : length <= 0.7 ? 'short' : '';
  const parts = [
    loose && !cloak ? 'loose' : tight ? 'close-fitting' : '',
    lengthName,
    knitted ? 'knitted' : '',
    cloak
      ? 'cloak'
      : sleeves === 'none'
        ? 'sleeveless garment'
        : `${sleeves}-sleeved ${length >= 1.1 ? 'robe' : 'top'}`,
  ].filter(Boolean);
  const extras = [hood ? 'a hood' : '', openFront && !cloak ? 'an open front' : '', belt ? 'a belt' : ''].filter(
    Boolean,
  );
  return {
    cloak,
    sleeves,
    length,
    flare,
    loose,
    hood,
    openFront,
    belt,
    knitted,
    summary: `garment: ${parts.join(' ')}${extras.length ? ` with ${extras.join(' and ')}` : ''}`,
  };
}

/** readGarment, remembered: the catalogue and the generator both ask. */
export const garmentForm = rememberedByWord(readGarment);
