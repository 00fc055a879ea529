/**
 * The tokenizer of ./interpret.ts: a prompt's words as tokens, with phrases looked up whole, typos
 * corrected, measure and collective words, relation words and unknown words read through WordNet.
 * Each word is read by the first of an ordered list of steps ({@link STEPS}) that takes it.
 */
import nlp from 'compromise';
import { closestWord, commonSlip, editDistance } from './typo.ts';
import { compoundByTypo, spacedCompound } from './compounds.ts';
import {
  CONCRETE_FILES,
  LEX_FILE,
  isAdjective,
  isNoun,
  isVerb,
  nounSenses,
  readSynset,
  taggedSenseCount,
} from './wordnet.ts';
import { hasAny, plainText, type Correction, type Token } from './tokens.ts';
import {
  closedCompoundBeatsTypo,
  misspeltObject,
  nearerNoun,
  notAWordHere,
  nounBySlip,
  phraseBySlip,
  readUnknownWord,
  UNKNOWN_WORD_OPTIONS,
} from './misspelt-words.ts';
import { DETERMINERS, FORM_NOUNS, MEASURE_WORDS, VERB_RELATIONS, isPhraseEndingVerb, isVerbForm } from './subject.ts';
import {
  baseForms,
  compoundHead,
  firstSenseConcrete,
  hasConcreteSense,
  knownNoun,
  longestPhrase,
  lookupPhrase,
  namesObject,
  resolveByWordNet,
  vocabularyWords,
} from './lexicon.ts';
import { COUNTED_SUFFIXES, NUMBER_WORDS, RELATION_WORDS, STOP_WORDS } from './vocabulary.ts';

/** A hyphenated adjective such as "pot-bellied", "red-tailed" (WordNet compounds holding one are still read whole). */
const HYPHENATED_ADJECTIVE = /^[a-z]+-[a-z]+ed$/;

const RELATIONS = [...RELATION_WORDS, ...VERB_RELATIONS].sort(
  (a, b) => b[0].split(' ').length - a[0].split(' ').length,
);
const RELATION_PARTS = new Set(RELATIONS.map(([p]) => p).filter((p) => !p.includes(' ')));

/** First words of the relation phrases: a word after an -ing word that opens a clause is no object of it. */
const RELATION_FIRST_WORDS = new Set(RELATIONS.map(([p]) => p.split(' ')[0]));

/** Form nouns that name a kind of being ("an animal of the forest"): their of-phrase is no subject. */
const NAMING_NOUNS = new Set(['animal', 'creature', 'character']);

/** Words read per prompt: a description longer than this is cut (and the summary says so). */
export const MAX_PROMPT_WORDS = 60;

/** A prompt being read: its words, the one being read, and what has been read so far. */
interface Reading {
  words: string[];
  /** Index of the word being read. */
  i: number;
  tokens: Token[];
  corrections: Correction[];
  unknown: string[];
  /** Hyphenated counts of a part ("three-legged"), by word index. */
  counted: Map<number, Token['countedPart']>;
  /** Indexes of the words the tagger reads as no noun. */
  notNoun: Set<number>;
  /** Nouns read as modifiers and kept out of the tokens, by the index of the token they come before. */
  modifiers: Map<number, string>;
  /** The relation phrase opening at the word, if any. */
  rel?: (typeof RELATIONS)[number];
}

/**
 * A step reads the word at `r.i` (advancing past what it read, or respelling words to be read again) and
 * returns true, or returns false and leaves the word to the next step.
 */
type Step = (r: Reading) => boolean;

/** How a word is read: the first step that takes it, in this order. The last takes any word. */
const STEPS: Step[] = [
  // "three-legged", "two-storey": a count of parts.
  (r) => r.counted.has(r.i) && take(r, { text: r.words[r.i], meanings: [], countedPart: r.counted.get(r.i) }),
  (r) => r.words[r.i] === ',' && take(r, { text: ',', meanings: [], relation: 'aside' }),
  measureOf,
  // "a beaver building a dam": a known noun in -ing form after a noun and before a determiner is a verb.
  (r) =>
    !r.rel &&
    followsNoun(r.tokens) &&
    DETERMINERS.has(r.words[r.i + 1]) &&
    isVerbForm(r.words[r.i]) &&
    take(r, { text: r.words[r.i], meanings: [], relation: 'with' }),
  (r) => vocabularyPhrase(r, 2),
  phraseSlip,
  closedPair,
  wordNetCompound,
  compoundWithTypo,
  (r) => vocabularyPhrase(r, 1),
  (r) =>
    r.rel !== undefined && take(r, { text: r.rel[0], meanings: [], relation: r.rel[1] }, r.rel[0].split(' ').length),
  (r) => HYPHENATED_ADJECTIVE.test(r.words[r.i]) && take(r, { text: r.words[r.i], meanings: [] }),
  phraseEndingVerb,
  numberWord,
  (r) => STOP_WORDS.has(r.words[r.i]) && take(r, { text: r.words[r.i], meanings: [] }),
  knownNounWord,
  closedSpelling,
  closedCompoundWord,
  unlistedWord,
];

/**
 * The prompt's words as tokens: phrases looked up whole, typos corrected, unknown words read through
 * WordNet or listed in `unknown`; `cut.words` counts the words past MAX_PROMPT_WORDS.
 */
export function tokenize(
  prompt: string,
  corrections: Correction[],
  unknown: string[],
  cut: { words: number },
): Token[] {
  const r: Reading = { ...promptWords(prompt, cut), i: 0, tokens: [], corrections, unknown, modifiers: new Map() };
  while (r.i < r.words.length) {
    r.rel = RELATIONS.find(([p]) => r.words.slice(r.i, r.i + p.split(' ').length).join(' ') === p);
    STEPS.find((step) => step(r));
  }
  for (const [index, noun] of r.modifiers)
    if (r.tokens[index] && !r.tokens[index].relation) r.tokens[index].modifiedBy = noun;
  return r.tokens;
}

/**
 * The prompt's first MAX_PROMPT_WORDS words (commas kept as words of their own), hyphenated words split
 * but for counted parts and modifiers; the counted parts and the words the tagger reads as no noun by index.
 */
function promptWords(prompt: string, cut: { words: number }) {
  const all = plainText(prompt)
    .replace(/[,;.?!:]+/g, ' , ')
    .replace(/[^a-z0-9\-, ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let end = 0;
  for (let n = 0; end < all.length && n < MAX_PROMPT_WORDS; end++) if (all[end] !== ',') n++;
  cut.words = all.slice(end).filter((w) => w !== ',').length;
  const words: string[] = [];
  const counted = new Map<number, Token['countedPart']>();
  for (const w of all.slice(0, end)) {
    const m = /^([a-z0-9]+)-([a-z]+)$/.exec(w);
    if (m && COUNTED_SUFFIXES[m[2]] && parseCount(m[1]) !== undefined) {
      counted.set(words.length, { part: COUNTED_SUFFIXES[m[2]], count: parseCount(m[1])! });
      words.push(w);
    } else if (w.includes('-') && !isNoun(w) && w.split('-').some((part) => RELATION_PARTS.has(part))) {
      // "a ride-on lawn mower", "a built-in oven": a hyphenated word holding a relation word is a modifier, no "on" clause.
      words.push(w);
    } else if (HYPHENATED_ADJECTIVE.test(w) && !isNoun(w)) {
      // "a pot-bellied pig", "a long-eared owl": a hyphenated word ending in -ed describes the noun after it.
      words.push(w);
    } else words.push(...w.split('-').filter(Boolean));
  }
  return { words, counted, notNoun: nonNounTags(words) };
}

function parseCount(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

/** The tags by which compromise reads a word as no thing. */
const NOT_NOUN_TAGS = ['Verb', 'Adverb', 'Adjective', 'Preposition'];

function nonNounTags(words: string[]): Set<number> {
  // compromise's tagger says which unknown words are verbs/adjectives/adverbs, not things.
  const out = new Set<number>();
  const terms = nlp(words.join(' ')).terms().json() as { terms: { normal: string; tags: string[] }[] }[];
  let i = 0;
  for (const t of terms) {
    const term = t.terms[0];
    while (i < words.length && words[i] !== term.normal) i++;
    if (i >= words.length) break;
    const tags = new Set(term.tags);
    // The tagger guesses at words it does not know ("horsefly" as a verb); a word WordNet knows only as a noun is one.
    if (!tags.has('Noun') && NOT_NOUN_TAGS.some((tag) => tags.has(tag)) && !onlyANoun(words[i])) out.add(i);
    i++;
  }
  return out;
}

/** Adds the token the next `n` words are read as. */
function take(r: Reading, token: Token, n = 1): true {
  r.tokens.push(token);
  r.i += n;
  return true;
}

/** Records a correction of the word at `r.i` or the next one, and respells it there to be read again. */
function respell(r: Reading, { from, to }: Correction): void {
  r.corrections.push({ from, to });
  r.words[r.words[r.i] === from ? r.i : r.i + 1] = to;
}

/** True when neither the tagger nor WordNet's verb forms rule the word out as an object's name. */
const mayNameObject = (r: Reading) => !r.notNoun.has(r.i) && !isVerbForm(r.words[r.i]);

/** True for a word of content: no comma, function word or relation phrase's first word. */
const isContentWord = (w: string | undefined) =>
  w !== undefined && w !== ',' && !RELATION_FIRST_WORDS.has(w) && !STOP_WORDS.has(w);

/**
 * "a plate of fries", "a pair of boots": the of-phrase is the subject; plurals too ("three slices of
 * pizza"). "a statue of a lion", "a plush toy of a whale": the form the subject is made as, like "a lion
 * statue". A named compound ("the statue of liberty") stays one noun.
 */
function measureOf(r: Reading): boolean {
  const w = r.words[r.i];
  if (r.words[r.i + 1] !== 'of' || r.i + 2 >= r.words.length) return false;
  const formOf = FORM_NOUNS.has(w) && !NAMING_NOUNS.has(w) && !knownNoun(r.words.slice(r.i, r.i + 3).join('_'));
  const measure = MEASURE_WORDS.has(w) || (w.endsWith('s') && baseForms(w).some((f) => MEASURE_WORDS.has(f)));
  if (!measure && !formOf && !onlyAUnit(w)) return false;
  r.i += 2;
  return true;
}

/** The longest vocabulary phrase of `minWords` words or more opening here, unless a relation phrase as long does. */
function vocabularyPhrase(r: Reading, minWords: number): boolean {
  const relationWords = r.rel?.[0].split(' ').length ?? 0;
  for (let n = Math.min(longestPhrase(), r.words.length - r.i); n >= minWords; n--) {
    const found = lookupPhrase(r.words.slice(r.i, r.i + n).join(' '));
    if (found && n > relationWords) return take(r, { text: found.form, meanings: found.meanings }, n);
  }
  return false;
}

/**
 * "a cendy cane", "a black penther": a two-word vocabulary phrase with one word a common slip of its own.
 * The pair is then read again, spelt right, as any phrase is.
 */
function phraseSlip(r: Reading): boolean {
  const slipped = r.rel ? undefined : phraseBySlip(r.words[r.i], r.words[r.i + 1], vocabularyWords());
  if (slipped) respell(r, slipped);
  return slipped !== undefined;
}

/** Meanings that make a word a modifier: "a green house" is a house painted green, not a greenhouse. */
const MODIFIER_MEANINGS = new Set(['colour', 'colour-modifier', 'material', 'size', 'style', 'number']);

/**
 * "an ant eater", "a tool box": two words WordNet writes closed as one concrete noun are that noun,
 * unless the first is a modifier word or either a function word.
 */
function closedPair(r: Reading): boolean {
  const [first, second] = [r.words[r.i], r.words[r.i + 1]];
  if (r.rel || !isContentWord(first) || !isContentWord(second)) return false;
  if (first.length < 3 || second.length < 3 || /\d/.test(first + second)) return false;
  if (lookupPhrase(first)?.meanings.some((m) => MODIFIER_MEANINGS.has(m.type))) return false;
  // "a snake head", "a shower head": a part after a noun is that thing's part (a snakehead is a fish).
  if (lookupPhrase(second)?.meanings.some((m) => m.type === 'part')) return false;
  // A compound WordNet also lists spaced ("dog sled", "weather vane") is read as the prompt spells it.
  if (knownNoun(`${first}_${second}`)) return false;
  const joined = first + second;
  const noun = knownNoun(joined);
  if (!noun || !hasConcreteSense(noun) || nounSenses(noun).every((o) => readSynset(o).instance)) return false;
  r.corrections.push({ from: `${first} ${second}`, to: joined });
  return take(r, { text: joined, meanings: [], noun }, 2);
}

/**
 * WordNet compounds ("german shepherd", "red panda") are one noun, before their words are read alone
 * ("red" a colour, "panda" a teddy bear).
 */
function wordNetCompound(r: Reading): boolean {
  if (r.rel) return false;
  const { words, i } = r;
  for (let n = Math.min(4, words.length - i); n >= 2; n--) {
    const phrase = words.slice(i, i + n).join(' ');
    // "venus flytrap": WordNet lists some compounds with a possessive the prompt left out ("venus's flytrap").
    // "man o' war": WordNet spells out the elided "of" (man-of-war).
    const noun =
      knownNoun(phrase.replace(/ /g, '_')) ??
      knownNoun(phrase.replace(' ', "'s_").replace(/ /g, '_')) ??
      (phrase.includes(' o ') ? knownNoun(phrase.replace(/ o /g, ' of ').replace(/ /g, '_')) : undefined);
    if (!noun) continue;
    // An unplaced compound ("record player") still keeps its words from being read apart, but a
    // compound placed only broadly or as a person ("black panther") does not split a vocabulary phrase.
    const res = resolveByWordNet(noun);
    const beatsVocabulary = res !== undefined && !res.broad && res.kind !== LEX_FILE.person;
    // Compounds are head-final: a vocabulary word as the last word ("black panther") keeps the compound
    // from replacing it, one as a modifier does not when the compound is the kind of thing its last
    // word is ("coat rack", an artifact like a rack: no coat); "elephant tusk", a plant, names no tusk.
    const vocabularyWord =
      namesObject(words[i + n - 1]) ||
      (words.slice(i, i + n - 1).some(namesObject) && !sameKindAsHead(noun, words[i + n - 1]));
    // A compound naming no thing ("ping pong", an activity) still keeps its words from being read
    // apart ("pong" as a typo for pony), unless one of them names a thing by itself ("greyhound racing").
    const wordsNameNoThing = () => words.slice(i, i + n).every((w) => !namesObject(w) && !namesAKindOfThing(w));
    // "lying in the ferns": a compound ending in a relation word that names no thing ("lying-in", childbirth) is the relation.
    const endsInRelation = RELATION_FIRST_WORDS.has(words[i + n - 1]) && !firstSenseConcrete(noun);
    if (
      endsInRelation ||
      (!beatsVocabulary && (vocabularyWord || (!res && !hasConcreteSense(noun) && !wordsNameNoThing())))
    )
      continue;
    const text =
      knownNoun(phrase.replace(/ /g, '_')) || !phrase.includes(' o ') ? phrase : phrase.replace(/ o /g, ' of ');
    return take(r, { text, meanings: [], noun }, n);
  }
  return false;
}

/** "a german shepard", "a pocket calculater": a compound with one word misspelt is read whole. */
function compoundWithTypo(r: Reading): boolean {
  const [first, second] = [r.words[r.i], r.words[r.i + 1]];
  const fixed =
    !r.rel && isContentWord(second) && !STOP_WORDS.has(first) ? compoundByTypo(first, second, notAWordHere) : undefined;
  if (!fixed) return false;
  respell(r, fixed);
  // Read again spelt right, as the compound would be ("a cendy cane" as "a candy cane": a cane).
  if (knownNoun(fixed.to) || lookupPhrase(fixed.to)) return true;
  return take(r, { text: fixed.noun.replace(/_/g, ' '), meanings: [], noun: fixed.noun }, 2);
}

/** "a dolphin jumping", "a pomegranate cut open": a verb that ends the subject's phrase opens a `with` clause. */
function phraseEndingVerb(r: Reading): boolean {
  const [w, next] = [r.words[r.i], r.words[r.i + 1]];
  if (!isPhraseEndingVerb(w, r.notNoun.has(r.i), followsNoun(r.tokens, { adjectives: false }), next)) return false;
  // "a fire breathing dragon", "a front loading washing machine": a noun that is no thing (a
  // phenomenon, a substance, a place) before an -ing word and straight before another noun is that
  // verb's object in a compound modifier ("fire-breathing"); the object is the noun after it.
  const prev = r.tokens.at(-1);
  const prevNoun = prev && !prev.relation ? (prev.noun ?? knownNoun(prev.text)) : undefined;
  if (
    prev &&
    prevNoun &&
    w.endsWith('ing') &&
    next &&
    next !== ',' &&
    !DETERMINERS.has(next) &&
    !RELATION_FIRST_WORDS.has(next) &&
    !hasAny(prev, 'colour', 'material') &&
    !firstSenseConcrete(prevNoun) &&
    knownNoun(next)
  ) {
    r.tokens[r.tokens.length - 1] = { text: prev.text, meanings: [] };
    return take(r, { text: w, meanings: [] });
  }
  return take(r, { text: w, meanings: [], relation: 'with' });
}

function numberWord(r: Reading): boolean {
  const count = parseCount(r.words[r.i]);
  return count !== undefined && take(r, { text: r.words[r.i], meanings: [{ type: 'number', value: count }] });
}

/** A word WordNet knows as a noun: that noun, a typo of a vocabulary word, or a modifier of the next token. */
function knownNounWord(r: Reading): boolean {
  const w = r.words[r.i];
  const noun = knownNoun(w);
  if (!noun) return false;
  // A rare real word one typo away from the vocabulary ("woden", "chai") is read as the typo.
  // A word WordNet's tagged corpus counted ("ballet") is common, so no typo.
  // A verb form ("rocking", "carved") is no misspelt object.
  // "an archery target": a word naming an activity before another noun is that noun's modifier, no typo.
  const modifiesNext =
    knownNoun(r.words[r.i + 1] ?? '') !== undefined &&
    nounSenses(noun).some((o) => readSynset(o).lexFile === LEX_FILE.act);
  const fix =
    mayNameObject(r) && !hasConcreteSense(noun) && taggedSenseCount(noun) === 0 && !modifiesNext
      ? closestWord(w, vocabularyWords())
      : undefined;
  const fixed = fix ? lookupPhrase(fix) : undefined;
  if (fix && fixed) {
    r.corrections.push({ from: w, to: fix });
    return take(r, { text: fix, meanings: fixed.meanings });
  }
  // "a northern cardinal in the snow": a word the tagger reads as an adjective, last before the
  // first phrase ends with no noun before it, is that phrase's noun.
  if (!r.notNoun.has(r.i) || (endsFirstPhrase(r.tokens, r.words[r.i + 1]) && firstSenseConcrete(noun)))
    return take(r, { text: w, meanings: [], noun });
  r.unknown.push(w);
  r.modifiers.set(r.tokens.length, noun);
  r.i++;
  return true;
}

/** "starfruit": a closed spelling of a WordNet compound is that compound, not its last word alone. */
function closedSpelling(r: Reading): boolean {
  const w = r.words[r.i];
  const spaced = spacedCompound(w);
  if (!spaced) return false;
  r.corrections.push({ from: w, to: spaced.replace(/_/g, ' ') });
  return take(r, { text: w, meanings: [], noun: spaced });
}

/** "treehouse", "horsefly", "lunchbox": a closed compound WordNet lacks is a kind of its last noun. */
function closedCompoundWord(r: Reading): boolean {
  const w = r.words[r.i];
  const head = mayNameObject(r) ? compoundHead(w) : undefined;
  if (!head || !closedCompoundBeatsTypo(w, closestWord(w, vocabularyWords(), { allowShort: true }))) return false;
  r.corrections.push({ from: w, to: head.form });
  return take(
    r,
    head.meanings ? { text: head.form, meanings: head.meanings } : { text: w, meanings: [], noun: head.form },
  );
}

/** A word neither WordNet nor the vocabulary lists: a typo, a coined word, a family member, or unread. */
function unlistedWord(r: Reading): boolean {
  const w = r.words[r.i];
  const next = r.words[r.i + 1];
  // A word the tagger reads as a verb or adjective ("stuck") is no misspelt object.
  const vocabularyFix = mayNameObject(r) ? closestWord(w, vocabularyWords(), { allowShort: true }) : undefined;
  // A short word before another word ("a masala dosa") is likelier a name of its own than a slip of
  // the pen, and one after the phrase's noun ("a hammock strung between…") likelier a verb.
  const beforeWord = isContentWord(next);
  const shortSlips = !beforeWord && !followsNoun(r.tokens);
  // "persimon", "mangostein": a WordNet noun one letter away is a nearer reading than a vocabulary
  // word two letters away ("person", "stein"); at equal distance the vocabulary is read.
  // "drll": a WordNet thing a common slip away (the drill) is a nearer reading than a vocabulary
  // word reached by another edit (the doll).
  const slipNoun = vocabularyFix && !commonSlip(w, vocabularyFix) ? nounBySlip(w) : undefined;
  // "a tiki statue", "a sony walkman": before another word, a word no common slip away from the
  // vocabulary is likelier a name of its own than a misspelling (no tipi, no pony).
  const nameBeforeWord = vocabularyFix !== undefined && beforeWord && !commonSlip(w, vocabularyFix);
  const fix =
    slipNoun || nameBeforeWord || (vocabularyFix && editDistance(w, vocabularyFix, 1) > 1 && nearerNoun(w))
      ? undefined
      : vocabularyFix;
  const fixed = fix ? lookupPhrase(fix) : undefined;
  // A word in the first phrase's head place is read as a noun whatever the tagger says ("a northern cardnial").
  const headPlace = r.notNoun.has(r.i) && endsFirstPhrase(r.tokens, next);
  // "a pachycephalosaurous head-butting": the tagger guesses an adjective from the ending alone; a word
  // WordNet knows as no adjective or verb, one letter from exactly one object's name, is that name misspelt.
  const reading = slipNoun
    ? { noun: slipNoun, how: 'typo' as const }
    : fix || isVerbForm(w)
      ? undefined
      : r.notNoun.has(r.i) && !headPlace
        ? misspeltObject(w)
        : readUnknownWord(
            w,
            shortSlips ? UNKNOWN_WORD_OPTIONS : { ...UNKNOWN_WORD_OPTIONS, minDroppedLength: Infinity },
          );
  if (fix && fixed) {
    r.corrections.push({ from: w, to: fix });
    return take(r, { text: fix, meanings: fixed.meanings });
  }
  // "cybertruck", "hoverbike": a coined word ending in an object's name is a kind of that object.
  const suffix = !reading && mayNameObject(r) ? vocabularySuffix(w) : undefined;
  if (suffix) {
    r.corrections.push({ from: w, to: suffix });
    return take(r, { text: suffix, meanings: lookupPhrase(suffix)!.meanings });
  }
  if (reading) {
    // "velocirapter" → velociraptor; "spinosaurus" → dinosaur (read as the class its spelling family shares).
    r.corrections.push({ from: w, to: reading.noun });
    // "quaail" → quail: a misspelt vocabulary word is read as the vocabulary reads it (the bird, not the meat).
    const listed = reading.how === 'typo' ? lookupPhrase(reading.noun) : undefined;
    if (listed?.meanings.some((m) => m.type === 'category'))
      return take(r, { text: listed.form, meanings: listed.meanings });
    return take(r, { text: reading.how === 'typo' ? reading.noun : w, meanings: [], noun: reading.noun });
  }
  r.unknown.push(w);
  // Kept as a token so head finding sees what a modifier before it qualifies ("a japanese naginata").
  if (!r.notNoun.has(r.i)) r.tokens.push({ text: w, meanings: [], unread: true });
  r.i++;
  return true;
}

/** Shortest object name a coined word may end in: shorter endings are too often plain letters ("pan" in "handpan"). */
const MIN_SUFFIX = 5;

/** The longest vocabulary object name the word ends in, after at least three letters, if any. */
function vocabularySuffix(word: string): string | undefined {
  for (let k = 3; k <= word.length - MIN_SUFFIX; k++) {
    const found = lookupPhrase(word.slice(k));
    if (found?.meanings.some((m) => m.type === 'category')) return found.form;
  }
  return undefined;
}

/** True when some sense of the compound is filed with some sense of its last word (both artifacts, both animals…). */
function sameKindAsHead(compound: string | undefined, head: string): boolean {
  if (!compound) return false;
  const headKinds = new Set(
    baseForms(head)
      .flatMap((f) => nounSenses(f))
      .map((o) => readSynset(o).lexFile),
  );
  return nounSenses(compound).some((o) => headKinds.has(readSynset(o).lexFile));
}

/** True when some sense of the word is a kind of thing, not a named one ("ping" is only a river by name). */
function namesAKindOfThing(word: string): boolean {
  const noun = knownNoun(word);
  return (
    noun !== undefined &&
    nounSenses(noun).some((o) => !readSynset(o).instance && CONCRETE_FILES.has(readSynset(o).lexFile))
  );
}

/** True when every noun sense of the word is a unit of measure: "a pint of beer" is beer, a "cup" (also a vessel) stays. */
function onlyAUnit(word: string): boolean {
  const senses = nounSenses(word);
  // WordNet files quantities and units ("pint", "gallon", "ounce") together.
  return senses.length > 0 && senses.every((o) => readSynset(o).lexFile === LEX_FILE.quantity);
}

function onlyANoun(word: string): boolean {
  const noun = knownNoun(word);
  // "lemming", "viking" end in -ing without being verb forms.
  return noun !== undefined && !isVerbForm(word) && !isVerb(word) && !isAdjective(word) && !isVerb(noun);
}

/**
 * True when the word before `next` is the last of the prompt's first phrase and that phrase has no noun
 * yet: the place of the subject's head noun.
 */
function endsFirstPhrase(tokens: Token[], next: string | undefined): boolean {
  if (tokens.some((t) => t.relation) || followsNoun(tokens)) return false;
  return next === undefined || next === ',' || RELATION_FIRST_WORDS.has(next) || isVerbForm(next);
}

/**
 * True when the phrase being read (since the last clause word) already has a noun. With
 * `adjectives: false`, a noun WordNet also knows as an adjective ("japanese", "antique") does not count:
 * "a japanese folding screen" has no noun before "folding", which is then no verb ending the phrase.
 */
function followsNoun(tokens: Token[], { adjectives = true } = {}): boolean {
  for (let k = tokens.length - 1; k >= 0 && !tokens[k].relation; k--) {
    if (tokens[k].meanings.some((m) => m.type === 'category')) return true;
    if (tokens[k].noun && (adjectives || tokens[k].noun!.includes('_') || !isAdjective(tokens[k].text))) return true;
  }
  return false;
}
