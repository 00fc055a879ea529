/**
 * Families that build a noun from what is known of it (its own WordNet description), so a noun with no
 * row of its own is still made as itself: dishes, fruit, knives, cycles, percussion, weapons, jewellery,
 * garments, implements, grasses, buildings, animals, and the broad stand-ins read as plain solids.
 */
import { BROAD_ANCHORS, categoryById } from './catalog.ts';
import { DISH_DESCRIPTIONS, readDish } from './dish-reading.ts';
import { produceForm } from './produce-reading.ts';
import { implementForm } from './implement-reading.ts';
import { shapeForm } from './shape-reading.ts';
import { garmentForm } from './garment-reading.ts';
import { jewelryForm } from './jewelry-reading.ts';
import { buildingForm } from './building-reading.ts';
import { knifeForm } from './knife-reading.ts';
import { cycleForm } from './cycle-reading.ts';
import { percussionForm } from './percussion-reading.ts';
import { weaponForm } from './weapon-reading.ts';
import { grassForm } from './grass-reading.ts';
import { animalOwnForms } from './animal-reading.ts';
import { nounSenses, readSynset, senseKeyLemma } from './understand/wordnet.ts';

/** The profiles (rows) of a category, empty when it has none. */
const rowsOf = (category: string): Record<string, string[]> => categoryById(category)?.profiles ?? {};

/** Whether a word is one of the category's hand-built rows (a drum kit, a wrench), which keep their own form. */
const rowOf = (category: string) => (word: string) => Object.hasOwn(rowsOf(category), word);

/**
 * True when a compound is a kind of its own last word: its first sense has that word among its direct
 * hypernyms' lemmas, or WordNet does not know the compound at all ("kitchen knife", "chef knife": a
 * head-final compound names a kind of its head).
 */
function kindOfLastWord(word: string): boolean {
  const parts = word.split(' ');
  if (parts.length < 2) return false;
  if (nounSenses(word).length === 0 && nounSenses(word.replace(/s$/, '')).length === 0) return true;
  const last = parts.at(-1)!.replace(/s$/, '');
  const sense = nounSenses(word)[0] ?? nounSenses(word.replace(/s$/, ''))[0];
  return (
    sense !== undefined &&
    readSynset(sense).hypernyms.some((h) => readSynset(h).words.some((w) => w === last || w === parts.at(-1)))
  );
}

/**
 * Dishes with a hand-built form (generators/families/dishes.ts): the dish family's rows that
 * ./dish-reading.ts DISH_DESCRIPTIONS does not describe (a taco, sushi), as their WordNet description does
 * not describe what is made. The family's other rows (a bao, nachos) are read from their description.
 */
const HAND_BUILT_DISHES = new Set(Object.keys(rowsOf('dish')).filter((row) => !Object.hasOwn(DISH_DESCRIPTIONS, row)));

/** How a family that builds nouns from their own description names and describes what it makes. */
export interface OwnForms {
  /** The name the noun is made under ("belgian waffles" → waffle), or undefined when nothing says how it looks. */
  name(word: string): string | undefined;
  /** The summary's description of the form a name was read as ("dish: rice mound in a pan"). */
  label(name: string): string | undefined;
  /**
   * True when a reading exists only where the noun differs from the family's row (a unicycle's one
   * wheel, a stiletto's thin blade): then even a kind of a row is made from its own description.
   */
  kindsToo?: boolean;
  /** True when the noun's own form beats a row it is a kind of (an animal's own definition over its family's row). */
  beforeRows?: boolean;
  /** The name of a class of the noun made from its own description, where no row and nothing of the noun's own does. */
  className?(word: string): string | undefined;
}

/**
 * A family whose nouns, all but its own rows (`isRow`), are made as `form` reads them when it reads them,
 * and labelled with the reading's summary (after `prefix`). With `lastWord`, a compound that is a kind of
 * its own last noun ("kitchen knife", "garden rake") is made as that noun when it reads, 'before' or
 * 'after' the compound itself is tried.
 */
function readForms(
  form: (word: string) => { summary: string } | undefined,
  isRow: (word: string) => boolean = () => false,
  { kindsToo, lastWord, prefix = '' }: { kindsToo?: boolean; lastWord?: 'before' | 'after'; prefix?: string } = {},
): OwnForms {
  const own = (word: string) => (form(word) ? word : undefined);
  const last = (word: string) => {
    const noun = word.split(' ').at(-1)!;
    return lastWord && kindOfLastWord(word) && !isRow(noun) && form(noun) ? noun : undefined;
  };
  return {
    name: (word) =>
      isRow(word) ? undefined : lastWord === 'before' ? (last(word) ?? own(word)) : (own(word) ?? last(word)),
    label: (name) => (isRow(name) || !form(name) ? undefined : `${prefix}${form(name)!.summary}`),
    ...(kindsToo ? { kindsToo } : {}),
  };
}

/** The one-word lemmas of a compound's first sense, its own last word first. */
function oneWordSynonyms(word: string): string[] {
  const sense = nounSenses(word)[0];
  if (sense === undefined) return [];
  const single = readSynset(sense).words.filter((w) => !w.includes(' ') && !w.includes('-'));
  const last = word.split(' ').at(-1)!;
  return single.includes(last) ? [last, ...single.filter((w) => w !== last)] : single;
}

/**
 * Fruit and vegetables read from their own description (./produce-reading.ts): a noun with no row of
 * the category's is made as itself when its description says how it looks ("papaya: large yellow oval fruit").
 */
function produceForms(category: string): OwnForms {
  const isRow = rowOf(category);
  return {
    name(word) {
      if (isRow(word)) return undefined;
      const singular = word.replace(/(?<=[^s])s$/, '');
      if (singular !== word && !isRow(singular) && produceForm(singular)) return singular;
      const form = produceForm(word);
      if (!form) return undefined;
      // A compound goes by a one-word name of the same meaning ("globe artichoke" is an artichoke,
      // "alligator pear" an avocado) when that name reads as the same form.
      const synonym = word.includes(' ')
        ? oneWordSynonyms(word).find((w) => !isRow(w) && produceForm(w)?.summary === form.summary)
        : undefined;
      return synonym ?? word;
    },
    label(name) {
      if (isRow(name)) return undefined;
      return produceForm(name)?.summary;
    },
  };
}

/** Categories whose form stands in for a broad branch of artifacts (./catalog/broad.yaml). */
export const SHAPE_READ_CATEGORIES = [
  'teddy-bear',
  'appliance',
  'crate',
  'jar',
  'house',
  'cabinet',
  'object',
  'toy',
  'sports-gear',
];

const BROAD_WORDS = new Set(BROAD_ANCHORS.filter((b) => !b.exact).map((b) => senseKeyLemma(b.anchor)));

function shapeForms(category: string): OwnForms {
  // Built on first use, once: every row's name and words.
  let rowWords: Set<string> | undefined;
  const isRow = (word: string) =>
    (rowWords ??= new Set(Object.entries(rowsOf(category)).flatMap(([row, ws]) => [row, ...ws]))).has(word);
  return {
    // A broad anchor's own word ("sheet", "plaything") is the branch, not a kind in it.
    name: (word) => (isRow(word) || BROAD_WORDS.has(word) || !shapeForm(word) ? undefined : word),
    label(name) {
      const summary = isRow(name) ? undefined : shapeForm(name)?.summary;
      return summary === undefined ? undefined : `read as ${/^[aeiou]/.test(summary) ? 'an' : 'a'} ${summary}`;
    },
  };
}

const SHAPE_FORMS: Record<string, OwnForms> = Object.fromEntries(SHAPE_READ_CATEGORIES.map((c) => [c, shapeForms(c)]));

/**
 * Families whose generator builds a noun from what is known of it, so a noun with no row of its own is
 * still made as itself: the noun becomes the profile, and the label says what form it was read as.
 */
export const OWN_FORMS: Record<string, OwnForms> = {
  // Animals whose definition says how they look (./animal-reading.ts).
  ...animalOwnForms(rowsOf),
  // Broad stand-ins (a plaything, a device, a container, a structure, furniture): a noun whose description
  // names a plain solid ("a light, plastic disk") is made as that solid, not as the stand-in.
  ...SHAPE_FORMS,
  apple: produceForms('apple'),
  carrot: produceForms('carrot'),
  pear: produceForms('pear'),
  house: {
    // A building whose description says how it is built (a shed, a barn, a coop) is made as that;
    // one met only as a broad "structure" may still read as a plain solid.
    name: (word) => (word === 'house' ? undefined : buildingForm(word) ? word : SHAPE_FORMS.house.name(word)),
    label: (name) => (name === 'house' ? undefined : (buildingForm(name)?.summary ?? SHAPE_FORMS.house.label(name))),
  },
  // A knife is made as its description says; else a compound that is a kind of its last noun ("kitchen
  // knife", "steak knife") is made as that noun.
  dagger: readForms(knifeForm, (word) => word === 'dagger', { kindsToo: true, lastWord: 'after' }),
  // A percussion instrument whose description says how it looks (a tall narrow drum, a gourd shaker)
  // is made as itself; a drum it says nothing of is the family's drum.
  drum: readForms(percussionForm, rowOf('drum'), { kindsToo: true }),
  // A cycle whose description gives its wheels or seats (a unicycle, a tandem) is made as itself.
  bicycle: readForms(cycleForm, (word) => ['bicycle', 'bike', 'cycle'].includes(word), { kindsToo: true }),
  // A grass (bamboo, wheat, pampas grass) the potted plant or the flower stood in for is made as its
  // description says: jointed canes, stalks with grain ears, plumes or blades.
  'potted-plant': readForms(grassForm),
  flower: readForms(grassForm),
  // A weapon WordNet files only as a weapon (brass knuckles, a flamethrower, a boomerang, a bomb) is
  // made as its description says, not as the sword standing in; blades keep the sword.
  sword: readForms(weaponForm),
  // Jewellery that is no ring (a necklace, a brooch, earrings) is made as its description says.
  ring: readForms(jewelryForm, (word) => word === 'ring'),
  // An upper or full-length garment with no row of its own is cut as its description says.
  garment: readForms(garmentForm, rowOf('garment')),
  // An implement with no row of its own is made from its description: its handle and its working head; a
  // compound that is a kind of its own last noun ("wood chisel", "garden rake") is made as that noun.
  'hand-tool': readForms(implementForm, rowOf('hand-tool'), {
    lastWord: 'before',
    prefix: 'hand tool: ',
  }),
  banana: produceForms('banana'),
  dish: {
    name(word) {
      if (HAND_BUILT_DISHES.has(word)) return undefined;
      // Chocolate as a solid (dark, milk, white chocolate) is a bar, not WordNet's first chocolate, the drink.
      if (/^((dark|milk|white|bitter|plain) )?chocolates?$/.test(word)) return 'chocolate';
      if (!readDish(word)) return undefined;
      // A compound that is a kind of its own last noun ("belgian waffle", "chocolate eclair") is made as that noun.
      const last = word.split(' ').at(-1)!;
      const base = kindOfLastWord(word) ? last : word;
      const singular = base.replace(/s$/, '');
      return singular !== base && readDish(singular) && !Object.hasOwn(DISH_DESCRIPTIONS, base) ? singular : base;
    },
    label(name) {
      if (HAND_BUILT_DISHES.has(name)) return undefined;
      if (name === 'chocolate') return 'dish: bar of chocolate moulded in squares';
      const form = readDish(name);
      return form && `dish: ${form.summary}`;
    },
  },
};
