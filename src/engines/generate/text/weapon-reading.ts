/**
 * What a weapon no row builds looks like, read from what WordNet says of it: worn over the knuckles
 * (brass knuckles), squirting or spraying fire (a flamethrower), launching rockets (a bazooka, a rocket
 * launcher), a curved piece thrown to return (a boomerang), or an explosive (a bomb, a pipe bomb). The
 * sword stood in for every weapon WordNet files only as "weapon"; the form read here makes the noun itself.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/weapon-forms.ts).
 */
import { artifactSenses, plainGloss, rememberedByWord } from './artifact-senses.ts';
import { readSynset } from './understand/wordnet.ts';

export type WeaponShape = 'knuckles' | 'sprayer' | 'launcher' | 'boomerang' | 'mine' | 'bomb';

export interface WeaponForm {
  shape: WeaponShape;
  summary: string;
}

/** The form a description names first wins. */
const SHAPES: [RegExp, WeaponShape][] = [
  [/\bknuckles?\b/, 'knuckles'],
  [/\bsquirts?\b|\bsprays?\b|\bignited\b|\bflames?\b/, 'sprayer'],
  [/\blaunch(er|ing)?\b.*\brockets?\b|\brockets?\b.*\blaunch/, 'launcher'],
  [/\bcurved piece\b|\breturns? to (the )?thrower/, 'boomerang'],
  [/\bbombs?\b|\bexplosive\b|\bexplodes?\b|\bincendiary\b/, 'bomb'],
];

const NAMES: Record<WeaponShape, string> = {
  knuckles: 'metal rings worn over the knuckles',
  sprayer: 'nozzle gun fed by fuel tanks',
  launcher: 'shoulder-fired launch tube',
  boomerang: 'curved throwing wing',
  mine: 'flat buried explosive disk',
  bomb: 'round explosive with a fuse',
};

/** Blades, bows and guns have forms of their own: their descriptions are not read here. */
const OWN_KINDS =
  /\b(sword|saber|sabre|blade|knife|dagger|ax|axe|spear|lance|bow|gun|firearm|pistol|rifle|cannon|club|mace)\b/;

/** The noun's weapon sense: an artifact whose gloss or hypernyms (two levels) say it is a weapon, armament or explosive. */
function weaponGloss(word: string): string | undefined {
  for (const s of artifactSenses(word, 3)) {
    const up = s.hypernyms.map(readSynset);
    const kinds = [...up, ...up.flatMap((h) => h.hypernyms.map(readSynset))].flatMap((h) => h.words);
    const gloss = plainGloss(s);
    if (!/\b(weapon|weaponry|armament|explosive device|projectile)\b/.test(`${gloss}; ${kinds.join(', ')}`)) continue;
    if (up.some((h) => h.words.some((w) => OWN_KINDS.test(w)))) return undefined;
    return `${gloss}; ${up.flatMap((h) => h.words).join(', ')}; ${s.words.join(', ')}`;
  }
  return undefined;
}

/** The form a weapon's description gives, or undefined when it names none of these. */
export function readWeapon(word: string): WeaponForm | undefined {
  const text = weaponGloss(word.toLowerCase().trim());
  if (!text) return undefined;
  let shape: WeaponShape | undefined;
  let at = Infinity;
  for (const [re, value] of SHAPES) {
    const found = text.search(re);
    if (found >= 0 && found < at) [shape, at] = [value, found];
  }
  // A mine is flat and buried, whatever explosive it is ("an explosive mine hidden underground").
  if (shape === 'bomb' && /\bmines?\b/.test(text)) shape = 'mine';
  // A long self-propelled explosive (a torpedo, a missile) is no round bomb.
  if (shape === 'bomb' && /\blong\b|\bcylindrical\b|\bself-propelled\b/.test(text)) return undefined;
  return shape && { shape, summary: `weapon: ${NAMES[shape]}` };
}

/** readWeapon, remembered: the catalogue and the generator both ask. */
export const weaponForm = rememberedByWord(readWeapon);
