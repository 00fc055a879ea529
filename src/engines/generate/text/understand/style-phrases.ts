/**
 * Photography and style phrases ("a DSLR photo of", "studio lighting", "trending on artstation"): they
 * describe the picture, not the object, so they are set aside before the subject is looked for. A few
 * of them still say something about the look and set a style.
 */
import { Type } from '@sinclair/typebox';
import { readDataFile } from '../data-file.ts';
import { plainText } from './tokens.ts';
import { STOP_WORDS, STYLE_KINDS, type StyleWord } from './vocabulary.ts';

/** Lists of phrases by the style they set (`framing` and `picture`: none), checked at load. */
const LISTS = readDataFile(
  new URL('./style-phrases.yaml', import.meta.url),
  Type.Record(
    Type.String({ pattern: `^(framing|picture|${STYLE_KINDS.join('|')})$` }),
    Type.Array(Type.Array(Type.String({ pattern: '^[a-z0-9][a-z0-9 -]*$' }))),
  ),
);

/** Phrase (lower case, single spaces) → the style it sets, or null when it only describes the picture. */
const PHRASES: Record<string, StyleWord | null> = {};
for (const [list, phrases] of Object.entries(LISTS))
  for (const phrase of phrases.flat())
    PHRASES[phrase] = list === 'framing' || list === 'picture' ? null : (list as StyleWord);

/** A kind of photography named by any word; a comma clause that is only "<word> photo". */
const GENRE_PATTERNS = [/ [a-z]+ photography(?= )/g, /(?<=[,;.] )[a-z]+ photo(?= [,;.] | $)/g];

const SORTED = Object.keys(PHRASES).sort((a, b) => b.length - a.length);

export interface SetAside {
  /** The prompt with the phrases replaced by commas (so they also end the clause they were in). */
  text: string;
  styles: StyleWord[];
  /** The phrases found, in the order of the list above. */
  phrases: string[];
}

/** Removes photography/style phrases (whole words only); commas mark where they stood. */
export function setAsideStylePhrases(prompt: string): SetAside {
  let text = ` ${plainText(prompt)
    .replace(/[?!:]+/g, ';')
    .replace(/[^a-z0-9,;.\- ]+/g, ' ')
    .replace(/([,;.])/g, ' $1 ')
    .replace(/\s+/g, ' ')} `;
  const styles: StyleWord[] = [];
  const phrases: string[] = [];
  for (const phrase of SORTED) {
    const pattern = ` ${phrase} `;
    if (!text.includes(pattern)) continue;
    text = text.split(pattern).join(' , ');
    phrases.push(phrase);
    const style = PHRASES[phrase];
    if (style && !styles.includes(style)) styles.push(style);
  }
  // "bar photography", "wedding photography"; ", museum photo,": any kind of photography, and a
  // clause that is only "<word> photo", describe the picture too.
  for (const pattern of GENRE_PATTERNS) {
    text = text.replace(pattern, (found: string) => {
      // "a photography studio": after a function word, photography is the subject's own modifier.
      if (STOP_WORDS.has(found.trim().split(' ')[0])) return found;
      phrases.push(found.replace(/[,;.]/g, '').trim());
      return ' , ';
    });
  }
  return { text: text.trim(), styles, phrases };
}
