/**
 * What a weapon no row builds looks like, read from what WordNet says of it: worn over the knuckles
 * (brass knuckles), squirting or spraying fire (a flamethrower), launching rockets (a bazooka, a rocket
 * launcher), a curved piece thrown to return (a boomerang), or an explosive (a bomb, a pipe bomb). The
 * sword stood in for every weapon WordNet files only as "weapon"; the form read here makes the noun itself.
 * Its words are rows of ./readings/weapon.yaml.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/weapon-forms.ts).
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

const WEAPON_SHAPES = ['knuckles', 'sprayer', 'launcher', 'boomerang', 'mine', 'bomb'] as const;
export type WeaponShape = (typeof WEAPON_SHAPES)[number];

const WORDS = readFormWords('weapon', WEAPON_SHAPES, { weaponWords: Words, ownKinds: Words });
const WEAPON = anyWord(WORDS.weaponWords);
const OWN_KINDS = anyWord(WORDS.ownKinds);

/** The noun's weapon sense: an artifact whose gloss or hypernyms (two levels) say it is a weapon, armament or explosive. */
function weaponGloss(word: string): string | undefined {
  for (const s of sensesOf(word, 3)) {
    const gloss = plainGloss(s);
    if (!WEAPON.test(`${gloss}; ${kindWords(s, 2).join(', ')}`)) continue;
    const direct = kindWords(s, 1);
    if (direct.some((w) => OWN_KINDS.test(w))) return undefined;
    return `${gloss}; ${direct.join(', ')}; ${s.words.join(', ')}`;
  }
  return undefined;
}

/** The form a weapon's description gives, or undefined when it names none of these. */
export const weaponForm = rememberedByWord((word: string): { shape: WeaponShape; summary: string } | undefined => {
  const text = weaponGloss(word);
  if (!text) return undefined;
  let shape = earliest(WORDS.shapes, text);
  // A mine is flat and buried, whatever explosive it is ("an explosive mine hidden underground").
  if (shape === 'bomb' && /\bmines?\b/.test(text)) shape = 'mine';
  // A long self-propelled explosive (a torpedo, a missile) is no round bomb.
  if (shape === 'bomb' && /\blong\b|\bcylindrical\b|\bself-propelled\b/.test(text)) return undefined;
  return shape && { shape, summary: `weapon: ${WORDS.names[shape]}` };
});
